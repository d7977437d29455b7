import { useEffect, useState } from 'react';

/**
 * How long after a real-time game between people its players are offered
 * Rematch. Later than that the opponent has most likely moved on (to the
 * lobby, another game, or away), so a rematch request would wait unanswered;
 * they can be challenged afresh from the lobby. A bot is always there and a
 * correspondence rematch waits for its answer anyway, so those are offered
 * whenever the finished game is opened.
 */
export const REMATCH_WINDOW_MS = 10 * 60_000;

/** Is Rematch still offered for a game that ended at `endedAt` (null: not over or unknown)? */
export function rematchOffered(o: {
  realTime: boolean;
  person: boolean;
  endedAt: number | null;
  now: number;
}): boolean {
  if (!o.realTime || !o.person || o.endedAt === null) return true;
  return o.now - o.endedAt < REMATCH_WINDOW_MS;
}

/** rematchOffered, redrawn when the window closes while the page is open. */
export function useRematchOffered(realTime: boolean, person: boolean, endedAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  const offered = rematchOffered({ realTime, person, endedAt, now });
  useEffect(() => {
    if (!offered || !realTime || !person || endedAt === null) return;
    const id = setTimeout(() => setNow(Date.now()), endedAt + REMATCH_WINDOW_MS - now + 50);
    return () => clearTimeout(id);
  }, [offered, realTime, person, endedAt, now]);
  return offered;
}
