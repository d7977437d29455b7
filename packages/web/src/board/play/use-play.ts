import { ERRORS, renderError } from '@tessera/protocol';
import { useCallback, useMemo, useState } from 'react';
import { arrangeRack } from '../../preferences/tile-order.ts';
import type { Preferences } from '../../preferences/preferences.ts';
import type { NotificationStore } from '../../ui/notifications.ts';
import type { GameView } from '../state/game-store.ts';
import { tentativeMove } from './move.ts';
import {
  backspace,
  clearArrow,
  clickSquare,
  designate,
  EMPTY_TENTATIVE,
  moveInRack,
  place,
  rackSlots,
  recall,
  shuffle,
  syncRack,
  typeLetter,
  undesignatedBlank,
  unplace,
  type Tentative,
} from './tentative.ts';
import type { DragSource, DropTarget } from './use-drag.ts';

export const NOT_YOUR_TURN_TEXT = renderError(String(ERRORS.NOT_YOUR_TURN.code));
/** docs/product/gameplay.md §8: "It is not your turn." is a warning for 1.5 s. */
export const NOT_YOUR_TURN_MS = 1_500;
export const FINAL_PASS_INFO =
  'Your opponent has played their final tiles. You must pass or challenge.';

/**
 * The player's side of the board: the tentative tiles and arrow, kept in
 * step with the rack the server gives, and the commands the board, the
 * rack and the keyboard send. `enabled` is false for observers and while
 * examining.
 */
export function usePlay(
  view: GameView,
  actions: { play(coords: string, tiles: string): boolean },
  notifications: NotificationStore,
  prefs: Pick<Preferences, 'tileOrder' | 'autoShuffle'>,
  enabled: boolean,
) {
  const [t, setT] = useState<Tentative>(EMPTY_TENTATIVE);
  const board = useMemo(
    () => ({ squares: view.squares, dim: view.layout.dim }),
    [view.squares, view.layout.dim],
  );
  const { set } = view;
  const rackKey = Array.from(view.rack).join(',');
  const { tileOrder, autoShuffle } = prefs;

  // The rack the server gives (and the order the user prefers) is merged in
  // while rendering, so no frame shows the tentative state out of step.
  const syncInputs = [rackKey, board, set, tileOrder, autoShuffle];
  const [synced, setSynced] = useState<unknown[] | null>(null);
  if (!synced || syncInputs.some((input, i) => input !== synced[i])) {
    setSynced(syncInputs);
    const describe = (tile: number) => ({
      label: tile === 0 ? '?' : set.letters[tile].rune,
      score: set.letters[tile]?.score ?? 0,
      vowel: set.letters[tile]?.vowel ?? false,
      blank: tile === 0,
    });
    const rack = rackKey === '' ? [] : rackKey.split(',').map(Number);
    setT((prev) =>
      syncRack(prev, rack, board, (tiles) =>
        arrangeRack(tiles, { tileOrder, autoShuffle }, describe),
      ),
    );
  }

  const move = useMemo(
    () => tentativeMove(view.layout, view.squares, set, t.placed),
    [view.layout, view.squares, set, t.placed],
  );
  const myTurn = enabled && view.playerOnTurn === view.viewerIndex;
  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';

  const submit = useCallback(() => {
    if (!enabled || !live) return;
    if (!myTurn) {
      notifications.show('warning', NOT_YOUR_TURN_TEXT, { ms: NOT_YOUR_TURN_MS });
      return;
    }
    if (view.playState === 'WAITING_FOR_FINAL_PASS') {
      notifications.show('info', FINAL_PASS_INFO);
      return;
    }
    if (!move) return;
    if (!move.ok) {
      notifications.show('error', move.reason);
      return;
    }
    actions.play(move.coords, move.tiles);
  }, [enabled, live, myTurn, view.playState, move, actions, notifications]);

  const onDrop = useCallback(
    (source: DragSource, target: DropTarget) => {
      if (!enabled) return;
      setT((prev) =>
        target.kind === 'square'
          ? place(prev, source.slotId, target.row, target.col, board)
          : prev.placed.some((p) => p.slotId === source.slotId)
            ? unplace(prev, source.slotId, target.beforeSlotId)
            : moveInRack(prev, source.slotId, target.beforeSlotId),
      );
    },
    [enabled, board],
  );

  const run = useCallback(
    (f: (t: Tentative) => Tentative) => {
      if (enabled) setT(f);
    },
    [enabled],
  );

  return {
    tentative: t,
    slots: rackSlots(t),
    move,
    myTurn,
    live,
    pendingBlank: undesignatedBlank(t),
    submit,
    onDrop,
    clickSquare: (row: number, col: number) => run((s) => clickSquare(s, row, col, board)),
    type: (letter: number) => run((s) => typeLetter(s, letter, board)),
    backspace: () => run(backspace),
    shuffle: () => run((s) => shuffle(s)),
    recall: () => run(recall),
    clearArrow: () => run(clearArrow),
    designate: (slotId: number, letter: number) => run((s) => designate(s, slotId, letter)),
    unplace: (slotId: number) => run((s) => unplace(s, slotId)),
    /** A click on a rack tile: onto the arrow's square, if there is an arrow. */
    placeAtArrow: (slotId: number) =>
      run((s) => {
        if (!s.arrow) return s;
        const slot = s.slots.find((x) => x.id === slotId);
        if (!slot) return s;
        if (slot.tile !== 0) return typeLetter(s, slot.tile, board);
        return place(s, slotId, s.arrow.row, s.arrow.col, board);
      }),
  };
}

export type PlayControls = ReturnType<typeof usePlay>;
