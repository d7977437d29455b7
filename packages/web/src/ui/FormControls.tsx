import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * Labelled form controls beside TextField: a select, a radio group, a
 * slider with its value spelled out, and a switch-style checkbox. Hints and
 * errors are tied to the control with aria-describedby.
 */

function described(id: string, hint?: ReactNode, error?: string): string | undefined {
  return (
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  );
}

function Messages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </>
  );
}

export function SelectField({
  label,
  hint,
  error,
  children,
  ...select
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...select}
      >
        {children}
      </select>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  hint,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="field radio-group" aria-describedby={described(id, hint)}>
      <legend>{legend}</legend>
      <div className="segmented">
        {options.map((o) => (
          <label key={o.value} className={o.value === value ? 'checked' : undefined}>
            <input
              type="radio"
              name={`${name}-${id}`}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Messages id={id} hint={hint} />
    </fieldset>
  );
}

/** A slider over `count` positions, showing `display` beside the label. */
export function RangeField({
  label,
  display,
  index,
  count,
  onChange,
  hint,
}: {
  label: string;
  display: string;
  index: number;
  count: number;
  onChange: (index: number) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field range-field">
      <div className="range-label">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{display}</output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={count - 1}
        step={1}
        value={index}
        aria-valuetext={display}
        aria-describedby={described(id, hint)}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <Messages id={id} hint={hint} />
    </div>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field switch-field">
      <label htmlFor={id} className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={described(id, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="switch-track" aria-hidden="true" />
        <span className="switch-label">{label}</span>
      </label>
      <Messages id={id} hint={hint} />
    </div>
  );
}
