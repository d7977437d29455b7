import { useQueryClient } from '@tanstack/react-query';
import type { GameComment } from '@tessera/protocol';
import { useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Modal } from '../../ui/Modal.tsx';
import {
  discussionLink,
  gameCommentsKey,
  preview,
  type DiscussionPage,
} from './use-game-comments.ts';
import './comments.css';

export const DELETE_COMMENT_TEXT = 'Are you sure you wish to delete this comment?';

/** Moderation tools unlock when a permission contains "adm" or "mod" (community.md §6). */
const moderates = (perms: readonly string[]) =>
  perms.some((p) => p.includes('adm') || p.includes('mod'));

/**
 * The comments drawer of a game page (docs/product/community.md §2.10, §4.12):
 * "Comments for Turn N" for one event, with the link to the discussion,
 * the comments, and the form to add one.
 */
export function CommentsDrawer({
  gameId,
  eventIndex,
  comments,
  onClose,
  page = 'game',
}: {
  gameId: string;
  eventIndex: number;
  comments: readonly GameComment[];
  onClose: () => void;
  /** Where the copied link opens the discussion. */
  page?: DiscussionPage;
}) {
  const { api, notifications } = useServices();
  const session = useSession();
  const queries = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = () => queries.invalidateQueries({ queryKey: gameCommentsKey(gameId) });
  const fail = (e: unknown) => notifications.show('error', errorText(e));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(
        discussionLink(window.location.origin, gameId, eventIndex, page),
      );
      notifications.show('success', 'Link copied to clipboard!');
    } catch {
      notifications.show('error', 'Failed to copy link');
    }
  };
  const add = async () => {
    setBusy(true);
    try {
      await api.gameComments.addGameComment({ gameId, eventNumber: eventIndex, comment: text });
      setText('');
      await reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="comments-drawer" aria-labelledby="comments-drawer-title">
      <header className="comments-drawer-head">
        <h2 id="comments-drawer-title" className="panel-title">
          Comments for Turn {eventIndex + 1}
        </h2>
        <button type="button" className="button-secondary" onClick={() => void copy()}>
          Copy Link to Discussion
        </button>
        <button
          type="button"
          className="comments-close"
          aria-label="Close comments"
          onClick={onClose}
        >
          ×
        </button>
      </header>
      {comments.length === 0 ? (
        <p className="muted">No comments on this turn yet.</p>
      ) : (
        <ul className="comment-list">
          {comments.map((c) => (
            <CommentItem
              key={c.commentId}
              comment={c}
              mine={session.loggedIn && c.userId === session.userId}
              canDelete={
                session.loggedIn && (c.userId === session.userId || moderates(session.perms))
              }
              onChanged={() => void reload()}
              onError={fail}
            />
          ))}
        </ul>
      )}
      {session.loggedIn ? (
        <form
          className="comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <label htmlFor="comment-new" className="visually-hidden">
            Your comment
          </label>
          <textarea
            id="comment-new"
            value={text}
            maxLength={2000}
            rows={3}
            placeholder="Add a comment"
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button-primary" disabled={busy || !text.trim()}>
            Add comment
          </button>
        </form>
      ) : (
        <p className="muted">Please log in to comment</p>
      )}
    </aside>
  );
}

function CommentItem({
  comment: c,
  mine,
  canDelete,
  onChanged,
  onError,
}: {
  comment: GameComment;
  mine: boolean;
  canDelete: boolean;
  onChanged: () => void;
  onError: (e: unknown) => void;
}) {
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const save = async (draft: string) => {
    // Submitted only when the trimmed text differs (§4.12).
    if (draft.trim() === c.comment.trim()) return setEditing(null);
    try {
      await api.gameComments.editGameComment({ commentId: c.commentId, comment: draft });
      setEditing(null);
      onChanged();
    } catch (e) {
      onError(e);
    }
  };
  const remove = async () => {
    try {
      await api.gameComments.deleteGameComment({ commentId: c.commentId });
      onChanged();
    } catch (e) {
      onError(e);
    }
  };
  const long = c.comment.length > 120;
  return (
    <li className="comment" data-comment-id={c.commentId}>
      <div className="comment-head">
        <strong>{c.username}</strong>
        {c.edited && <span className="muted"> (edited)</span>}
      </div>
      {editing !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save(editing);
          }}
        >
          <label htmlFor={`edit-${c.commentId}`} className="visually-hidden">
            Edit comment
          </label>
          <textarea
            id={`edit-${c.commentId}`}
            value={editing}
            maxLength={2000}
            rows={3}
            onChange={(e) => setEditing(e.target.value)}
          />
          <div className="comment-actions">
            <button type="submit" className="button-primary">
              Save
            </button>
            <button type="button" className="button-secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p className="comment-text">
          {open || !long ? c.comment : preview(c.comment)}
          {long && (
            <button type="button" className="link-button" onClick={() => setOpen(!open)}>
              {open ? ' Show less' : ' Show more'}
            </button>
          )}
        </p>
      )}
      {editing === null && (mine || canDelete) && (
        <div className="comment-actions">
          {mine && (
            <button type="button" className="link-button" onClick={() => setEditing(c.comment)}>
              Edit
            </button>
          )}
          {canDelete && (
            <button type="button" className="link-button" onClick={() => setConfirm(true)}>
              Delete
            </button>
          )}
        </div>
      )}
      {confirm && (
        <Modal title="Delete comment" onClose={() => setConfirm(false)}>
          <p>{DELETE_COMMENT_TEXT}</p>
          <div className="modal-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => {
                setConfirm(false);
                void remove();
              }}
            >
              Yes
            </button>
            <button type="button" className="button-secondary" onClick={() => setConfirm(false)}>
              No
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}
