import {
  Board,
  canonicalPlacement,
  checkPlacement,
  PLACEMENT_MESSAGES,
  placementFromSquares,
  printCoord,
  printTiles,
  scorePlacement,
  tileScoreTable,
  type BoardLayout,
  type LetterSet,
} from '@tessera/engine';
import type { PlacedTile } from './tentative.ts';

/** A placement the engine accepts on the board, as the server wants it sent. */
export interface TentativeMove {
  ok: true;
  /** Start of the whole main word: "8D" across, "D8" down. */
  coords: string;
  /** The whole word along the line, '.' for tiles already there, lowercase for blanks. */
  tiles: string;
  score: number;
  /** Where the score badge goes: the last tile along the line. */
  last: { row: number; col: number };
}

export interface TentativeProblem {
  ok: false;
  reason: string;
}

/**
 * What the tiles on the board amount to (docs/product/gameplay.md §5 "Tile
 * placement", "Scoring"): the engine turns the squares into a placement,
 * checks it and scores it. Null when nothing is placed.
 */
export function tentativeMove(
  layout: BoardLayout,
  squares: Uint8Array,
  set: LetterSet,
  placed: readonly PlacedTile[],
): TentativeMove | TentativeProblem | null {
  if (placed.length === 0) return null;
  if (placed.some((p) => p.tile === 0)) {
    return { ok: false, reason: PLACEMENT_MESSAGES.UNDESIGNATED_BLANK };
  }
  const board = Board.fromSquares(layout, squares);
  const found = placementFromSquares(
    board,
    placed.map((p) => ({ row: p.row, col: p.col, tile: p.tile })),
  );
  if (!found.ok) return { ok: false, reason: found.message };
  const placement = canonicalPlacement(board, found.value);
  const code = checkPlacement(board, placement, null, set.size);
  if (code) return { ok: false, reason: PLACEMENT_MESSAGES[code] };
  const lastPlaced = [...placed].sort((a, b) =>
    placement.vertical ? a.row - b.row : a.col - b.col,
  )[placed.length - 1];
  return {
    ok: true,
    coords: printCoord(placement),
    tiles: printTiles(set, placement.tiles, 'word'),
    score: scorePlacement(board, placement, tileScoreTable(set)),
    last: { row: lastPlaced.row, col: lastPlaced.col },
  };
}
