import { gcg } from '@tessera/engine';
import type { Preferences } from '../../../preferences/preferences.ts';
import type { NotificationStore } from '../../../ui/notifications.ts';
import type { MenuItem } from '../../../ui/Menu.tsx';
import type { GameView } from '../../../board/state/game-store.ts';
import { replayView } from '../../../board/state/model.ts';
import { positionAt } from '../analysis/examine.ts';
import { boardPng, type BoardPicture } from '../export/board-png.ts';
import { download, gcgFileName } from '../export/download.ts';

export const GIF_FAILED = 'The animated GIF could not be made.';

/**
 * The examiner's Export menu (docs/product/gameplay.md §2): a PNG of the
 * position on screen, an animated GIF up to it, and the GCG of a finished
 * game. The game room and a recorded game's view share it.
 */
export function examineExports(o: {
  view: GameView;
  prefs: Preferences;
  notifications: NotificationStore;
  /** The squares on screen (the examined position's while examining). */
  squares: Uint8Array;
  /** The examined position's event count (null when not examining). */
  examinedCount: number | null;
}): MenuItem[] {
  const { view, prefs, notifications } = o;
  const names = view.players.map((p) => p.nickname);
  const picture = (squares: Uint8Array, scores: readonly number[]): BoardPicture => ({
    layout: view.layout,
    set: view.set,
    squares,
    caption: `${names[0]} ${scores[0]} – ${scores[1]} ${names[1]}`,
    boardStyleId: prefs.boardStyle,
    tileStyleId: prefs.tileStyle,
  });

  const exportPng = () => {
    const at = o.examinedCount === null ? null : positionAt(view, o.examinedCount);
    boardPng(picture(o.squares, at?.scores ?? view.scores)).then(
      (blob) => download(`tessera-${view.gameId}.png`, blob),
      () => notifications.show('error', 'The picture could not be made.'),
    );
  };

  /** Every position from the empty board to this one (the examined one, or the latest). */
  const exportGif = () => {
    const upto = o.examinedCount ?? view.events.length;
    const pictures: BoardPicture[] = [];
    for (let count = 0; count <= upto; count++) {
      const p = positionAt(view, count);
      if (p) pictures.push(picture(p.squares, p.scores));
    }
    import('../export/board-gif.ts')
      .then(({ boardGif }) => download(`tessera-${view.gameId}.gif`, boardGif(pictures)))
      .catch(() => notifications.show('error', GIF_FAILED));
  };

  const exportGcg = () => {
    if (!view.setup) return;
    const { g } = replayView(view.setup, view.events);
    download(
      gcgFileName(
        view.players.map((p) => p.nickname),
        view.gameId,
      ),
      gcg.writeGcg(g),
    );
  };

  const over = view.playState === 'GAME_OVER';
  const exportItems: MenuItem[] = [
    { kind: 'action', label: 'PNG', onSelect: exportPng },
    {
      kind: 'action',
      label: over ? 'Animated GIF' : 'Animated GIF to this position',
      onSelect: exportGif,
    },
    ...(over ? [{ kind: 'action' as const, label: 'GCG', onSelect: exportGcg }] : []),
  ];

  return exportItems;
}
