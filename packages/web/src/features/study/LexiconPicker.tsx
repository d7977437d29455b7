import { useId } from 'react';
import { useLexicons } from '../../rpc/use-lexicons.ts';

/** The chosen lexicon's name: the user's choice, else the server's default. */
export function useChosenLexicon(choice: string): string {
  const { lexicons, defaultLexicon } = useLexicons();
  if (choice && lexicons.some((l) => l.name === choice)) return choice;
  return defaultLexicon || lexicons[0]?.name || '';
}

/** A labelled select of the server's lexicons. */
export function LexiconPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (name: string) => void;
}) {
  const id = useId();
  const { status, lexicons, error } = useLexicons();
  return (
    <div className="field">
      <label htmlFor={id}>Lexicon</label>
      <select
        id={id}
        value={value}
        disabled={status !== 'ready'}
        onChange={(e) => onChange(e.target.value)}
      >
        {status === 'loading' && <option value="">Loading…</option>}
        {status === 'failed' && <option value="">{error ?? 'Unavailable'}</option>}
        {lexicons.map((l) => (
          <option key={l.name} value={l.name}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What to show while the lexicon downloads or when it failed; null once ready. */
export function lexiconProblem(query: { isPending: boolean; error: Error | null }, name: string) {
  if (!name) return 'Loading the lexicons…';
  if (query.error) return query.error.message;
  if (query.isPending) return `Loading ${name}…`;
  return null;
}
