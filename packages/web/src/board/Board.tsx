import { columnLetter, type BoardLayout, type LetterSet } from '@tessera/engine';
import {
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { Arrow, PlacedTile } from './play/tentative.ts';
import { bonusAt } from './bonus.ts';
import { Tile, tileName } from './Tile.tsx';

export interface BoardProps {
  layout: BoardLayout;
  set: LetterSet;
  squares: Uint8Array;
  lastPlay?: readonly number[];
  placed?: readonly PlacedTile[];
  arrow?: Arrow | null;
  /** The tentative score and the square it is shown on. */
  badge?: { row: number; col: number; score: number } | null;
  onSquareClick?: (row: number, col: number) => void;
  onPlacedPointerDown?: (slotId: number, e: ReactPointerEvent) => void;
  /** Inline styles (the board and tile palettes). */
  style?: CSSProperties;
  /** Bicolor mode: the player (0 or 1) whose play put each tile down, -1 for none. */
  owners?: Int8Array | null;
}

/**
 * The board (docs/product/gameplay.md §2 "Board screen"): a grid of squares with
 * bonus labels, column letters A–U across and row numbers down. Squares are
 * grid cells with one tab stop (arrow keys move between them); a click or
 * Enter on an empty square puts the placement arrow there. Cells are drop
 * targets for dragged tiles (data-drop="square").
 */
export function Board({
  layout,
  set,
  squares,
  lastPlay = [],
  placed = [],
  arrow = null,
  badge = null,
  onSquareClick,
  onPlacedPointerDown,
  style,
  owners = null,
}: BoardProps) {
  const dim = layout.dim;
  const mid = (dim - 1) / 2;
  const [focus, setFocus] = useState({ row: mid, col: mid });
  const grid = useRef<HTMLDivElement>(null);
  const last = new Set(lastPlay);
  const placedAt = new Map(placed.map((p) => [p.row * dim + p.col, p]));

  function moveFocus(row: number, col: number) {
    const r = Math.min(dim - 1, Math.max(0, row));
    const c = Math.min(dim - 1, Math.max(0, col));
    setFocus({ row: r, col: c });
    grid.current?.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`)?.focus();
  }

  function onKeyDown(e: KeyboardEvent, row: number, col: number) {
    const steps: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation();
      moveFocus(row + step[0], col + step[1]);
    } else if (e.key === ' ') {
      e.preventDefault();
      onSquareClick?.(row, col);
    }
  }

  const columns = Array.from({ length: dim }, (_, c) => columnLetter(c));
  return (
    <div
      className={`board board-${dim}`}
      role="grid"
      aria-label="Board"
      ref={grid}
      style={{ ...style, '--dim': dim } as CSSProperties}
    >
      <div role="row" className="board-row">
        <span className="board-corner" role="presentation" />
        {columns.map((letter) => (
          <span key={letter} role="columnheader" className="board-label board-col-label">
            {letter}
          </span>
        ))}
      </div>
      {Array.from({ length: dim }, (_, row) => (
        <div role="row" className="board-row" key={row}>
          <span role="rowheader" className="board-label board-row-label">
            {row + 1}
          </span>
          {columns.map((letter, col) => {
            const index = row * dim + col;
            const tile = squares[index];
            const mine = placedAt.get(index);
            const bonus = bonusAt(layout, index);
            const centre = index === layout.centre;
            const arrowHere = arrow && arrow.row === row && arrow.col === col;
            const name = `${letter}${row + 1}`;
            const content = tile
              ? tileName(set, tile)
              : mine
                ? `${tileName(set, mine.tile)}, not played yet`
                : bonus.name || (centre ? 'centre' : 'empty');
            const arrowText = arrowHere ? `, arrow ${arrow.vertical ? 'down' : 'across'}` : '';
            return (
              <div
                key={col}
                role="gridcell"
                className={`square ${bonus.kind}${centre ? ' square-centre' : ''}`}
                data-row={row}
                data-col={col}
                data-square={name}
                data-drop="square"
                aria-label={`${name}, ${content}${arrowText}`}
                tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                onClick={() => {
                  setFocus({ row, col });
                  onSquareClick?.(row, col);
                }}
                onKeyDown={(e) => onKeyDown(e, row, col)}
              >
                {tile ? (
                  <Tile
                    set={set}
                    tile={tile}
                    className={[
                      last.has(index) ? 'tile-last' : '',
                      owners && owners[index] >= 0 ? `tile-p${owners[index]}` : '',
                    ].join(' ')}
                  />
                ) : mine ? (
                  <Tile
                    set={set}
                    tile={mine.tile}
                    className="tile-tentative"
                    onPointerDown={(e) => onPlacedPointerDown?.(mine.slotId, e)}
                  />
                ) : (
                  <span className="square-label" aria-hidden="true">
                    {centre ? '★' : bonus.label}
                  </span>
                )}
                {arrowHere && (
                  <span className="placement-arrow" aria-hidden="true">
                    {arrow.vertical ? '▼' : '▶'}
                  </span>
                )}
                {badge && badge.row === row && badge.col === col && (
                  <span className="tentative-score" aria-hidden="true">
                    {badge.score}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
