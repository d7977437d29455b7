import { Link, useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { chapterHref, useChapterWindow } from './chapters.ts';
import './collections.css';

/** The collection a game page was opened from, read from its URL (all three or none, §2.9). */
export function collectionFromUrl(params: URLSearchParams) {
  const uuid = params.get('collection');
  const chapter = Number(params.get('chapter'));
  const total = Number(params.get('total'));
  if (!uuid || !Number.isInteger(chapter) || !Number.isInteger(total) || chapter < 1 || total < 1)
    return null;
  return { uuid, chapter, total };
}

/**
 * The game page's Collection tab (docs/product/community.md §2.9): "Chapter X
 * of N", the chapters around this one, Previous, Next and Back to Collection.
 */
export function CollectionTab({
  uuid,
  chapter,
  total,
}: {
  uuid: string;
  chapter: number;
  total: number;
}) {
  const navigate = useNavigate();
  const q = useChapterWindow(uuid, chapter);
  const count = q.data?.gameCount ?? total;
  const games = q.data?.games ?? [];
  const at = (k: number) => games.find((g) => g.chapterNumber === k);
  const prev = at(chapter - 1);
  const next = at(chapter + 1);
  return (
    <section className="collection-tab" aria-labelledby="collection-tab-title">
      <h2 id="collection-tab-title" className="panel-title">
        Collection
      </h2>
      {q.error ? (
        <Alert kind="error">
          <strong>Error loading collection</strong> Failed to load collection
        </Alert>
      ) : (
        <>
          <p className="collection-tab-title">{q.data?.title}</p>
          <p>
            Chapter {chapter} of {count}
          </p>
          <ol className="chapter-list chapter-list-tab">
            {games.map((g) => (
              <li
                key={g.gameId}
                className={g.chapterNumber === chapter ? 'chapter-current' : undefined}
                aria-current={g.chapterNumber === chapter ? 'true' : undefined}
              >
                <Link to={chapterHref(uuid, g, count)}>
                  Ch. {g.chapterNumber}: {g.chapterTitle}
                </Link>{' '}
                <span className="chapter-tag">{g.isAnnotated ? 'Annotated' : 'Game Record'}</span>
              </li>
            ))}
          </ol>
          <div className="collection-nav">
            <button
              type="button"
              className="button-secondary"
              disabled={chapter <= 1 || !prev}
              onClick={() => prev && navigate(chapterHref(uuid, prev, count))}
            >
              Previous
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={chapter >= count || !next}
              onClick={() => next && navigate(chapterHref(uuid, next, count))}
            >
              Next
            </button>
          </div>
        </>
      )}
      <Link to={`/collections/${uuid}/chapter/${chapter}`}>Back to Collection</Link>
    </section>
  );
}
