import type { PuzzleAnswer } from '@tessera/protocol';
import { hintsEarned, hintTexts, MAX_HINTS } from './hints.ts';
import { answerFacts } from './puzzle-view.ts';

export const HINT_BUTTON = 'Show a hint';

/**
 * The hints panel (docs/product/gameplay.md §4 "Puzzle states"): hints unlock
 * from the second attempt on; each is revealed by the user, in order: the
 * score, the tile count or bingo, the position (also outlined on the board).
 */
export function HintsPanel({
  answer,
  revealed,
  onReveal,
}: {
  answer: PuzzleAnswer | undefined;
  revealed: number;
  onReveal: () => void;
}) {
  const attempts = answer?.attempts ?? 0;
  const facts = answerFacts(answer?.hints);
  // The server fills in only the hints it unlocked; never show more than that.
  const unlocked = Math.min(answer?.hints?.unlocked ?? 0, MAX_HINTS);
  const shown = facts ? hintTexts(facts, Math.min(revealed, unlocked)) : [];
  const earned = Math.min(hintsEarned(attempts, revealed), Math.max(0, unlocked - revealed));
  return (
    <section className="card puzzle-hints" aria-labelledby="puzzle-hints-title">
      <h2 id="puzzle-hints-title" className="card-title">
        Hints
      </h2>
      {shown.length > 0 ? (
        <ol className="puzzle-hint-list">
          {shown.map((h) => (
            <li key={h.kind} data-hint={h.kind}>
              {h.text}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">
          {attempts < 2
            ? 'Hints unlock after your second attempt.'
            : 'Reveal a hint when you are stuck.'}
        </p>
      )}
      {earned > 0 && (
        <button type="button" className="button-secondary" onClick={onReveal}>
          {HINT_BUTTON} ({earned} available)
        </button>
      )}
    </section>
  );
}
