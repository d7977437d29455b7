import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../ui/Alert.tsx';

/** How long observers see that a rematch has started (docs/product/community.md §9). */
export const REMATCH_NOTICE_MS = 10_000;

/**
 * For observers: the players have started a rematch, with a link to watch
 * it, for ten seconds (players go straight to the new game, docs/product/gameplay.md §7).
 */
export function RematchStarted({ gameId }: { gameId: string }) {
  const [shownFor, setShownFor] = useState(gameId);
  const [hiddenFor, setHiddenFor] = useState('');
  if (shownFor !== gameId) {
    setShownFor(gameId);
    setHiddenFor('');
  }
  useEffect(() => {
    const timer = setTimeout(() => setHiddenFor(gameId), REMATCH_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [gameId]);
  if (hiddenFor === gameId) return null;
  return (
    <Alert kind="info">
      A rematch has started. <Link to={`/game/${gameId}`}>Watch it</Link>
    </Alert>
  );
}
