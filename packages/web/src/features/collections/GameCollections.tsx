import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@tessera/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { collectionKey } from './chapters.ts';

export const gameCollectionsKey = (gameId: string) => ['collections', 'game', gameId] as const;

/**
 * The collections holding a game, on the editor's page (docs/product/community.md
 * §2.8): each links to its viewer, and its owner may take the game out after
 * a confirmation.
 */
export function GameCollections({ gameId }: { gameId: string }) {
  const { api, notifications } = useServices();
  const session = useSession();
  const queries = useQueryClient();
  const q = useQuery({
    queryKey: gameCollectionsKey(gameId),
    queryFn: async () => (await api.collections.getCollectionsForGame({ gameId })).collections,
    retry: false,
  });
  const [removing, setRemoving] = useState<Collection | null>(null);
  const remove = async (c: Collection) => {
    setRemoving(null);
    try {
      await api.collections.removeGameFromCollection({ collectionUuid: c.uuid, gameId });
      notifications.show('success', `Game removed from "${c.title}"`);
    } catch {
      notifications.show('error', 'Failed to remove game from collection. Please try again.');
    }
    void queries.invalidateQueries({ queryKey: ['collections'] });
    void queries.invalidateQueries({ queryKey: collectionKey(c.uuid) });
  };
  const list = q.data ?? [];
  return (
    <section className="card" aria-labelledby="game-collections-title">
      <h2 id="game-collections-title">Collections</h2>
      {list.length === 0 ? (
        <p className="muted">This game is in no collection yet.</p>
      ) : (
        <ul className="game-collections">
          {list.map((c) => (
            <li key={c.uuid}>
              <Link to={`/collections/${c.uuid}`}>{c.title}</Link>{' '}
              {session.loggedIn && c.creatorUuid === session.userId && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove from ${c.title}`}
                  onClick={() => setRemoving(c)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <Modal title="Remove from collection" onClose={() => setRemoving(null)}>
          <p>Remove this game from &quot;{removing.title}&quot;?</p>
          <div className="modal-actions">
            <button type="button" className="button-primary" onClick={() => void remove(removing)}>
              Yes
            </button>
            <button type="button" className="button-secondary" onClick={() => setRemoving(null)}>
              No
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
