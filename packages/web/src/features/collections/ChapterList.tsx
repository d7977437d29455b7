import { useQueryClient } from '@tanstack/react-query';
import type { CollectionGame } from '@tessera/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { collectionKey, setLoadedChapters } from './chapters.ts';

/** Moves one item of a list from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/**
 * The viewer's chapter list (docs/product/community.md §2.9, §4.11): the owner
 * drags a chapter to a new place (applied at once, put back with "Failed to
 * reorder chapters" when the server refuses) and renames one inline.
 */
export function ChapterList({
  uuid,
  chapters,
  current,
  owner,
  collectionTitle,
}: {
  uuid: string;
  /** For the removal's message. */
  collectionTitle: string;
  chapters: CollectionGame[];
  current: number;
  owner: boolean;
}) {
  const { api, notifications } = useServices();
  const queries = useQueryClient();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<{ gameId: string; title: string } | null>(null);

  const drop = async (from: number, to: number) => {
    if (from === to) return;
    const before = chapters;
    const after = moved(chapters, from, to).map((c, i) => ({ ...c, chapterNumber: i + 1 }));
    setLoadedChapters(queries, uuid, after);
    // Only the window that moved is sent: chapters lo+1 .. hi+1.
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    try {
      await api.collections.reorderGames({
        collectionUuid: uuid,
        offset: lo,
        gameIds: after.slice(lo, hi + 1).map((c) => c.gameId),
      });
      notifications.show('success', 'Chapter order updated');
    } catch {
      setLoadedChapters(queries, uuid, before);
      notifications.show('error', 'Failed to reorder chapters');
    }
  };

  const remove = async (c: CollectionGame) => {
    try {
      await api.collections.removeGameFromCollection({ collectionUuid: uuid, gameId: c.gameId });
      notifications.show('success', `Game removed from "${collectionTitle}"`);
    } catch {
      notifications.show('error', 'Failed to remove game from collection. Please try again.');
    }
    void queries.invalidateQueries({ queryKey: collectionKey(uuid) });
  };

  const rename = async (c: CollectionGame, title: string) => {
    const t = title.trim();
    // An unchanged title just closes the editor (§4.11).
    if (t === c.chapterTitle) return setRenaming(null);
    if (!t) return notifications.show('error', 'Chapter title cannot be empty');
    try {
      await api.collections.updateChapterTitle({
        collectionUuid: uuid,
        gameId: c.gameId,
        chapterTitle: t,
      });
      setRenaming(null);
      setLoadedChapters(
        queries,
        uuid,
        chapters.map((x) => (x.gameId === c.gameId ? { ...x, chapterTitle: t } : x)),
      );
      notifications.show('success', 'Chapter title updated');
    } catch (e) {
      notifications.show('error', `Failed to update chapter title: ${errorText(e)}`);
      void queries.invalidateQueries({ queryKey: collectionKey(uuid) });
    }
  };

  return (
    <ol className="chapter-list" aria-label="Chapters">
      {chapters.map((c, i) => (
        <li
          key={c.gameId}
          data-chapter={c.chapterNumber}
          className={`chapter-item${c.chapterNumber === current ? ' chapter-current' : ''}${over === i && dragging !== null ? ' chapter-drop' : ''}`}
          draggable={owner && renaming === null}
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(i));
          }}
          onDragOver={(e) => {
            if (dragging === null) return;
            e.preventDefault();
            setOver(i);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          onDrop={(e) => {
            e.preventDefault();
            const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
            setDragging(null);
            setOver(null);
            if (Number.isInteger(from)) void drop(from, i);
          }}
        >
          {owner && (
            <span className="chapter-handle" aria-hidden="true">
              ⋮⋮
            </span>
          )}
          {renaming?.gameId === c.gameId ? (
            <form
              className="chapter-rename"
              onSubmit={(e) => {
                e.preventDefault();
                void rename(c, renaming.title);
              }}
            >
              <label htmlFor={`rename-${c.gameId}`} className="visually-hidden">
                Chapter title
              </label>
              <input
                id={`rename-${c.gameId}`}
                autoFocus
                maxLength={100}
                value={renaming.title}
                onChange={(e) => setRenaming({ gameId: c.gameId, title: e.target.value })}
                onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
              />
              <button type="submit" className="button-secondary">
                Save
              </button>
            </form>
          ) : (
            <>
              <Link to={`/collections/${uuid}/chapter/${c.chapterNumber}`}>
                {c.chapterNumber}. {c.chapterTitle}
              </Link>
              {owner && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Rename chapter ${c.chapterNumber}`}
                  onClick={() => setRenaming({ gameId: c.gameId, title: c.chapterTitle })}
                >
                  Rename
                </button>
              )}
              {owner && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove chapter ${c.chapterNumber}`}
                  onClick={() => void remove(c)}
                >
                  Remove
                </button>
              )}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
