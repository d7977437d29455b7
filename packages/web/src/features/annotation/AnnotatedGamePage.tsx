import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { GameStore } from '../../board/state/game-store.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Loading } from '../../ui/Loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { DownloadGcgButton } from '../editor/index.ts';
import { RecordRoom } from '../game/index.ts';

/**
 * /anno/{id}?turn=T&comments=N (docs/product/community.md §2.8, §2.10): an
 * annotated game in the game room's examine mode (RecordRoom: its board,
 * examiner's controls, analyzer, score card with the annotator's notes, the
 * comments drawer and the Collection tab). Turn T shows the position after
 * T − 1 events. The page adds the game information card with the creator's
 * Edit button.
 */
export function AnnotatedGamePage() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const session = useSession();
  const q = useQuery({
    queryKey: ['annotated', 'history', id],
    queryFn: () => api.annotated.getGameHistory({ gameId: id }),
  });
  const error = useErrorText(q.error);
  const store = useMemo(() => new GameStore(id), [id]);
  useEffect(() => {
    const h = q.data?.history;
    if (h) store.load({ ...h, viewerIndex: -1 });
  }, [q.data, store]);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const names = view.players.map((p) => p.nickname);
  usePageTitle(names.length ? `${names[0]} vs ${names[1]}` : 'Annotated game');

  const loading = (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Annotated game {id}</h1>
      <Loading error={error} />
    </section>
  );
  if (!q.data || view.status !== 'ready') return loading;
  const info = q.data.info;
  return (
    <Suspense fallback={loading}>
      <RecordRoom view={view}>
        <section className="card annotated-info" aria-labelledby="annotated-info-title">
          <h2 id="annotated-info-title" className="panel-title">
            {names[0]} vs {names[1]}
          </h2>
          <p className="muted">
            Annotated by {info?.creatorUsername} · {info?.lexicon}
          </p>
          {info?.description && <p>{info.description}</p>}
          <p>
            {info && session.userId === info.creatorId && (
              <Link className="button" to={`/editor/${id}`}>
                Edit
              </Link>
            )}{' '}
            <DownloadGcgButton gameId={id} />
          </p>
        </section>
      </RecordRoom>
    </Suspense>
  );
}
