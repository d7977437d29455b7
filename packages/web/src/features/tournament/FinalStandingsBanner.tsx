import { usernameOf, type Division } from './model.ts';
import { signed, standingRows, standingsAt } from './pairings.ts';

/**
 * Shown once the event is finished (issue 36 item 19): each division's winner
 * with their record, and a way to the final standings.
 */
export function FinalStandingsBanner({
  divisions,
  onShowStandings,
}: {
  divisions: readonly Division[];
  onShowStandings?: () => void;
}) {
  const winners = divisions.flatMap((d) => {
    const top = standingRows(standingsAt(d, d.numRounds - 1))[0];
    return top ? [{ division: d.id, ...top }] : [];
  });
  return (
    <section className="alert alert-success final-standings" aria-label="Final standings">
      <strong>This tournament is over: the standings are final.</strong>
      {winners.length > 0 && (
        <ul>
          {winners.map((w) => (
            <li key={w.division}>
              {divisions.length > 1 && `${w.division}: `}
              Winner {usernameOf(w.playerId)} ({w.wins}–{w.losses}, {signed(w.spread)})
            </li>
          ))}
        </ul>
      )}
      {onShowStandings && (
        <button type="button" className="button-secondary small" onClick={onShowStandings}>
          See the final standings
        </button>
      )}
    </section>
  );
}
