import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../../app/services.tsx';
import { useErrorText } from '../../../rpc/use-error-text.ts';
import { RECENT_GAMES_PAGE_SIZE } from '../pairings.ts';
import { recentGamesQuery } from '../queries.ts';
import { Loading } from '../../../ui/Loading.tsx';

/**
 * Recent games of a club or tournament, 30 a page with previous and next
 * (docs/product/tournaments.md §2 "Recent games tab"). A game that ends
 * refreshes the first page only (use-tournament-realtime.ts).
 */
export function RecentGames({ tournamentId }: { tournamentId: string }) {
  const { api } = useServices();
  const [offset, setOffset] = useState(0);
  const q = useQuery(recentGamesQuery(api, tournamentId, offset));
  const error = useErrorText(q.error);
  const games = q.data?.games ?? [];
  return (
    <div className="recent-games">
      {error && <p role="alert">{error}</p>}
      {q.isPending ? (
        <Loading />
      ) : games.length === 0 ? (
        <p className="muted">No games yet.</p>
      ) : (
        <table className="tourney-table" aria-label="Recent games">
          <thead>
            <tr>
              <th scope="col">Players</th>
              <th scope="col">Score</th>
              <th scope="col">
                <span className="visually-hidden">Game</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.gameId}>
                <td>
                  {g.players.map((p, i) => (
                    <span key={p.userId || i} className={g.winner === i ? 'winner' : undefined}>
                      {i > 0 && ' vs '}
                      {p.nickname}
                    </span>
                  ))}
                </td>
                <td>{g.scores.join('–')}</td>
                <td>
                  <Link to={`/game/${g.gameId}`}>View</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Recent games pages">
        <button
          type="button"
          className="button-secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - RECENT_GAMES_PAGE_SIZE))}
        >
          Previous
        </button>
        <button
          type="button"
          className="button-secondary"
          disabled={games.length < RECENT_GAMES_PAGE_SIZE}
          onClick={() => setOffset(offset + RECENT_GAMES_PAGE_SIZE)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
