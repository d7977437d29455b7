/**
 * A rack of one tile: every play goes out, so a node only needs the best
 * score its tile can make, not a list of plays (search.ts `loneTile`).
 */
import type { CrossBoard } from '../movegen/cross.ts';
import { BLANK, EMPTY } from '../tiles/letter-sets.ts';

/**
 * The best score of `tile` (its face value `value`) placed alone on one of
 * the empty squares marked in `marks` (a word per line, `lines` words from
 * `at`: rows for across, then columns for down, bits by position along the
 * line), or `none`. Read from the squares' cross data, which must be
 * refreshed: the tile must fit both perpendicular words and make at least
 * one, and each word it makes counts its premium square.
 */
export function bestLoneScore(
  board: CrossBoard,
  marks: Int32Array,
  at: number,
  lines: number,
  tile: number,
  value: number,
  none: number,
): number {
  const { dim, size, squares, cross, crossScore, letterMult, wordMult } = board;
  const bit = tile === BLANK ? board.allLetters : 1 << (tile - 1);
  let best = none;
  for (let key = 0; key < lines; key++) {
    let m = marks[at + key];
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const pos = 31 - Math.clz32(low);
      const sq = key < dim ? key * dim + pos : pos * dim + key - dim;
      if (squares[sq] !== EMPTY || (cross[sq] & cross[size + sq] & bit) === 0) continue;
      // The word down through the square (its across cross data) and the one across it.
      const down = crossScore[sq];
      const across = crossScore[size + sq];
      if (down < 0 && across < 0) continue;
      const own = value * letterMult[sq];
      const s = ((down < 0 ? 0 : down + own) + (across < 0 ? 0 : across + own)) * wordMult[sq];
      if (s > best) best = s;
    }
  }
  return best;
}
