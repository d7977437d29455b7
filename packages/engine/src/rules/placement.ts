/**
 * Tile placement validation (docs/product/gameplay.md §5).
 *
 * A placement is a start square, a direction and a run of tiles along it, with
 * 0 for a square the word plays through (an existing tile), exactly as GCG
 * writes it (`8D WIND.Y`). Because every square of the run is either fresh or
 * played through, "one line, no gaps" holds by construction; the UI form (a
 * list of squares) is turned into a placement by `placementFromSquares`, which
 * is where line and gap errors arise.
 *
 * `checkPlacement` is the allocation-free core: one pass over the run checks
 * bounds, occupancy, letters and connection; a second pass over the rack
 * counts checks the tiles are held. It reads the board as it was before the
 * move.
 */
import type { Board } from '../board/board.ts';
import { err, ok, type Result } from '../result.ts';
import { BLANK_BIT, EMPTY, LETTER_MASK } from '../tiles/letter-sets.ts';
import type { Rack } from '../tiles/rack.ts';

export interface Placement {
  readonly row: number;
  readonly col: number;
  readonly vertical: boolean;
  /** One entry per square from the start; 0 = played through an existing tile. */
  readonly tiles: Uint8Array;
}

export type PlacementErrorCode =
  | 'NO_TILES'
  | 'OFF_BOARD'
  | 'SQUARE_OCCUPIED'
  | 'PLAYED_THROUGH_EMPTY'
  | 'UNDESIGNATED_BLANK'
  | 'UNKNOWN_TILE'
  | 'NOT_IN_LINE'
  | 'DUPLICATE_SQUARE'
  | 'GAP'
  | 'WORD_TOO_SHORT'
  | 'NOT_CONNECTED'
  | 'MUST_COVER_CENTRE'
  | 'TILES_NOT_ON_RACK';

/** What checkPlacement can find; the others are about a set of squares (placementFromSquares). */
export type PlacementCheckCode = Exclude<
  PlacementErrorCode,
  'NOT_IN_LINE' | 'DUPLICATE_SQUARE' | 'GAP'
>;

export const PLACEMENT_MESSAGES: Record<PlacementErrorCode, string> = {
  NO_TILES: 'The move places no tiles.',
  OFF_BOARD: 'The tiles do not fit on the board.',
  SQUARE_OCCUPIED: 'A tile is placed on a square that already holds one.',
  PLAYED_THROUGH_EMPTY: 'The word plays through a square that is empty.',
  UNDESIGNATED_BLANK: 'Choose a letter for the blank before playing it.',
  UNKNOWN_TILE: 'A tile is not part of this letter set.',
  NOT_IN_LINE: 'All tiles must lie in one row or one column.',
  DUPLICATE_SQUARE: 'Two tiles are placed on the same square.',
  GAP: 'The tiles leave a gap.',
  WORD_TOO_SHORT: 'A play must form a word of at least two letters.',
  NOT_CONNECTED: 'The play must touch a tile already on the board.',
  MUST_COVER_CENTRE: 'The first play must cover the centre square.',
  TILES_NOT_ON_RACK: 'The tiles played are not all on the rack.',
};

// Module-local copies of imported constants for the hot loops (see score.ts).
const NONE = EMPTY;
const MASK = LETTER_MASK;
const TILE_BITS = LETTER_MASK | BLANK_BIT;

/** True when the square at (row, col) holds a tile; false off the board. */
function occupied(board: Board, row: number, col: number): boolean {
  const dim = board.dim;
  return row >= 0 && col >= 0 && row < dim && col < dim && board.squares[row * dim + col] !== NONE;
}

/**
 * Validate `p` against `board` (before the move). Returns null when legal.
 * `rack` may be null when the tiles' source is not known (then only the board
 * rules are checked). `letterCount` is the letter set size (codes 1..size-1).
 */
