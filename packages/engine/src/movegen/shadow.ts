/**
 * Best-first search for the top N moves ("shadow" bounds).
 *
 * Before generating anything, every anchor in both directions gets an upper
 * bound on the equity of any move whose leftmost anchor it is. The bound
 * ignores spelling: for each span of empty squares around the anchor that
 * the rack could fill (reaching left no further than the previous anchor,
 * at most rack-size squares, every square's cross-check admitting some rack
 * tile), it pairs the rack's tile values, highest first, with the squares'
 * score coefficients, highest first (by the rearrangement inequality no
 * assignment scores more), adds the tiles played through, the cross words'
 * fixed parts, the bingo bonus, and the best leave value for that many tiles
 * used. Anchors are then searched from the highest bound down, and the search
 * stops as soon as a bound cannot beat the N-th best equity found so far.
 * On typical boards the top move is found after a handful of anchors.
 */
import { dawgRoot } from '../lexicon/graph.ts';
import { ACROSS, DOWN, type CrossBoard } from './cross.ts';
import type { MoveGenerator } from './generator.ts';
import type { MoveList } from './moves.ts';
import type { RackLeaves } from './rack-leaves.ts';

// Hot-loop constants are module-local on purpose: under tsx's CommonJS output
// every use of an imported binding is a property read through a getter.
// (Values as in lexicon/graph.ts, tiles/letter-sets.ts and rules/constants.ts.)
const TILE_SHIFT = 26;
const CHILD_MASK = 0x00ffffff;
const ACCEPTS_BIT = 1 << 24;
const END_BIT = 1 << 25;
const EMPTY = 0;
const RACK_SIZE = 7;
const BINGO_BONUS = 50;

const MAX_ANCHORS = 2 * 21 * 21;
const anchorSq = new Int32Array(MAX_ANCHORS);
const anchorDir = new Uint8Array(MAX_ANCHORS);
const anchorBound = new Float64Array(MAX_ANCHORS);
const order = new Int32Array(MAX_ANCHORS);
const rackVals = new Int32Array(8);
const coefs = new Int32Array(8);
const leftSq = new Int32Array(8);
const leftThrough = new Int32Array(8);
const leftCount = new Int32Array(8);
const rightCount = new Int32Array(8);
const counts = new Int32Array(64);
/**
 * Whether the rack alone spells a word (set per full rack): a bingo that
 * plays through no tile needs one. (Checking bingos through one board tile
 * the same way, with a wildcard, cost as much as it saved.)
 */
let bingo0 = true;

const rightSq = new Int32Array(8);
const rightThrough = new Int32Array(8);

/** Counters for benchmarks: anchors seen and searched. */
export const shadowStats = { calls: 0, anchors: 0, searched: 0 };

export function searchTopN(
  gen: MoveGenerator,
  board: CrossBoard,
  leaves: RackLeaves,
  out: MoveList,
  /** Stop as soon as the best move found reaches this equity (a search that only needs "is there one this good?"). */
  stopAt = Infinity,
): void {
  const rack = gen.rack;
  let n = 0;
  let rackMask = 0;
  for (let t = 0; t < 64; t++) {
    for (let k = rack[t]; k > 0; k--) rackVals[n++] = board.points[t];
    if (t > 0 && rack[t] > 0) rackMask |= 1 << (t - 1);
  }
  if (n === 0) return;
  if (rack[0] > 0) rackMask = -1;
  sortDesc(rackVals, n);
  if (n === RACK_SIZE) {
    for (let t = 1; t < 64; t++) counts[t] = rack[t];
    // With a blank a bingo is usually possible and the search with jokers is
    // costly, so the check is made for blank-free racks only.
    bingo0 = rack[0] > 0 || anagramExists(board.nodes, dawgRoot(board.nodes), 0, n);
  }
  let count = 0;
  for (let dir = ACROSS; dir <= DOWN; dir++) {
    for (let sq = 0; sq < board.size; sq++) {
      if (!board.isAnchor(sq)) continue;
      const b = bound(board, dir, sq, n, rackMask, leaves);
      if (b === -Infinity) continue;
      anchorSq[count] = sq;
      anchorDir[count] = dir;
      anchorBound[count] = b;
      order[count] = count;
      count++;
    }
  }
  const sorted = order.subarray(0, count).sort((a, b) => anchorBound[b] - anchorBound[a]);
  let k = 0;
  for (; k < count; k++) {
    const a = sorted[k];
    if (anchorBound[a] <= out.threshold()) break;
    gen.generateAnchor(anchorDir[a], anchorSq[a]);
    if (out.count > 0 && out.equity[0] >= stopAt) {
      k++;
      break;
    }
  }
  shadowStats.anchors += count;
  shadowStats.searched += k;
  shadowStats.calls++;
}

