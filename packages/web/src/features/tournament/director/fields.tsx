import type { ReactNode } from 'react';
import { TextField } from '../../../ui/Field.tsx';
import { SelectField } from '../../../ui/FormControls.tsx';
import { usernameOf, type Division } from '../model.ts';

/** The division a tool works on. */
export function DivisionField({
  divisions,
  value,
  onChange,
  label = 'Division',
}: {
  divisions: readonly Division[];
  value: string;
  onChange: (id: string) => void;
  label?: string;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {divisions.map((d) => (
        <option key={d.id} value={d.id}>
          {d.id}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A player of a division ("" = none chosen); with `active`, only the players
 * who have not withdrawn (whom a pairing can name).
 */
export function PlayerField({
  division,
  value,
  onChange,
  label,
  error,
  active = false,
}: {
  division: Division | undefined;
  value: string;
  onChange: (id: string) => void;
  label: string;
  error?: string;
  active?: boolean;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Choose a player</option>
      {division?.players
        .filter((p) => !active || !p.suspended)
        .map((p) => (
          <option key={p.id} value={p.id}>
            {usernameOf(p.id)}
          </option>
        ))}
    </SelectField>
  );
}

/** A 1-based round number field, kept as typed. */
export function RoundField({
  value,
  onChange,
  label = 'Round',
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  error?: string;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label>
        {label}
        <input
          type="number"
          min={1}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

/** The division chosen in a tool, defaulting to the first. */
export function pick(divisions: readonly Division[], chosen: string): Division | undefined {
  return divisions.find((d) => d.id === chosen) ?? divisions[0];
}

export function Actions({
  busy,
  label,
  danger = false,
}: {
  busy: boolean;
  label: string;
  danger?: boolean;
}) {
  return (
    <div className="form-actions modal-actions">
      <button type="submit" className={danger ? 'button-danger' : 'button-primary'} disabled={busy}>
        {label}
      </button>
    </div>
  );
}

/**
 * A director tool's form: submitting never reloads the page, it runs
 * `onSubmit` (which checks the fields and calls the service).
 */
export function ToolForm({
  noValidate,
  onSubmit,
  children,
}: {
  noValidate?: boolean;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className="form"
      noValidate={noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A tournament's description, a few lines of text. */
export function DescriptionField({
  value,
  onChange,
}: {
  value: string;
  onChange: (description: string) => void;
}) {
  return (
    <div className="field">
      <label>
        Description
        <textarea rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

interface Branding {
  disclaimer: string;
  logo: string;
  color: string;
}

/** A tournament's disclaimer, logo and colour (settings and the admin editor). */
export function BrandingFields({
  values,
  change,
}: {
  values: Branding;
  change: (patch: Partial<Branding>) => void;
}) {
  return (
    <>
      <TextField
        label="Disclaimer"
        value={values.disclaimer}
        onChange={(e) => change({ disclaimer: e.target.value })}
      />
      <div className="field-row">
        <TextField
          label="Logo URL"
          value={values.logo}
          onChange={(e) => change({ logo: e.target.value })}
        />
        <TextField
          label="Colour"
          value={values.color}
          onChange={(e) => change({ color: e.target.value })}
        />
      </div>
    </>
  );
}
