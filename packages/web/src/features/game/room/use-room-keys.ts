import type { GameView } from '../../../board/state/game-store.ts';
import type { PlayControls } from '../../../board/play/use-play.ts';
import { useGameKeys } from '../../../board/play/use-keys.ts';
import type { useExamine } from '../analysis/use-examine.ts';
import type { useRoomCommands } from './use-room-commands.ts';

/**
 * The room's keys: while examining, Escape leaves and the left and right
 * arrows step; while playing, letters go along the arrow, Backspace takes
 * the last tile back, Enter plays (or puts the arrow on the focused
 * square), Escape returns the tiles, 2 / 3 / 4 pass, challenge and
 * exchange, up and down shuffle and return the rack.
 */
export function useRoomKeys(o: {
  view: GameView;
  play: PlayControls;
  examine: ReturnType<typeof useExamine>;
  commands: ReturnType<typeof useRoomCommands>;
  playing: boolean;
}) {
  const { play, examine, commands } = o;
  const count = examine.count;
  useGameKeys(
    o.view.set,
    count !== null
      ? {
          escape: examine.exit,
          previous: () => examine.go(count - 1),
          next: () => examine.go(count + 1),
        }
      : o.playing
        ? {
            letter: play.type,
            backspace: play.backspace,
            enter: () => {
              const focused = document.activeElement as HTMLElement | null;
              if (play.tentative.placed.length > 0) play.submit();
              else if (focused?.getAttribute('role') === 'gridcell') focused.click();
            },
            escape: () => (play.tentative.placed.length ? play.recall() : play.clearArrow()),
            pass: commands.on.pass,
            challenge: commands.showChallenge ? commands.on.challenge : undefined,
            exchange: commands.on.exchange,
            shuffle: play.shuffle,
            recall: play.recall,
          }
        : {},
  );
}
