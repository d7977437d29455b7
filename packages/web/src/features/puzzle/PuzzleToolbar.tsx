import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { PUZZLE_TAGS } from './puzzle-queries.ts';
import type { PuzzleLexiconOption } from './use-puzzle-lexicons.ts';

/**
 * Above the puzzle: the dictionary and the theme to draw puzzles from (a
 * change starts over at /puzzle), and the user's puzzle history.
 */
export function PuzzleToolbar({
  lexicon,
  theme,
  options,
  onLexicon,
}: {
  lexicon: string;
  theme: string | null;
  options: readonly PuzzleLexiconOption[];
  onLexicon: (name: string) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const counts = options.find((o) => o.name === lexicon)?.detail?.tagCounts ?? [];
  const restart = (nextTheme: string | null) =>
    navigate(nextTheme ? `/puzzle?theme=${encodeURIComponent(nextTheme)}` : '/puzzle');
  return (
    <div className="puzzle-toolbar">
      <div className="field field-inline">
        <label htmlFor={`${id}-lexicon`}>Dictionary</label>
        <select
          id={`${id}-lexicon`}
          value={lexicon}
          onChange={(e) => {
            onLexicon(e.target.value);
            restart(theme);
          }}
        >
          {!lexicon && <option value="">Choose…</option>}
          {options.map((o) => (
            <option key={o.name} value={o.name}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-inline">
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select
          id={`${id}-theme`}
          value={theme ?? ''}
          onChange={(e) => restart(e.target.value || null)}
        >
          <option value="">Any puzzle</option>
          {PUZZLE_TAGS.map((t) => {
            const n = counts.find((c) => c.tag === t.tag)?.count;
            return (
              <option key={t.slug} value={t.slug}>
                {n === undefined ? t.label : `${t.label} (${n})`}
              </option>
            );
          })}
        </select>
      </div>
      <Link to="/puzzle/history">My puzzles</Link>
    </div>
  );
}
