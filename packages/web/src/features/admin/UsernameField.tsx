import { useId } from 'react';
import { TextField } from '../../ui/Field.tsx';
import { usePlayerSuggestions } from '../social/index.ts';

/** A username box that suggests players as one types (the server's player search). */
export function UsernameField({
  value,
  onChange,
  label = 'Username',
}: {
  value: string;
  onChange: (username: string) => void;
  label?: string;
}) {
  const list = useId();
  const suggestions = usePlayerSuggestions(value.trim(), 250, 8);
  return (
    <>
      <TextField
        label={label}
        value={value}
        autoComplete="off"
        spellCheck={false}
        list={list}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={list}>
        {suggestions.map((p) => (
          <option key={p.uuid} value={p.username} />
        ))}
      </datalist>
    </>
  );
}
