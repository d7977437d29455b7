import type { LetterSet } from '@tessera/engine';
import type { CSSProperties } from 'react';
import { Tile } from '../Tile.tsx';
import { BlankModal } from './BlankModal.tsx';
import type { useTileDrag } from './use-drag.ts';
import type { usePlay } from './use-play.ts';

/**
 * What floats over a board while a move is being placed: the blank's letter
 * picker when a blank waits for one, and the tile following a drag. Shared
 * by the game room and the puzzle board.
 */
export function PlayOverlays({
  set,
  play,
  drag,
  palette,
}: {
  set: LetterSet;
  play: Pick<ReturnType<typeof usePlay>, 'pendingBlank' | 'designate' | 'unplace'>;
  drag: Pick<ReturnType<typeof useTileDrag>, 'ghost'>;
  /** The room's tile and board colours (custom properties). */
  palette?: CSSProperties;
}) {
  return (
    <>
      {play.pendingBlank && (
        <BlankModal
          set={set}
          onChoose={(letter) => play.designate(play.pendingBlank!.slotId, letter)}
          onClose={() => play.unplace(play.pendingBlank!.slotId)}
          palette={palette}
        />
      )}
      {drag.ghost && (
        <div
          className="drag-ghost"
          style={{ left: drag.ghost.x, top: drag.ghost.y }}
          aria-hidden="true"
        >
          <Tile set={set} tile={drag.ghost.tile} />
        </div>
      )}
    </>
  );
}
