import { useEffect, useRef } from 'react';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { guardHistoryBack, guardInAppLinks } from './leave-guard.ts';

export const LEAVE_WARNING = 'You are currently in a game!';

const isLive = (v: GameView) =>
  v.status === 'ready' && (v.playState === 'PLAYING' || v.playState === 'WAITING_FOR_FINAL_PASS');

/** The tab title: the players' names with * on whoever is on turn (docs/product/gameplay.md §2). */
export function gameTitle(v: GameView): string {
  if (v.status !== 'ready') return `Game ${v.gameId}`;
  const live = isLive(v);
  return v.players
    .map((p, i) => `${live && v.playerOnTurn === i ? '*' : ''}${p.nickname}`)
    .join(' vs ');
}

/**
 * What the page does around a game: the tab title, the "You are currently
 * in a game!" prompt on leaving a live game (by an in-app link or by Back), and the desktop notification
 * "Your turn vs {opponent}" when it becomes the player's turn while the
 * window is not focused and notifications are on.
 */
export function useRoomPage(v: GameView, notificationsOn: boolean): void {
  usePageTitle(gameTitle(v));
  const player = v.viewerIndex >= 0;
  const live = isLive(v);

  useEffect(() => {
    if (!player || !live) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = LEAVE_WARNING;
      return LEAVE_WARNING;
    };
    window.addEventListener('beforeunload', warn);
    const unguardLinks = guardInAppLinks(LEAVE_WARNING);
    const unguardBack = guardHistoryBack(LEAVE_WARNING);
    return () => {
      window.removeEventListener('beforeunload', warn);
      unguardLinks();
      unguardBack();
    };
  }, [player, live]);

  const myTurn = player && live && v.playerOnTurn === v.viewerIndex;
  // Undefined until the game has loaded: a turn one already had when the
  // page opened (a reload) is not a new one.
  const wasMyTurn = useRef<boolean | undefined>(undefined);
  const ready = v.status === 'ready';
  const opponent = v.players[1 - v.viewerIndex]?.nickname ?? '';
  useEffect(() => {
    if (!ready) return;
    const became = myTurn && wasMyTurn.current === false;
    wasMyTurn.current = myTurn;
    if (!became || !notificationsOn || document.hasFocus()) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    try {
      new Notification(`Your turn vs ${opponent}`, { tag: `turn-${v.gameId}` });
    } catch (err) {
      console.warn('notification failed', err);
    }
  }, [ready, myTurn, notificationsOn, opponent, v.gameId]);
}
