import { Link } from 'react-router';
import { boardLabel, usernameOf, type Division, type MatchResult, type Pairing } from './model.ts';
import {
  BYE_SPREAD,
  FORFEIT_SPREAD,
  isSelfPairing,
  isTentative,
  meetings,
  recordBefore,
  repeatLabel,
  scoreLine,
  seedOf,
  signed,
  unpairedPlayers,
  winnerOf,
} from './pairings.ts';
import { PrintedName } from './PrintedName.tsx';

const RESULT_TEXT: Record<MatchResult, string> = {
  NO_RESULT: '',
  WIN: 'Win',
  LOSS: 'Loss',
  DRAW: 'Draw',
  BYE: `Bye (${signed(BYE_SPREAD)})`,
  FORFEIT_WIN: 'Forfeit win',
  FORFEIT_LOSS: `Forfeit loss (${signed(FORFEIT_SPREAD)})`,
  ELIMINATED: 'Eliminated',
  VOID: 'Void',
};

export const TENTATIVE_BANNER =
  'These pairings are tentative: they may change until the round opens.';

export type QuickResult = 'BYE' | 'FORFEIT_LOSS';

/**
 * One round's pairings (docs/product/tournaments.md §2 "Games tab, paired
 * mode"): who plays whom with their seeds, the score or result, Repeat
 * labels, Watch for games in progress and Analyze for finished ones, and the
 * players left unpaired (with a bye or forfeit for directors).
 */
export function PairingsList({
  division,
  round,
  director,
  onQuickResult,
}: {
  division: Division;
  round: number;
  director: boolean;
  onQuickResult?: (personId: string, result: QuickResult) => void;
}) {
  const pairings = dedupe(division.pairings[round] ?? []);
  const unpaired = round <= division.currentRound + 1 ? unpairedPlayers(division, round) : [];
  const tentative = isTentative(division, round);
  return (
    <div className="pairings">
      {tentative && pairings.length > 0 && (
        <div className="alert alert-warning" role="status">
          {TENTATIVE_BANNER}
        </div>
      )}
      {pairings.length === 0 ? (
        <p className="muted">Round {round + 1} is not paired yet.</p>
      ) : (
        <div className="pairings-wrap">
          <table className="tourney-table" aria-label={`Round ${round + 1} pairings`}>
            <thead>
              <tr>
                <th scope="col">Players</th>
                <th scope="col">Result</th>
                <th scope="col">
                  <span className="visually-hidden">Game</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pairings.map((p) => (
                <PairingRow key={p.players.join('|')} division={division} round={round} p={p} />
              ))}
            </tbody>
          </table>
          {tentative && !director && (
            <div className="tentative-overlay" aria-hidden="true">
              TENTATIVE
            </div>
          )}
        </div>
      )}
      {unpaired.length > 0 && (
        <section aria-label="Unpaired players" className="unpaired">
          <h4 className="list-heading">Unpaired players</h4>
          <ul>
            {unpaired.map((id) => (
              <li key={id}>
                <span>
                  {usernameOf(id)}
                  <PrintedName division={division} personId={id} />{' '}
                  <span className="muted">(#{seedOf(division, id)})</span>
                </span>
                {director && onQuickResult && (
                  <span className="quick-actions">
                    <button
                      type="button"
                      className="button-secondary small"
                      onClick={() => onQuickResult(id, 'BYE')}
                    >
                      Bye ({signed(BYE_SPREAD)})
                    </button>
                    <button
                      type="button"
                      className="button-secondary small"
                      onClick={() => onQuickResult(id, 'FORFEIT_LOSS')}
                    >
                      Forfeit loss ({signed(FORFEIT_SPREAD)})
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The server may list a pairing once per player; show it once. */
function dedupe(pairings: readonly Pairing[]): Pairing[] {
  const seen = new Set<string>();
  return pairings.filter((p) => {
    const key = [...p.players].sort().join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function PairingRow({ division, round, p }: { division: Division; round: number; p: Pairing }) {
  const [a, b] = p.players;
  const game = p.games[0];
  const self = isSelfPairing(p);
  const label = self ? '' : repeatLabel(meetings(division, round, a, b));
  const decided = p.outcomes[0] !== 'NO_RESULT' || (!!game && game.endReason !== 'NONE');
  const board = boardLabel(p);
  const winner = decided && !self ? winnerOf(p) : undefined;
  // Each player's seed and record before this round (W–L); the winner is marked once the result is in.
  const name = (id: string) => (
    <span className={id === winner ? 'pairing-player pairing-winner' : 'pairing-player'}>
      {usernameOf(id)}
      <PrintedName division={division} personId={id} />{' '}
      <span className="muted">
        (#{seedOf(division, id)}, {recordBefore(division, round, id)})
      </span>
      {id === winner && <span className="tag winner-tag">Winner</span>}
    </span>
  );
  return (
    <tr>
      <td>
        {board && <span className="board-label">{board}</span>}
        {name(a)}
        {!self && (
          <>
            <span className="versus"> vs </span>
            {name(b)}
          </>
        )}
        {label && <span className="tag repeat-tag">{label}</span>}
      </td>
      <td>
        {self
          ? RESULT_TEXT[p.outcomes[0]] || 'No result yet'
          : decided && game
            ? scoreLine(p, game, usernameOf)
            : decided
              ? scoreLine(p, undefined, usernameOf) ||
                `${RESULT_TEXT[p.outcomes[0]]} – ${RESULT_TEXT[p.outcomes[1]]}`
              : ''}
      </td>
      <td>
        {game?.id && !decided && (
          <Link to={`/game/${game.id}`} aria-label={`Watch ${usernameOf(a)} vs ${usernameOf(b)}`}>
            Watch
          </Link>
        )}
        {game?.id && decided && (
          <Link
            to={`/game/${game.id}?turn=1`}
            aria-label={`Analyze ${usernameOf(a)} vs ${usernameOf(b)}`}
          >
            Analyze
          </Link>
        )}
      </td>
    </tr>
  );
}
