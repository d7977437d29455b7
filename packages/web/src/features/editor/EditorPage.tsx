import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { Loading } from '../../ui/Loading.tsx';
import { AddGameMenu } from './AddGameMenu.tsx';
import { annotatedKeys } from './editor-data.ts';
import { EditorGame } from './EditorGame.tsx';
import { RecentAnnotatedGames } from './RecentAnnotatedGames.tsx';
import './editor.css';

/**
 * /editor and /editor/{id} (docs/product/community.md §2.8, §4.10): with an
 * id the game's editor; without one the user's last unfinished game, else
 * the landing page with a blank new game.
 */
export function EditorPage() {
  const { id } = useParams();
  usePageTitle('Board editor');
  if (id) return <EditorGame key={id} gameId={id} />;
  return <EditorLanding />;
}

function EditorLanding() {
  const { api } = useServices();
  const session = useSession();
  const unfinished = useQuery({
    queryKey: annotatedKeys.unfinished(),
    queryFn: () => api.annotated.getMyUnfinishedGames({ limit: 1 }),
    enabled: session.loggedIn,
  });
  if (!session.known || (session.loggedIn && unfinished.isPending)) {
    return (
      <section className="page">
        <Loading />
      </section>
    );
  }
  const last = unfinished.data?.games[0];
  if (last) return <Navigate to={`/editor/${last.gameId}`} replace />;
  return (
    <section className="page editor-page" aria-labelledby="page-title">
      <h1 id="page-title">Board editor</h1>
      <div className="editor-columns">
        <div>
          {session.loggedIn ? (
            <AddGameMenu />
          ) : (
            <p className="card">Log in to create or edit annotated games.</p>
          )}
        </div>
        <div>
          <RecentAnnotatedGames />
        </div>
      </div>
    </section>
  );
}