/**
 * Whether some word of exactly `length` letters uses every counted tile,
 * with `jokers` letters free (blanks, or board tiles played through). A real
 * tile is used whenever it fits, which loses no solution since jokers can
 * stand for anything.
 */
function anagramExists(nodes: Uint32Array, list: number, jokers: number, length: number): boolean {
  if (list === 0) return false;
  for (let i = list; ; i++) {
    const node = nodes[i];
    const t = node >>> TILE_SHIFT;
    let used = 0;
    if (counts[t] > 0) {
      counts[t]--;
      used = 1;
    } else if (jokers > 0) {
      jokers--;
      used = 2;
    }
    if (used !== 0) {
      const found =
        length === 1
          ? (node & ACCEPTS_BIT) !== 0
          : anagramExists(nodes, node & CHILD_MASK, jokers, length - 1);
      if (used === 1) counts[t]++;
      else jokers++;
      if (found) return true;
    }
    if (node & END_BIT) return false;
  }
}

function sortDesc(a: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] < v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/** Upper bound on the equity of moves whose leftmost anchor is `sq` (dir). */
function bound(
  board: CrossBoard,
  dir: number,
  sq: number,
  n: number,
  rackMask: number,
  leaves: RackLeaves,
): number {
  const { dim, squares, points } = board;
  const step = dir === ACROSS ? 1 : dim;
  const row = (sq / dim) | 0;
  const pos = dir === ACROSS ? sq - row * dim : row;
  const crossBase = dir * board.size;
  const cross = board.cross;
  if ((cross[crossBase + sq] & rackMask) === 0) return -Infinity;
  // Previous anchor in the line limits the leftward reach.
  let prev = -1;
  for (let p = pos - 1; p >= 0; p--) {
    if (board.isAnchor(sq - (pos - p) * step)) {
      prev = p;
      break;
    }
  }
  // Empty squares leftwards from the anchor (the anchor first), with the
  // points of tiles passed over up to and including the run beyond each.
  let nl = 0;
  let through = 0;
  let passed = 0;
  let p = pos;
  for (;;) {
    let q = p - 1;
    while (q >= 0 && squares[sq - (pos - q) * step] !== EMPTY) {
      through += points[squares[sq - (pos - q) * step]];
      passed++;
      q--;
    }
    leftSq[nl] = sq - (pos - p) * step;
    leftThrough[nl] = through;
    leftCount[nl] = passed;
    nl++;
    if (
      q < 0 ||
      q <= prev ||
      nl >= n ||
      (cross[crossBase + sq - (pos - q) * step] & rackMask) === 0
    )
      break;
    p = q;
  }
  // Empty squares rightwards after the anchor.
  let nr = 0;
  through = 0;
  passed = 0;
  p = pos;
  for (;;) {
    let q = p + 1;
    while (q < dim && squares[sq + (q - pos) * step] !== EMPTY) {
      through += points[squares[sq + (q - pos) * step]];
      passed++;
      q++;
    }
    rightThrough[nr] = through;
    rightCount[nr] = passed;
    if (q >= dim || nr + 1 >= n || (cross[crossBase + sq + (q - pos) * step] & rackMask) === 0)
      break;
    rightSq[nr] = sq + (q - pos) * step;
    nr++;
    p = q;
  }
  let best = -Infinity;
  for (let i = 0; i < nl; i++) {
    for (let j = 0; j <= nr && i + 1 + j <= n; j++) {
      const k = i + 1 + j;
      if (k === RACK_SIZE) {
        const t = leftCount[i] + rightCount[j];
        if (t === 0 && !bingo0) continue;
      }
      let wm = 1;
      for (let a = 0; a <= i; a++) wm *= board.wordMult[leftSq[a]];
      for (let a = 0; a < j; a++) wm *= board.wordMult[rightSq[a]];
      let fixed = (leftThrough[i] + rightThrough[j]) * wm;
      let c = 0;
      for (let a = 0; a < k; a++) {
        const s = a <= i ? leftSq[a] : rightSq[a - i - 1];
        const cs = board.crossScore[crossBase + s];
        const swm = board.wordMult[s];
        const lm = board.letterMult[s];
        if (cs >= 0) {
          fixed += cs * swm;
          coefs[c++] = lm * (wm + swm);
        } else {
          coefs[c++] = lm * wm;
        }
      }
      sortDesc(coefs, c);
      let score = fixed;
      for (let a = 0; a < c; a++) score += coefs[a] * rackVals[a];
      if (k === RACK_SIZE) score += BINGO_BONUS;
      const eq = score + leaves.bestByUsed[k];
      if (eq > best) best = eq;
    }
  }
  return best;
}
