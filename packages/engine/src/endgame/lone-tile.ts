/**
 * A rack of one tile: every play goes out, so a node only needs the best
 * score its tile can make, not a list of plays (search.ts `loneTile`).
 * Also the tiles of a two-tile rack (`firstTile`, `secondTile`).
 */
import { ACROSS, DOWN, type CrossBoard } from '../movegen/cross.ts';
import { BLANK, EMPTY } from '../tiles/letter-sets.ts';
import { pastRun } from './reply-squares.ts';

/**
 * Merge into the `count` best placements held in `sqs` / `scores` from
 * `off` (best first, one per square, at most `k`) those of `tile` (its
 * face value `value`) alone on the empty squares marked in `marks` (a
 * word per line, `lines` words from `at`: rows for across, then columns
 * for down, bits by position along the line); returns the new count.
 * Read from the squares' cross data, which must be refreshed: the tile
 * must fit both perpendicular words and make at least one, and each word
 * it makes counts its premium square.
 */
export function bestLoneSquares(
  board: CrossBoard,
  marks: Int32Array,
  at: number,
  lines: number,
  tile: number,
  value: number,
  sqs: Int32Array,
  scores: Int32Array,
  off: number,
  count: number,
  k: number,
): number {
  const dim = board.dim;
  const bit = letterBit(board, tile);
  for (let key = 0; key < lines; key++) {
    let m = marks[at + key];
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const pos = 31 - Math.clz32(low);
      const sq = key < dim ? key * dim + pos : pos * dim + key - dim;
      const score = loneScoreAt(board, sq, bit, value);
      if (score >= 0) count = keepBest(sqs, scores, off, count, k, sq, score);
    }
  }
  return count;
}

/**
 * Put the placement (`sq`, `score`) among the `count` best held from `off`
 * (best first, one per square, at most `k`); returns the new count.
 */
export function keepBest(
  sqs: Int32Array,
  scores: Int32Array,
  off: number,
  count: number,
  k: number,
  sq: number,
  score: number,
): number {
  for (let j = 0; j < count; j++) if (sqs[off + j] === sq) return count;
  if (count === k && scores[off + k - 1] >= score) return count;
  let j = count < k ? count++ : k - 1;
  while (j > 0 && scores[off + j - 1] < score) {
    sqs[off + j] = sqs[off + j - 1];
    scores[off + j] = scores[off + j - 1];
    j--;
  }
  sqs[off + j] = sq;
  scores[off + j] = score;
  return count;
}

/**
 * The best score of `tile` placed alone on a square whose cross data the
 * tile on `sq` changes (the squares beyond both ends of the runs through
 * it, as CrossBoard.refreshAround), or `none`. That tile is on the board
 * but the cross data around it is not refreshed: it is worked out here
 * (CrossBoard.crossOf) and left as it was.
 */
export function loneScoreAround(
  board: CrossBoard,
  sq: number,
  tile: number,
  value: number,
  none: number,
): number {
  const { dim, size, squares, cross, crossScore } = board;
  const bit = letterBit(board, tile);
  const row = (sq / dim) | 0;
  const col = sq - row * dim;
  let best = none;
  // Beyond the ends of the column's run: the word down through the square changes.
  for (let side = -1; side <= 1; side += 2) {
    const r = pastRun(squares, dim, row, col, side, false);
    if (r < 0) continue;
    const e = r * dim + col;
    board.crossOf(e, ACROSS);
    const fits = board.foundMask & cross[size + e];
    best = better(
      best,
      scoreWith(board, e, bit, value, fits, board.foundScore, crossScore[size + e]),
    );
  }
  // Beyond the ends of the row's run: the word across it changes.
  for (let side = -1; side <= 1; side += 2) {
    const c = pastRun(squares, dim, row, col, side, true);
    if (c < 0) continue;
    const e = row * dim + c;
    board.crossOf(e, DOWN);
    const fits = cross[e] & board.foundMask;
    best = better(best, scoreWith(board, e, bit, value, fits, crossScore[e], board.foundScore));
  }
  return best;
}

