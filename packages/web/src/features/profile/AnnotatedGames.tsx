import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Loading } from '../../ui/Loading.tsx';

/** Annotated games shown on a profile (docs/product/community.md §2.3). */
const SHOWN = 40;

/**
 * The profile's annotated games, from GetRecentAnnotatedGames: each links to
 * /anno/{id}?turn=1, and for its creator to the editor too. A user's private
 * games show on their own profile only (the server decides).
 */
export function AnnotatedGames({ username, viewerId }: { username: string; viewerId: string }) {
  const { api } = useServices();
  const q = useQuery({
    queryKey: ['annotated', 'profile', username],
    queryFn: () => api.annotated.getRecentAnnotatedGames({ username, limit: SHOWN }),
  });
  const error = useErrorText(q.error);
  return (
    <section aria-labelledby="profile-anno-title">
      <h2 id="profile-anno-title">Annotated games</h2>
      {!q.data ? (
        <Loading error={error} />
      ) : q.data.games.length === 0 ? (
        <p className="muted">No annotated games yet.</p>
      ) : (
        <ul className="profile-annotated">
          {q.data.games.map((g) => (
            <li key={g.gameId}>
              <Link to={`/anno/${g.gameId}?turn=1`}>
                {g.players.map((p) => p.nickname).join(' vs ')}
              </Link>{' '}
              <span className="muted">
                {g.lexicon}
                {g.private && ' · private'}
              </span>
              {g.creatorId === viewerId && (
                <>
                  {' '}
                  <Link to={`/editor/${g.gameId}`}>Edit</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
