/**
 * Scoring a placement (docs/product/gameplay.md §5), computed from the board as it was before the
 * move, with no allocation.
 *
 * Main word: the sum of its letters, where fresh tiles get their square's
 * letter multiplier and tiles already on the board count at face value, times
 * the product of the word multipliers under the fresh tiles. Each fresh tile
 * with neighbours across the line also forms a cross word, scored the same
 * way with only that tile's bonuses. Blanks score 0 wherever they are. Using
 * all seven rack tiles adds BINGO_BONUS.
 *
 * Speed: one 256-entry score table per letter set maps every machine letter,
 * blank bit included, straight to its points, so the inner loops are array
 * reads and integer arithmetic.
 */
import type { Board } from '../board/board.ts';
import { BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { BINGO_BONUS, RACK_SIZE } from './constants.ts';
import type { Placement } from './placement.ts';

// Module-local copies of imported constants: some loaders (tsx's CommonJS
// output) turn each use of an imported binding into a property getter, which
// costs more than the rest of the inner loop.
const NONE = EMPTY;
const ALL_TILES = RACK_SIZE;
const BINGO = BINGO_BONUS;

const tables = new WeakMap<LetterSet, Int8Array>();

/** Points per machine letter, indexed by the full byte (blank-bit letters are 0). */
export function tileScoreTable(set: LetterSet): Int8Array {
  let table = tables.get(set);
  if (!table) {
    table = new Int8Array(256);
    for (let code = 1; code < set.size; code++) table[code] = set.scores[code];
    for (let code = 0; code < 128; code++) table[code | BLANK_BIT] = 0;
    tables.set(set, table);
  }
  return table;
}

/**
 * Score of `p` on `board` (before the move). Assumes `p` passed
 * `checkPlacement`. `points` comes from `tileScoreTable`.
 */
export function scorePlacement(board: Board, p: Placement, points: Int8Array): number {
  const { dim, squares } = board;
  const { letterMult, wordMult } = board.layout;
  const dr = p.vertical ? 1 : 0;
  const dc = p.vertical ? 0 : 1;
  const n = p.tiles.length;

  let mainSum = 0;
  let mainMult = 1;
  let mainLength = n;
  let crossTotal = 0;
  let fresh = 0;

  // Tiles touching the run's ends belong to the main word.
  for (let r = p.row - dr, c = p.col - dc; r >= 0 && c >= 0; r -= dr, c -= dc) {
    const t = squares[r * dim + c];
    if (t === NONE) break;
    mainSum += points[t];
    mainLength++;
  }
  for (let r = p.row + dr * n, c = p.col + dc * n; r < dim && c < dim; r += dr, c += dc) {
    const t = squares[r * dim + c];
    if (t === NONE) break;
    mainSum += points[t];
    mainLength++;
  }

  for (let i = 0; i < n; i++) {
    const r = p.row + dr * i;
    const c = p.col + dc * i;
    const sq = r * dim + c;
    const t = p.tiles[i];
    if (t === 0) {
      mainSum += points[squares[sq]];
      continue;
    }
    fresh++;
    const letter = points[t] * letterMult[sq];
    const wm = wordMult[sq];
    mainSum += letter;
    mainMult *= wm;
    // Cross word: walk outwards across the line on both sides of the tile.
    let crossSum = 0;
    let crossLength = 0;
    for (let rr = r - dc, cc = c - dr; rr >= 0 && cc >= 0; rr -= dc, cc -= dr) {
      const u = squares[rr * dim + cc];
      if (u === NONE) break;
      crossSum += points[u];
      crossLength++;
    }
    for (let rr = r + dc, cc = c + dr; rr < dim && cc < dim; rr += dc, cc += dr) {
      const u = squares[rr * dim + cc];
      if (u === NONE) break;
      crossSum += points[u];
      crossLength++;
    }
    if (crossLength > 0) crossTotal += (crossSum + letter) * wm;
  }

  const main = mainLength >= 2 ? mainSum * mainMult : 0;
  return main + crossTotal + (fresh === ALL_TILES ? BINGO : 0);
}
