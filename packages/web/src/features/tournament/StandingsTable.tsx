import type { Division } from './model.ts';
import { userIdOf, usernameOf } from './model.ts';
import { NameTags } from '../social/index.ts';
import { STANDINGS_EMPTY } from './messages.ts';
import { signed, standingRows, standingsAt } from './pairings.ts';
import { PrintedName } from './PrintedName.tsx';

/** The Standings tab (docs/product/tournaments.md §2 "Standings tab"): rank, player, W, L, spread. */
export function StandingsTable({ division, round }: { division: Division; round: number }) {
  const rows = standingRows(standingsAt(division, round));
  if (rows.length === 0) return <p className="muted">{STANDINGS_EMPTY}</p>;
  return (
    <table className="tourney-table" aria-label={`Standings of ${division.id}`}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col">W</th>
          <th scope="col">L</th>
          <th scope="col">Spread</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.playerId}>
            <td>{r.rank}</td>
            <td>
              {usernameOf(r.playerId)}
              {/* Staff tags and badges; director marks belong in the chat and the info panel. */}
              <NameTags
                userId={userIdOf(r.playerId)}
                username={usernameOf(r.playerId)}
                director="none"
              />
              <PrintedName division={division} personId={r.playerId} />
              {r.gibsonized && <span className="tag"> Gibsonized</span>}
            </td>
            <td>{r.wins}</td>
            <td>{r.losses}</td>
            <td>{signed(r.spread)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
