/**
 * Where the opponent's going-out reply can be disturbed: the squares on
 * which a new tile would change a play's legality or score, and whether a
 * move puts a tile on one of them (see `settle` in search.ts).
 */
import { ACROSS, type CrossBoard } from '../movegen/cross.ts';
import { MAX_LEN, type MoveList } from '../movegen/moves.ts';
import { EMPTY } from '../tiles/letter-sets.ts';

/**
 * The squares where a new tile would change move i of `list` on the
 * current board (its legality or its score), as bits by column in a word
 * per row from `rows[at]` (all empty): the squares it fills, those just beyond its
 * ends, and the first empty squares beyond the perpendicular runs through
 * the squares it fills (a tile there changes their cross data).
 */
export function replySquares(
  board: CrossBoard,
  list: MoveList,
  i: number,
  rows: Int32Array,
  at: number,
): void {
  const { dim, squares } = board;
  rows.fill(0, at, at + dim);
  const across = list.dir[i] === ACROSS;
  const step = across ? 1 : dim;
  const start = list.start[i];
  const len = list.len[i];
  const row0 = (start / dim) | 0;
  const pos0 = across ? start - row0 * dim : row0;
  if (pos0 > 0) markSquare(rows, at, dim, start - step);
  if (pos0 + len < dim) markSquare(rows, at, dim, start + len * step);
  const base = i * MAX_LEN;
  for (let k = 0; k < len; k++) {
    const sq = start + k * step;
    if (list.tiles[base + k] === EMPTY) continue;
    markSquare(rows, at, dim, sq);
    // The perpendicular run: rows for an across play, columns for a down one.
    const row = (sq / dim) | 0;
    const col = sq - row * dim;
    const pos = across ? row : col;
    const pstep = across ? dim : 1;
    let a = pos - 1;
    while (a >= 0 && squares[sq - (pos - a) * pstep] !== EMPTY) a--;
    if (a >= 0) markSquare(rows, at, dim, sq - (pos - a) * pstep);
    let b = pos + 1;
    while (b < dim && squares[sq + (b - pos) * pstep] !== EMPTY) b++;
    if (b < dim) markSquare(rows, at, dim, sq + (b - pos) * pstep);
  }
}

/** Square `sq`'s bit in `rows` at `at` (a word per row; no closure in this hot path). */
function markSquare(rows: Int32Array, at: number, dim: number, sq: number): void {
  const row = (sq / dim) | 0;
  rows[at + row] |= 1 << (sq - row * dim);
}

/** Whether move i of `list` puts a tile on one of `rows`' squares (see replySquares). */
export function placesOn(
  dim: number,
  list: MoveList,
  i: number,
  rows: Int32Array,
  at: number,
): boolean {
  const step = list.dir[i] === ACROSS ? 1 : dim;
  const base = i * MAX_LEN;
  let sq = list.start[i];
  for (let k = 0; k < list.len[i]; k++, sq += step) {
    if (list.tiles[base + k] === EMPTY) continue;
    const row = (sq / dim) | 0;
    if ((rows[at + row] & (1 << (sq - row * dim))) !== 0) return true;
  }
  return false;
}

/**
 * The squares where a new tile would change a lone tile's play on the
 * empty square `sq`, as `replySquares` gives them for a play: the square
 * itself and those just beyond the runs through it, across and down (the
 * words it makes are those runs and itself).
 */
export function loneReplySquares(
  board: CrossBoard,
  sq: number,
  rows: Int32Array,
  at: number,
): void {
  const { dim, squares } = board;
  rows.fill(0, at, at + dim);
  const row = (sq / dim) | 0;
  const col = sq - row * dim;
  rows[at + row] |= 1 << col;
  for (let side = -1; side <= 1; side += 2) {
    const c = pastRun(squares, dim, row, col, side, true);
    if (c >= 0) rows[at + row] |= 1 << c;
    const r = pastRun(squares, dim, row, col, side, false);
    if (r >= 0) rows[at + r] |= 1 << col;
  }
}

/**
 * The first empty square past the run of tiles next to (`row`, `col`) on
 * its `side` (-1 or 1), along the row (`across`: its column) or down the
 * column (its row); -1 at the board's edge.
 */
export function pastRun(
  squares: Uint8Array,
  dim: number,
  row: number,
  col: number,
  side: number,
  across: boolean,
): number {
  if (across) {
    let c = col + side;
    while (c >= 0 && c < dim && squares[row * dim + c] !== EMPTY) c += side;
    return c >= 0 && c < dim ? c : -1;
  }
  let r = row + side;
  while (r >= 0 && r < dim && squares[r * dim + col] !== EMPTY) r += side;
  return r >= 0 && r < dim ? r : -1;
}
