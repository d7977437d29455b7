import type { CSSProperties } from 'react';
import { useServices } from '../../app/services.tsx';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { Board } from '../../board/Board.tsx';
import { useGameKeys } from '../../board/play/use-keys.ts';
import { PlayOverlays } from '../../board/play/PlayOverlays.tsx';
import { usePlay } from '../../board/play/use-play.ts';
import { useTileDrag } from '../../board/play/use-drag.ts';
import { Rack } from '../../board/Rack.tsx';
import type { GameView } from '../../board/state/game-store.ts';

export const SOLVE_LABEL = 'Solve';

/**
 * The puzzle's board and rack: the game room's own board, rack, dragging,
 * typing and placement checks. Nothing on the board moves; the user only
 * lays down an answer from the rack and presses Solve (the game room's Play,
 * docs/product/gameplay.md §2 "Controls while playing"). A placement the engine
 * refuses is shown as a toast and never sent (§5 "Puzzle").
 */
export function PuzzleBoard({
  view,
  solving,
  highlight,
  onSolve,
  palette,
}: {
  view: GameView;
  /** False once answered (or while an answer is on its way): the board is read-only. */
  solving: boolean;
  /** 0-based row or column the position hint points at. */
  highlight: { row: number } | { column: number } | null;
  onSolve: (coords: string, tiles: string) => void;
  palette: CSSProperties;
}) {
  const { notifications } = useServices();
  const prefs = usePreferences();
  const play = usePlay(
    view,
    { play: (coords, tiles) => (onSolve(coords, tiles), true) },
    notifications,
    prefs,
    solving,
  );
  const drag = useTileDrag(play.onDrop);
  useGameKeys(
    view.set,
    solving
      ? {
          letter: play.type,
          backspace: play.backspace,
          enter: () => {
            const focused = document.activeElement as HTMLElement | null;
            if (play.tentative.placed.length > 0) play.submit();
            else if (focused?.getAttribute('role') === 'gridcell') focused.click();
          },
          escape: () => (play.tentative.placed.length ? play.recall() : play.clearArrow()),
          shuffle: play.shuffle,
          recall: play.recall,
        }
      : {},
  );

  const badge =
    solving && prefs.showTentativeScore && play.move?.ok
      ? { ...play.move.last, score: play.move.score }
      : null;
  const line = highlight
    ? 'row' in highlight
      ? `[data-row="${highlight.row}"]`
      : `[data-col="${highlight.column}"]`
    : '';
  return (
    <div className="puzzle-board">
      {line && (
        // The position hint: the answer's row or column, outlined.
        <style>{`.puzzle-board .square${line} { box-shadow: inset 0 0 0 3px var(--hint-line, #e0a000); }`}</style>
      )}
      <div className="board-wrap" data-highlight={line ? 'on' : undefined}>
        <Board
          layout={view.layout}
          set={view.set}
          squares={view.squares}
          lastPlay={view.lastPlay}
          placed={solving ? play.tentative.placed : []}
          arrow={solving ? play.tentative.arrow : null}
          badge={badge}
          onSquareClick={solving ? play.clickSquare : undefined}
          onPlacedPointerDown={(slotId, e) => {
            const p = play.tentative.placed.find((x) => x.slotId === slotId);
            if (p) drag.start({ slotId, tile: p.tile }, e);
          }}
        />
      </div>
      {solving && (
        <div className="puzzle-rack-row">
          <Rack
            set={view.set}
            slots={play.slots}
            onTileClick={play.placeAtArrow}
            onTilePointerDown={(slot, e) => drag.start({ slotId: slot.id, tile: slot.tile }, e)}
            onShuffle={play.shuffle}
            onRecall={play.recall}
          />
          <button
            type="button"
            className="button-primary button-play"
            disabled={!play.move}
            onClick={play.submit}
          >
            {SOLVE_LABEL}
          </button>
        </div>
      )}
      <PlayOverlays set={view.set} play={play} drag={drag} palette={palette} />
    </div>
  );
}
