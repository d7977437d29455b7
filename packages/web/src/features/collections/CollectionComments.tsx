import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { preview } from '../comments/index.ts';
import { COMMENTS_PAGE, collectionKey } from './chapters.ts';

/** The collection's recent comments, 10 a page (docs/product/community.md §2.9, §9). */
export function CollectionComments({ uuid }: { uuid: string }) {
  const { api } = useServices();
  const [page, setPage] = useState(0);
  const q = useQuery({
    queryKey: [...collectionKey(uuid), 'comments', page],
    queryFn: () =>
      api.gameComments.getCollectionComments({
        collectionUuid: uuid,
        limit: COMMENTS_PAGE,
        offset: page * COMMENTS_PAGE,
      }),
    retry: false,
  });
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COMMENTS_PAGE));
  return (
    <section className="collection-comments" aria-labelledby="collection-comments-title">
      <h2 id="collection-comments-title">Recent comments</h2>
      {q.data && q.data.comments.length === 0 && <p className="muted">No comments yet.</p>}
      <ul className="comment-list">
        {q.data?.comments.map((c) => (
          <li key={c.commentId} className="comment">
            <div className="comment-head">
              <strong>{c.username}</strong>{' '}
              <Link
                to={`/game/${c.gameId}?turn=${c.eventNumber + 2}&comments=${c.eventNumber + 1}`}
              >
                {c.gamePlayers.join(' vs ')}, turn {c.eventNumber + 1}
              </Link>
            </div>
            <p className="comment-text">{preview(c.comment)}</p>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="pager">
          <button
            type="button"
            className="button-secondary"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            className="button-secondary"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}