export function checkPlacement(
  board: Board,
  p: Placement,
  rack: Rack | null,
  letterCount: number,
): PlacementCheckCode | null {
  const n = p.tiles.length;
  if (n === 0) return 'NO_TILES';
  const dr = p.vertical ? 1 : 0;
  const dc = p.vertical ? 0 : 1;
  const endRow = p.row + dr * (n - 1);
  const endCol = p.col + dc * (n - 1);
  if (!board.inBounds(p.row, p.col) || !board.inBounds(endRow, endCol)) return 'OFF_BOARD';

  let fresh = 0;
  let touches = false;
  let coversCentre = false;
  let hasCross = false;
  const centre = board.layout.centre;
  for (let i = 0; i < n; i++) {
    const r = p.row + dr * i;
    const c = p.col + dc * i;
    const sq = r * board.dim + c;
    const t = p.tiles[i];
    if (t === 0) {
      if (board.squares[sq] === NONE) return 'PLAYED_THROUGH_EMPTY';
      touches = true;
      continue;
    }
    if (board.squares[sq] !== NONE) return 'SQUARE_OCCUPIED';
    const letter = t & MASK;
    if (letter === 0) return 'UNDESIGNATED_BLANK';
    if (letter >= letterCount || (t & ~TILE_BITS) !== 0) return 'UNKNOWN_TILE';
    fresh++;
    if (sq === centre) coversCentre = true;
    // Neighbours across the line make cross words and connect the play.
    if (occupied(board, r - dc, c - dr) || occupied(board, r + dc, c + dr)) {
      touches = true;
      hasCross = true;
    }
  }
  if (fresh === 0) return 'NO_TILES';
  // Tiles just before or after the run extend the main word.
  const before = occupied(board, p.row - dr, p.col - dc);
  const after = occupied(board, endRow + dr, endCol + dc);
  if (before || after) touches = true;
  if (n < 2 && !before && !after && !(fresh === 1 && hasCross)) return 'WORD_TOO_SHORT';
  if (board.isEmpty) {
    if (!coversCentre) return 'MUST_COVER_CENTRE';
  } else if (!touches) {
    return 'NOT_CONNECTED';
  }
  if (rack && !rack.holds(p.tiles)) return 'TILES_NOT_ON_RACK';
  return null;
}

export function validatePlacement(
  board: Board,
  p: Placement,
  rack: Rack | null,
  letterCount: number,
): Result<Placement, PlacementErrorCode> {
  const code = checkPlacement(board, p, rack, letterCount);
  return code ? err(code, PLACEMENT_MESSAGES[code]) : ok(p);
}

export interface PlacedSquare {
  readonly row: number;
  readonly col: number;
  /** Machine letter; blank-bit letters for designated blanks. */
  readonly tile: number;
}

/**
 * Turn the squares a player dropped tiles on into a placement: they must share
 * a row or a column, and every square between the first and last must be
 * either one of them or an existing tile. A single tile goes in the direction
 * where it touches a neighbour (across when both or neither).
 */
