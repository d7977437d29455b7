import { END_REASON_LABELS } from '@tessera/protocol';
import type { GameView } from '../../../board/state/game-store.ts';

export const CANCELLED_TEXT = 'Game was cancelled. Rating and statistics were not affected.';
export const FORFEIT_TEXT = 'Game ended in forfeit.';

/** The end-of-game message card (docs/product/gameplay.md §2 "Modals", §4 "Game end reasons"). */
export function EndGameCard({ view }: { view: GameView }) {
  const reason = view.endReason;
  const cancelled = reason === 'CANCELLED' || reason === 'ABORTED';
  const names = view.players.map((p) => p.nickname);
  const result = cancelled
    ? ''
    : view.winner < 0
      ? 'The game is a tie.'
      : `${names[view.winner]} won${view.viewerIndex === view.winner ? ' — well played!' : '.'}`;
  return (
    <section className="end-card" aria-labelledby="end-card-title" role="status">
      <h2 id="end-card-title" className="panel-title">
        Game over
      </h2>
      {END_REASON_LABELS[reason] && (
        <p className="end-reason">
          <span className="muted">Result: </span>
          {END_REASON_LABELS[reason]}
        </p>
      )}
      {cancelled ? (
        <p>{CANCELLED_TEXT}</p>
      ) : (
        <>
          {reason === 'FORCE_FORFEIT' && <p>{FORFEIT_TEXT}</p>}
          <p className="end-result">{result}</p>
          <p className="end-scores">
            {names[0]} {view.scores[0]} – {view.scores[1]} {names[1]}
          </p>
        </>
      )}
      {!cancelled && view.ratingChanges.length > 0 && (
        <ul className="rating-changes" aria-label="Rating changes">
          {view.ratingChanges.map((c) => {
            const who = view.players.find((p) => p.userId === c.userId)?.nickname ?? '';
            const delta = Math.round(c.after) - Math.round(c.before);
            return (
              <li key={c.userId}>
                {who}: {Math.round(c.before)} → {Math.round(c.after)}{' '}
                <span className={delta >= 0 ? 'rating-up' : 'rating-down'}>
                  ({delta >= 0 ? '+' : ''}
                  {delta})
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {!cancelled && !view.rated && <p className="muted">Casual game: ratings do not change.</p>}
    </section>
  );
}
