/**
 * The endgame's per-line change masks (PlayBook): for tiles just put on
 * the board, the bits of their squares (`tileMask`) and of the empty
 * squares just past the runs through them, across and down, whose cross
 * data the tiles change (`crossMask`). Lines are indexed `dir * dim + line`
 * from `at`; bits count squares along the line.
 */
import { EMPTY } from '../tiles/letter-sets.ts';

export function markTiles(
  board: Uint8Array,
  dim: number,
  tileMask: Int32Array,
  crossMask: Int32Array,
  at: number,
  squares: Int32Array,
  count: number,
): void {
  for (let k = 0; k < count; k++) {
    const sq = squares[k];
    const row = (sq / dim) | 0;
    const col = sq - row * dim;
    tileMask[at + row] |= 1 << col;
    tileMask[at + dim + col] |= 1 << row;
    let r = row;
    while (r > 0 && board[(r - 1) * dim + col] !== EMPTY) r--;
    if (r > 0) crossMask[at + r - 1] |= 1 << col;
    r = row;
    while (r < dim - 1 && board[(r + 1) * dim + col] !== EMPTY) r++;
    if (r < dim - 1) crossMask[at + r + 1] |= 1 << col;
    let c = col;
    while (c > 0 && board[row * dim + c - 1] !== EMPTY) c--;
    if (c > 0) crossMask[at + dim + c - 1] |= 1 << row;
    c = col;
    while (c < dim - 1 && board[row * dim + c + 1] !== EMPTY) c++;
    if (c < dim - 1) crossMask[at + dim + c + 1] |= 1 << row;
  }
}
