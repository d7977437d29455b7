import { useEffect } from 'react';
import { remainingAt } from '../state/clock.ts';
import type { GameActions } from '../state/game-actions.ts';
import type { GameView } from '../../../board/state/game-store.ts';

/** A little after the flag falls, so the server's clock agrees it has. */
const GRACE_MS = 250;

/**
 * Tells the server when the running clock has used up its overtime
 * (docs/product/gameplay.md §4 "Clock": a player timeout is reported, not for
 * correspondence). Only players report; the server's clock decides.
 */
export function useTimeoutReport(view: GameView, actions: GameActions): void {
  const c = view.clocks;
  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';
  const reporting =
    view.viewerIndex >= 0 && live && !view.request?.correspondence && c.running >= 0 && !c.untimed;
  const userId = view.players[c.running]?.userId ?? '';
  useEffect(() => {
    if (!reporting) return;
    const floor = -c.maxOvertimeMinutes * 60_000;
    const left = remainingAt(c, c.running, Date.now()) - floor;
    const id = setTimeout(() => actions.timedOut(userId), Math.max(0, left) + GRACE_MS);
    return () => clearTimeout(id);
  }, [reporting, c, userId, actions]);
}
