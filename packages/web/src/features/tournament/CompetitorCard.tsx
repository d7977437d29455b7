import { Link } from 'react-router';
import { competitorMessages, readyButtonLabel, type CompetitorState } from './competitor.ts';

/**
 * The competitor status card (docs/product/tournaments.md §2, §4): the
 * user's state in words and, when a game can start, the ready button, which
 * stays disabled once the ready message went out.
 */
export function CompetitorCard({
  state,
  name,
  numRounds,
  readySent,
  onReady,
}: {
  state: CompetitorState;
  name: string;
  numRounds: number;
  readySent: boolean;
  onReady: () => void;
}) {
  const lines = competitorMessages(state, name, numRounds);
  const button = readyButtonLabel(state.status);
  return (
    <section
      className={`card competitor-card competitor-${state.status.toLowerCase()}`}
      aria-label="Your status"
      data-status={state.status}
    >
      {lines.map((l, i) =>
        i === 0 ? (
          <p key={i} className="competitor-headline">
            {l}
          </p>
        ) : (
          <p key={i}>{l}</p>
        ),
      )}
      {button && (
        <button type="button" className="button-primary" disabled={readySent} onClick={onReady}>
          {button}
        </button>
      )}
      {state.status === 'ROUND_OPEN' && (
        <p className="muted small">A director may assign a forfeit if you do not start.</p>
      )}
      {state.status === 'ROUND_GAME_ACTIVE' && state.gameId && (
        <Link to={`/game/${state.gameId}`} className="button-primary">
          Resume
        </Link>
      )}
    </section>
  );
}
