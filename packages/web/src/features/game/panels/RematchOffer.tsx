import { useSyncExternalStore } from 'react';
import { useServices, useSession } from '../../../app/services.tsx';
import type { GameActions } from '../state/game-actions.ts';

/**
 * "{user} sent you a rematch request" with Accept and Decline
 * (docs/product/gameplay.md §2 "Rematch confirmation"). The request is a seek that
 * the lobby store keeps like any other match request addressed to the user.
 */
export function RematchOffer({ gameId, actions }: { gameId: string; actions: GameActions }) {
  const { lobby } = useServices();
  const session = useSession();
  const state = useSyncExternalStore(lobby.subscribe, lobby.getSnapshot);
  const offer = state.seeks.find(
    (s) =>
      s.rematchFor === gameId && s.receiverId === session.userId && s.seekerId !== session.userId,
  );
  if (!offer) return null;
  return (
    <div className="meta-banner rematch-offer" role="alert">
      <span>{offer.seeker} sent you a rematch request</span>
      <button
        type="button"
        className="button-primary button-small"
        onClick={() => actions.acceptSeek(offer.id)}
      >
        Accept
      </button>
      <button
        type="button"
        className="button-secondary button-small"
        onClick={() => {
          actions.declineSeek(offer.id);
          lobby.dispatch({ type: 'removed', id: offer.id });
        }}
      >
        Decline
      </button>
    </div>
  );
}
