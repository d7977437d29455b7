import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Loading } from '../../ui/Loading.tsx';
import { annotatedKeys, RECENT_PAGE } from './editor-data.ts';

/** Recent public annotated games, 40 a page with Previous and Next (§2.8). */
export function RecentAnnotatedGames() {
  const { api } = useServices();
  const [offset, setOffset] = useState(0);
  const q = useQuery({
    queryKey: annotatedKeys.recent(offset),
    queryFn: () => api.annotated.getRecentAnnotatedGames({ limit: RECENT_PAGE, offset }),
  });
  const error = useErrorText(q.error);
  const games = q.data?.games ?? [];
  return (
    <section className="card" aria-labelledby="recent-anno-title">
      <h2 id="recent-anno-title">Recent annotated games</h2>
      {!q.data ? (
        <Loading error={error} />
      ) : games.length === 0 ? (
        <p className="muted">No annotated games yet.</p>
      ) : (
        <ul className="editor-game-list">
          {games.map((g) => (
            <li key={g.gameId}>
              <Link to={`/anno/${g.gameId}?turn=1`}>
                {g.players.map((p) => p.nickname).join(' vs ')}
              </Link>{' '}
              <span className="muted">
                {g.lexicon} · by {g.creatorUsername} · {g.finished ? 'finished' : 'in progress'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="pager">
        <button
          type="button"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - RECENT_PAGE))}
        >
          Previous
        </button>
        <button
          type="button"
          disabled={games.length < RECENT_PAGE}
          onClick={() => setOffset(offset + RECENT_PAGE)}
        >
          Next
        </button>
      </div>
    </section>
  );
}
