import { Code, ConnectError } from '@connectrpc/connect';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ChapterList } from './ChapterList.tsx';
import { CollectionComments } from './CollectionComments.tsx';
import {
  CHAPTER_PAGE,
  chapterHref,
  chapterType,
  loadedChapters,
  useCollectionChapters,
} from './chapters.ts';
import './collections.css';

/**
 * The collection viewer, /collections/{uuid} and /collections/{uuid}/chapter/{n}
 * (docs/product/community.md §2.9): the sidebar with the collection and its
 * chapters, the main card with the chapter, and the collection's comments.
 */
export function CollectionPage() {
  const { uuid = '', chapter: chapterParam } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const { notifications } = useServices();
  const q = useCollectionChapters(uuid);
  const first = q.data?.pages[0];
  usePageTitle(first?.title ?? 'Collection');
  const n = chapterParam === undefined ? 1 : Number(chapterParam);
  const chapters = loadedChapters(q.data);
  // The chapter shown may lie beyond the loaded pages: load on until it is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    if (Number.isInteger(n) && n > chapters.length && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [n, chapters.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (q.error && !(q.error instanceof ConnectError && q.error.code === Code.NotFound))
      notifications.show('error', 'Failed to load collection', {
        title: 'Error Loading Collection',
      });
  }, [q.error, notifications]);

  if (q.error) {
    const missing = q.error instanceof ConnectError && q.error.code === Code.NotFound;
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{missing ? 'Collection not found' : 'Error Loading Collection'}</h1>
        <Link to="/">Back to the lobby</Link>
      </section>
    );
  }
  if (!first) {
    return (
      <section className="page">
        <p className="page-loading" role="status">
          Loading the collection…
        </p>
      </section>
    );
  }
  const total = first.gameCount;
  const owner = session.loggedIn && session.userId === first.creatorUuid;
  const outOfRange = total > 0 && (!Number.isInteger(n) || n < 1 || n > total);
  const current = chapters[n - 1];
  const go = (k: number) => navigate(`/collections/${uuid}/chapter/${k}`);

  return (
    <div className="page collection-page">
      <aside className="collection-sidebar">
        <h1 id="page-title">{first.title}</h1>
        {first.description && <p className="collection-description">{first.description}</p>}
        <p className="muted">
          by <Link to={`/profile/${first.creatorUsername}`}>{first.creatorUsername}</Link>
          {' · '}
          {total} {total === 1 ? 'chapter' : 'chapters'}
          {!first.public && ' · Private'}
        </p>
        <div className="collection-nav">
          <button
            type="button"
            className="button-secondary"
            disabled={outOfRange || n <= 1}
            onClick={() => go(n - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={outOfRange || n >= total}
            onClick={() => go(n + 1)}
          >
            Next
          </button>
        </div>
        <ChapterList
          uuid={uuid}
          chapters={chapters}
          current={n}
          owner={owner}
          collectionTitle={first.title}
        />
        {q.hasNextPage && (
          <button
            type="button"
            className="button-secondary"
            disabled={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          >
            Show {Math.min(CHAPTER_PAGE, total - chapters.length)} more chapters
          </button>
        )}
      </aside>
      <main className="collection-main">
        {total === 0 ? (
          <Alert kind="info">This collection has no games yet.</Alert>
        ) : outOfRange ? (
          <Alert kind="error">
            <strong>Chapter Not Found:</strong> This collection doesn't have a chapter{' '}
            {chapterParam}
          </Alert>
        ) : current ? (
          <section className="collection-card" aria-labelledby="chapter-title">
            <p className="muted">
              Chapter {n} of {total}
            </p>
            <h2 id="chapter-title">{current.chapterTitle}</h2>
            <p className="chapter-type">{chapterType(current)}</p>
            <Link className="button-primary" to={chapterHref(uuid, current, total)}>
              View Game
            </Link>
          </section>
        ) : (
          <p role="status">Loading the chapter…</p>
        )}
        <CollectionComments uuid={uuid} />
      </main>
    </div>
  );
}
