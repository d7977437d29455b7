import { Link } from 'react-router';
import { competitorMessages, readyButtonLabel, type CompetitorState } from './competitor.ts';
import { boardLabel } from './model.ts';

export const IRL_NOTE =
  'This round is played over the board; your score is entered at the kiosk or by a director.';

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
  irl = false,
}: {
  state: CompetitorState;
  name: string;
  numRounds: number;
  readySent: boolean;
  onReady: () => void;
  /** IRL mode: games are played over the board, so there is no ready button. */
  irl?: boolean;
}) {
  const lines = competitorMessages(state, name, numRounds);
  const button = irl ? null : readyButtonLabel(state.status);
  const open = readyButtonLabel(state.status) !== null;
  const board = playing(state) ? boardLabel(state.pairing) : '';
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
      {board && <p className="competitor-board">{board}</p>}
      {button && (
        <button type="button" className="button-primary" disabled={readySent} onClick={onReady}>
          {button}
        </button>
      )}
      {irl && open && <p>{IRL_NOTE}</p>}
      {!irl && state.status === 'ROUND_OPEN' && (
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

/** While the user's game of the round is still to be played or in progress. */
function playing(state: CompetitorState): boolean {
  switch (state.status) {
    case 'ROUND_OPEN':
    case 'ROUND_LATE':
    case 'ROUND_OPPONENT_WAITING':
    case 'ROUND_READY':
    case 'ROUND_GAME_ACTIVE':
      return true;
    case 'PRETOURNEY':
    case 'NOT_CHECKED_IN':
    case 'ROUND_BYE':
    case 'ROUND_FORFEIT_LOSS':
    case 'ROUND_FORFEIT_WIN':
    case 'ROUND_GAME_FINISHED':
    case 'POSTTOURNEY':
      return false;
  }
}
