import { useId } from 'react';
import { BIRTH_YEAR_MIN, daysInMonth, type BirthDateParts } from './validation.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2000, i, 1)).toLocaleString(undefined, { month: 'long', timeZone: 'UTC' }),
);

/**
 * Year, month and day pickers (docs/product/community.md §2.3): years from the
 * current one back to 1900; the day list follows the chosen month.
 */
export function BirthDateFields({
  value,
  onChange,
  error,
  currentYear = new Date().getFullYear(),
}: {
  value: BirthDateParts;
  onChange: (next: BirthDateParts) => void;
  error?: string;
  currentYear?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const years = Array.from({ length: currentYear - BIRTH_YEAR_MIN + 1 }, (_, i) => currentYear - i);
  // Without a year yet, allow 29 February; the check on submit is exact.
  const maxDay = value.month ? daysInMonth(Number(value.year || 2000), Number(value.month)) : 31;
  const days = Array.from({ length: maxDay }, (_, i) => i + 1);

  function set(part: keyof BirthDateParts, v: string) {
    const next = { ...value, [part]: v };
    const max = next.month ? daysInMonth(Number(next.year || 2000), Number(next.month)) : 31;
    if (next.day && Number(next.day) > max) next.day = '';
    onChange(next);
  }

  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  return (
    <fieldset className={`field birth-date${error ? ' field-invalid' : ''}`}>
      <legend>Birth date</legend>
      <div className="birth-date-pickers">
        <label>
          <span>Year</span>
          <select value={value.year} onChange={(e) => set('year', e.target.value)} {...common}>
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Month</span>
          <select value={value.month} onChange={(e) => set('month', e.target.value)} {...common}>
            <option value="">Month</option>
            {MONTHS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Day</span>
          <select value={value.day} onChange={(e) => set('day', e.target.value)} {...common}>
            <option value="">Day</option>
            {days.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <div id={errorId} className="field-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}