/**
 * A ceiling on loneScoreAround with no lexicon lookup: on each of those
 * squares the tile is taken to fit the word it would join through `sq`
 * (only the other word through the square, whose cross data the tile on
 * `sq` leaves as it was, is checked). Reads the tiles as loneScoreAround.
 */
export function loneScoreAroundMost(
  board: CrossBoard,
  sq: number,
  tile: number,
  value: number,
  none: number,
): number {
  const { dim, size, squares, cross, crossScore, points } = board;
  const bit = letterBit(board, tile);
  const row = (sq / dim) | 0;
  let best = none;
  // The column's run (step dim), then the row's (step 1): the word a tile
  // just beyond either end would join is that run and any run beyond it.
  for (let axis = 0; axis < 2; axis++) {
    const step = axis === 0 ? dim : 1;
    const pos = axis === 0 ? row : sq - row * dim;
    let run = points[squares[sq]];
    let a = pos;
    while (a > 0 && squares[sq - (pos - a + 1) * step] !== EMPTY)
      run += points[squares[sq - (pos - --a) * step]];
    let b = pos;
    while (b < dim - 1 && squares[sq + (b - pos + 1) * step] !== EMPTY)
      run += points[squares[sq + (++b - pos) * step]];
    for (let side = -1; side <= 1; side += 2) {
      const at = side < 0 ? a - 1 : b + 1;
      if (at < 0 || at >= dim) continue;
      const e = sq + (at - pos) * step;
      // The other word's cross data: for the column's ends the row's word (DOWN plays' checks).
      const other = axis === 0 ? size + e : e;
      if ((cross[other] & bit) === 0) continue;
      let far = 0;
      for (let k = at + side; k >= 0 && k < dim; k += side) {
        const t = squares[sq + (k - pos) * step];
        if (t === EMPTY) break;
        far += points[t];
      }
      const own = value * board.letterMult[e];
      const across = crossScore[other];
      const score = (run + far + own + (across < 0 ? 0 : across + own)) * board.wordMult[e];
      if (score > best) best = score;
    }
  }
  return best;
}

/**
 * The score of a tile (letter bit `bit`, face value `value`) placed alone
 * on `sq`, or -1 when it cannot go there.
 */
function loneScoreAt(board: CrossBoard, sq: number, bit: number, value: number): number {
  const { size, squares, cross, crossScore } = board;
  if (squares[sq] !== EMPTY) return -1;
  return scoreWith(
    board,
    sq,
    bit,
    value,
    cross[sq] & cross[size + sq],
    crossScore[sq],
    crossScore[size + sq],
  );
}

/**
 * The score of a tile alone on the empty square `sq` given the square's
 * cross data (`fits`: letters both perpendicular words allow; `down` and
 * `across`: the scores of the words it would join, -1 for none), or -1
 * when it cannot go there: the tile must fit and make at least one word,
 * and each word it makes counts the square's premium.
 */
function scoreWith(
  board: CrossBoard,
  sq: number,
  bit: number,
  value: number,
  fits: number,
  down: number,
  across: number,
): number {
  if ((fits & bit) === 0 || (down < 0 && across < 0)) return -1;
  const own = value * board.letterMult[sq];
  return ((down < 0 ? 0 : down + own) + (across < 0 ? 0 : across + own)) * board.wordMult[sq];
}

/** `best`, or `score` when it is a play's (not -1) and higher. */
function better(best: number, score: number): number {
  return score >= 0 && score > best ? score : best;
}

/** The letters `tile` can stand for, as cross-check bits (every one for a blank). */
function letterBit(board: CrossBoard, tile: number): number {
  return tile === BLANK ? board.allLetters : 1 << (tile - 1);
}

/** The lowest tile code a (non-empty) rack holds. */
export function firstTile(rack: Uint8Array): number {
  let t = 0;
  while (rack[t] === 0) t++;
  return t;
}

/** The other tile of a two-tile rack whose first is `a` (a again for a pair). */
export function secondTile(rack: Uint8Array, a: number): number {
  let t = rack[a] > 1 ? a : a + 1;
  while (rack[t] === 0) t++;
  return t;
}
