import type { LetterSet } from '@tessera/engine';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { Tile, tileName } from './Tile.tsx';
import type { RackSlot } from './play/tentative.ts';

export const SHUFFLE_LABEL = 'Shuffle rack';
export const RECALL_LABEL = 'Return tiles to rack';

/**
 * The player's rack (docs/product/gameplay.md §2): tiles in the player's order,
 * draggable to the board and within the rack; a click on a tile puts it on
 * the arrow's square. Shuffle (up arrow) and reset (down arrow) beside it.
 */
export function Rack({
  set,
  slots,
  onTileClick,
  onTilePointerDown,
  onShuffle,
  onRecall,
}: {
  set: LetterSet;
  slots: readonly RackSlot[];
  onTileClick: (slotId: number) => void;
  onTilePointerDown: (slot: RackSlot, e: ReactPointerEvent) => void;
  onShuffle: () => void;
  onRecall: () => void;
}) {
  return (
    <div className="rack-bar">
      <button
        type="button"
        className="icon-button"
        aria-label={RECALL_LABEL}
        title={`${RECALL_LABEL} (↓)`}
        onClick={onRecall}
      >
        ↓
      </button>
      <ul className="rack" aria-label="Your rack" data-drop="rack">
        {slots.map((slot) => (
          <li key={slot.id} className="rack-slot" data-drop="rack" data-slot-id={slot.id}>
            <button
              type="button"
              className="rack-tile"
              aria-label={tileName(set, slot.tile)}
              onClick={() => onTileClick(slot.id)}
              onPointerDown={(e) => onTilePointerDown(slot, e)}
            >
              <Tile set={set} tile={slot.tile} />
            </button>
          </li>
        ))}
        {slots.length === 0 && <li className="rack-empty">No tiles on your rack</li>}
      </ul>
      <button
        type="button"
        className="icon-button"
        aria-label={SHUFFLE_LABEL}
        title={`${SHUFFLE_LABEL} (↑)`}
        onClick={onShuffle}
      >
        ↑
      </button>
    </div>
  );
}
