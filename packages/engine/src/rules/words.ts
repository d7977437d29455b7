/**
 * The words a placement forms: the main word along the line (extended over
 * any tiles touching its ends) and one cross word for each fresh tile with
 * neighbours across the line. Read from the board before the move; letters
 * keep their blank bit (strip it with `LETTER_MASK` before a lexicon lookup).
 */
import type { Board } from '../board/board.ts';
import { EMPTY } from '../tiles/letter-sets.ts';
import type { Placement } from './placement.ts';

/** Letters of the line through (row, col) in direction (dr, dc), fresh tiles included. */
function lineThrough(
  board: Board,
  row: number,
  col: number,
  dr: number,
  dc: number,
  fresh: (r: number, c: number) => number,
): Uint8Array {
  const { dim } = board;
  const at = (r: number, c: number): number =>
    r < 0 || c < 0 || r >= dim || c >= dim ? EMPTY : fresh(r, c) || board.get(r, c);
  let r0 = row;
  let c0 = col;
  while (at(r0 - dr, c0 - dc) !== EMPTY) {
    r0 -= dr;
    c0 -= dc;
  }
  const out: number[] = [];
  for (let r = r0, c = c0; at(r, c) !== EMPTY; r += dr, c += dc) out.push(at(r, c));
  return Uint8Array.from(out);
}

export function wordsFormed(board: Board, p: Placement): Uint8Array[] {
  const dr = p.vertical ? 1 : 0;
  const dc = p.vertical ? 0 : 1;
  const n = p.tiles.length;
  // Fresh tile at (r, c), or 0 when the square is not one of the move's.
  const fresh = (r: number, c: number): number => {
    const k = p.vertical ? r - p.row : c - p.col;
    const onLine = p.vertical ? c === p.col : r === p.row;
    return onLine && k >= 0 && k < n ? p.tiles[k] : 0;
  };
  const words: Uint8Array[] = [];
  const main = lineThrough(board, p.row, p.col, dr, dc, fresh);
  if (main.length >= 2) words.push(main);
  for (let i = 0; i < n; i++) {
    if (p.tiles[i] === 0) continue;
    const r = p.row + dr * i;
    const c = p.col + dc * i;
    const cross = lineThrough(board, r, c, dc, dr, fresh);
    if (cross.length >= 2) words.push(cross);
  }
  return words;
}
