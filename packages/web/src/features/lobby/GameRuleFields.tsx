import { SelectField } from '../../ui/FormControls.tsx';
import { CHALLENGE_RULES, VARIANTS } from './constants.ts';

/** The variant of a game's settings (a club match, a division's games). */
export function VariantField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (variant: string) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Variant"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {VARIANTS.map((x) => (
        <option key={x.id} value={x.id}>
          {x.label}
        </option>
      ))}
    </SelectField>
  );
}

/** The challenge rule of a game's settings. */
export function ChallengeRuleField({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (rule: number) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Challenge rule"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {CHALLENGE_RULES.map((r) => (
        <option key={r.rule} value={r.rule}>
          {r.label}
        </option>
      ))}
    </SelectField>
  );
}