export function placementFromSquares(
  board: Board,
  squares: readonly PlacedSquare[],
): Result<Placement, PlacementErrorCode> {
  if (squares.length === 0) return err('NO_TILES', PLACEMENT_MESSAGES.NO_TILES);
  for (const s of squares) {
    if (!board.inBounds(s.row, s.col)) return err('OFF_BOARD', PLACEMENT_MESSAGES.OFF_BOARD);
  }
  const sameRow = squares.every((s) => s.row === squares[0].row);
  const sameCol = squares.every((s) => s.col === squares[0].col);
  if (!sameRow && !sameCol) return err('NOT_IN_LINE', PLACEMENT_MESSAGES.NOT_IN_LINE);
  let vertical = !sameRow;
  if (squares.length === 1) {
    const { row, col } = squares[0];
    const acrossNeighbour = occupied(board, row, col - 1) || occupied(board, row, col + 1);
    const downNeighbour = occupied(board, row - 1, col) || occupied(board, row + 1, col);
    vertical = !acrossNeighbour && downNeighbour;
  }
  const sorted = [...squares].sort((a, b) => (vertical ? a.row - b.row : a.col - b.col));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const length = vertical ? last.row - first.row + 1 : last.col - first.col + 1;
  const tiles = new Uint8Array(length);
  const filled = new Uint8Array(length);
  for (const s of sorted) {
    const k = vertical ? s.row - first.row : s.col - first.col;
    if (filled[k]) return err('DUPLICATE_SQUARE', PLACEMENT_MESSAGES.DUPLICATE_SQUARE);
    if (board.get(s.row, s.col) !== EMPTY) {
      return err('SQUARE_OCCUPIED', PLACEMENT_MESSAGES.SQUARE_OCCUPIED);
    }
    filled[k] = 1;
    tiles[k] = s.tile;
    if ((s.tile & LETTER_MASK) === 0) {
      return err('UNDESIGNATED_BLANK', PLACEMENT_MESSAGES.UNDESIGNATED_BLANK);
    }
  }
  for (let k = 0; k < length; k++) {
    if (filled[k]) continue;
    const r = vertical ? first.row + k : first.row;
    const c = vertical ? first.col : first.col + k;
    if (board.get(r, c) === EMPTY) return err('GAP', PLACEMENT_MESSAGES.GAP);
  }
  return ok({ row: first.row, col: first.col, vertical, tiles });
}

/**
 * The placement as records write it: the whole main word from its first
 * letter, with tiles already on the board at either end included as played
 * through, and a lone tile that only forms a word across the line turned to
 * run along that word. Same tiles, same score, one spelling.
 */
export function canonicalPlacement(board: Board, p: Placement): Placement {
  let { row, col, vertical } = p;
  let tiles = p.tiles;
  const fresh = freshCount(p);
  const extent = (v: boolean, r: number, c: number, n: number): [number, number] => {
    const dr = v ? 1 : 0;
    const dc = v ? 0 : 1;
    let before = 0;
    while (occupied(board, r - dr * (before + 1), c - dc * (before + 1))) before++;
    let after = 0;
    while (occupied(board, r + dr * (n + after), c + dc * (n + after))) after++;
    return [before, after];
  };
  let [before, after] = extent(vertical, row, col, tiles.length);
  if (fresh === 1 && tiles.length + before + after < 2) {
    // A single tile: run it along the word it does form.
    const k = tiles.findIndex((t) => t !== 0);
    row += vertical ? k : 0;
    col += vertical ? 0 : k;
    tiles = Uint8Array.of(tiles[k]);
    vertical = !vertical;
    [before, after] = extent(vertical, row, col, 1);
  }
  if (before === 0 && after === 0 && tiles === p.tiles) return p;
  const full = new Uint8Array(before + tiles.length + after);
  full.set(tiles, before);
  return {
    row: vertical ? row - before : row,
    col: vertical ? col : col - before,
    vertical,
    tiles: full,
  };
}

/** Put the placement's fresh tiles on the board (after validation). */
export function applyPlacement(board: Board, p: Placement): void {
  const step = p.vertical ? board.dim : 1;
  let sq = p.row * board.dim + p.col;
  for (let i = 0; i < p.tiles.length; i++, sq += step) {
    if (p.tiles[i] !== 0) board.place(sq, p.tiles[i]);
  }
}

/** Take the placement's fresh tiles back off the board (a phony withdrawn). */
export function liftPlacement(board: Board, p: Placement): void {
  const step = p.vertical ? board.dim : 1;
  let sq = p.row * board.dim + p.col;
  for (let i = 0; i < p.tiles.length; i++, sq += step) {
    if (p.tiles[i] !== 0) board.lift(sq);
  }
}

/** Number of tiles the placement takes from the rack. */
export function freshCount(p: Placement): number {
  let n = 0;
  for (let i = 0; i < p.tiles.length; i++) if (p.tiles[i] !== 0) n++;
  return n;
}
