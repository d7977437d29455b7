/**
 * The move generator's view of a board: the squares plus, for every empty
 * square and each play direction, its cross-check (which letters may go there
 * without spoiling the perpendicular word) and cross-score (the face value of
 * the perpendicular word's other tiles, or -1 when there is no such word).
 *
 * Layout: flat typed arrays indexed `dir * size + square`, where `dir` is
 * ACROSS (0) or DOWN (1) and `size = dim * dim`. A cross-check is a bit set:
 * bit `L - 1` allows machine letter L (letter sets have at most 32 letters),
 * so testing a letter is one AND.
 *
 * How a cross-check is computed: the perpendicular word through an empty
 * square is prefix + ? + suffix. In the GADDAG the whole word reversed is a
 * path, so we walk reverse(suffix) from the GADDAG root once, then for each
 * child letter L walk reverse(prefix) and test `accepts` at the end. One walk
 * per square, at most one short walk per candidate letter.
 *
 * Incremental updates: placing tiles only changes the perpendicular words
 * that run through the new tiles, so only the empty squares just beyond the
 * ends of those runs (at most four per tile) are recomputed. Every change can
 * be logged and undone (`mark` / `undo`), which the endgame search uses to
 * play and take back millions of moves without copying the board.
 */
import type { BoardLayout } from '../board/layouts.ts';
import { gaddagRoot } from '../lexicon/graph.ts';

// Hot-loop constants are module-local on purpose: under tsx's CommonJS output
// every use of an imported binding is a property read through a getter.
// (Values as in lexicon/graph.ts, tiles/letter-sets.ts and rules/constants.ts.)
const TILE_SHIFT = 26;
const CHILD_MASK = 0x00ffffff;
const ACCEPTS_BIT = 1 << 24;
const END_BIT = 1 << 25;
const EMPTY = 0;
const LETTER_MASK = 0x7f;

export const ACROSS = 0;
export const DOWN = 1;

/** Cross-check bit of machine letter `letter` (1..32). */
export function letterBit(letter: number): number {
  return 1 << (letter - 1);
}

interface CrossMemo {
  readonly mask: number;
  /**
   * Four words per slot, side by side so a probe reads one cache line: two
   * hash halves (0 = empty), the cross mask and the cross score.
   */
  readonly slots: Int32Array;
}

export class CrossBoard {
  readonly dim: number;
  readonly size: number;
  readonly squares: Uint8Array;
  readonly letterMult: Uint8Array;
  readonly wordMult: Uint8Array;
  readonly centre: number;
  readonly cross: Int32Array;
  readonly crossScore: Int16Array;
  /** Every letter of the set allowed (the cross-check of a square with no neighbours). */
  readonly allLetters: number;
  tileCount = 0;
  /** Undo log: triples (index, old value, old score); index < 0 means square -(index+1). */
  private log = new Int32Array(3 * 256);
  private logLength = 0;
  /** Whether changes are logged (only searches that undo need it). */
  logging = false;
  private memo: CrossMemo | null = null;
  /** What `crossOf` found: a cross mask and its score (-1: no perpendicular word). */
  foundMask = 0;
  foundScore = -1;
  /**
   * Per line (`dir * dim + line`: rows for ACROSS plays, columns for DOWN),
   * a 64-bit hash of its squares' tiles and of its cross data for plays
   * along it, kept in step by every change once `hashLines` has run (the
   * endgame remembers generated lines by it). Null when off.
   */
  lineHi: Int32Array | null = null;
  lineLo: Int32Array | null = null;
  /** Per cross-data index, its first mixing step in the line hashes (hashCross). */
  private crossSeedHi: Int32Array | null = null;
  private crossSeedLo: Int32Array | null = null;

  constructor(
    readonly layout: BoardLayout,
    readonly nodes: Uint32Array,
    /** Points per machine letter, blank bit included (rules/score.ts tileScoreTable). */
    readonly points: Int8Array,
    letterCount: number,
  ) {
    this.dim = layout.dim;
    this.size = layout.dim * layout.dim;
    this.squares = new Uint8Array(this.size);
    this.letterMult = layout.letterMult;
    this.wordMult = layout.wordMult;
    this.centre = layout.centre;
    this.cross = new Int32Array(2 * this.size);
    this.crossScore = new Int16Array(2 * this.size);
    const letters = letterCount - 1;
    this.allLetters = letters >= 32 ? -1 : (1 << letters) - 1;
    this.cross.fill(this.allLetters);
    this.crossScore.fill(-1);
  }

  /** Replace the whole board and recompute every cross-check. */
  setSquares(squares: ArrayLike<number>): void {
    this.squares.set(squares);
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.squares[i] !== EMPTY) n++;
    this.tileCount = n;
    this.logLength = 0;
    for (let sq = 0; sq < this.size; sq++) {
      this.computeCross(sq, ACROSS);
      this.computeCross(sq, DOWN);
    }
    if (this.lineHi !== null) this.hashLines();
  }

  /** Empty the board. */
  clear(): void {
    this.squares.fill(EMPTY);
    this.cross.fill(this.allLetters);
    this.crossScore.fill(-1);
    this.tileCount = 0;
    this.logLength = 0;
    if (this.lineHi !== null) this.hashLines();
  }

  /** Copy another board of the same layout (cross data included). */
  copyFrom(other: CrossBoard): void {
    this.squares.set(other.squares);
    this.cross.set(other.cross);
    this.crossScore.set(other.crossScore);
    this.tileCount = other.tileCount;
    this.logLength = 0;
    if (this.lineHi !== null) this.hashLines();
  }

  /** Turn line hashes on (see `lineHi`) and compute them from scratch. */
  hashLines(): void {
    const { dim, size } = this;
    this.lineHi ??= new Int32Array(2 * dim);
    this.lineLo ??= new Int32Array(2 * dim);
    if (this.crossSeedHi === null) {
      this.crossSeedHi = new Int32Array(2 * size);
      this.crossSeedLo = new Int32Array(2 * size);
      for (let idx = 0; idx < 2 * size; idx++) {
        this.crossSeedHi[idx] = mix32(idx + 0x6a09e667);
        this.crossSeedLo![idx] = mix32(idx + 0x510e527f);
      }
    }
    this.lineHi.fill(0);
    this.lineLo.fill(0);
    for (let sq = 0; sq < size; sq++) {
      this.hashTile(sq, this.squares[sq]);
      this.hashCross(sq, this.cross[sq], this.crossScore[sq]);
      this.hashCross(size + sq, this.cross[size + sq], this.crossScore[size + sq]);
    }
  }

  /** Toggle tile `tile` on `sq` in the hashes of its row and column. */
  private hashTile(sq: number, tile: number): void {
    const hi = mix32(sq * 256 + tile + 0x3c6ef372);
    const lo = mix32(sq * 256 + tile + 0x1b873593);
    const row = (sq / this.dim) | 0;
    const col = this.dim + sq - row * this.dim;
    this.lineHi![row] ^= hi;
    this.lineLo![row] ^= lo;
    this.lineHi![col] ^= hi;
    this.lineLo![col] ^= lo;
  }

  /** Toggle cross data (`mask`, `score`) at `idx` (dir * size + sq) in its line's hash. */
  private hashCross(idx: number, mask: number, score: number): void {
    const hi = mix32(mix32(this.crossSeedHi![idx] ^ mask) ^ score);
    const lo = mix32(mix32(this.crossSeedLo![idx] ^ mask) ^ score);
    const dir = idx >= this.size ? 1 : 0;
    const sq = idx - dir * this.size;
    const row = (sq / this.dim) | 0;
    const line = dir === 0 ? row : this.dim + sq - row * this.dim;
    this.lineHi![line] ^= hi;
    this.lineLo![line] ^= lo;
  }

  /** Whether the square has a tile beside it in any of the four directions. */
  hasNeighbour(sq: number): boolean {
    const { squares, dim } = this;
    const col = sq % dim;
    return (
      (col > 0 && squares[sq - 1] !== EMPTY) ||
      (col < dim - 1 && squares[sq + 1] !== EMPTY) ||
      (sq >= dim && squares[sq - dim] !== EMPTY) ||
      (sq + dim < this.size && squares[sq + dim] !== EMPTY)
    );
  }

  /** An anchor: an empty square next to a tile, or the centre of an empty board. */
  isAnchor(sq: number): boolean {
    if (this.squares[sq] !== EMPTY) return false;
    return this.tileCount === 0 ? sq === this.centre : this.hasNeighbour(sq);
  }

  /**
   * Recompute the cross-check of `sq` for plays in direction `dir`. The
   * perpendicular word runs along the other axis (step `dim` for ACROSS).
   */
  computeCross(sq: number, dir: number): void {
    this.crossOf(sq, dir);
    this.setCross(dir * this.size + sq, this.foundMask, this.foundScore);
  }

  /**
   * The cross-check `sq` would have for plays in direction `dir` on the
   * board as it is now, into `foundMask` and `foundScore`, without setting
   * it: a caller may put a tile down for a moment without logging it and
   * ask what the squares around it would allow.
   */
  crossOf(sq: number, dir: number): void {
    const idx = dir * this.size + sq;
    const { squares, dim, nodes, points } = this;
    this.foundMask = this.allLetters;
    this.foundScore = -1;
    if (squares[sq] !== EMPTY) return;
    const step = dir === ACROSS ? dim : 1;
    const row = (sq / dim) | 0;
    const pos = dir === ACROSS ? row : sq - row * dim;
    let a = pos;
    while (a > 0 && squares[sq - (pos - a + 1) * step] !== EMPTY) a--;
    let b = pos;
    while (b < dim - 1 && squares[sq + (b - pos + 1) * step] !== EMPTY) b++;
    if (a === pos && b === pos) return;
    const memo = this.memo;
    let slot = -1;
    let h1 = 0;
    let h2 = 0;
    if (memo !== null) {
      // Key: the square, the direction and the tiles of the perpendicular word.
      h1 = idx + 1;
      h2 = Math.imul(idx, 0x2c1b3c6d) ^ (pos - a);
      for (let k = a; k <= b; k++) {
        if (k === pos) continue;
        const t = squares[sq + (k - pos) * step];
        h1 = Math.imul(h1 ^ t, 0x01000193);
        h2 = Math.imul(h2 + t, 0x5bd1e995) ^ (h2 >>> 15);
      }
      if (h1 === 0) h1 = 1;
      slot = (h2 & memo.mask) * 4;
      const slots = memo.slots;
      if (slots[slot] === h1 && slots[slot + 1] === h2) {
        this.foundMask = slots[slot + 2];
        this.foundScore = slots[slot + 3];
        return;
      }
    }
    let score = 0;
    for (let k = a; k <= b; k++) if (k !== pos) score += points[squares[sq + (k - pos) * step]];
    // Walk the suffix reversed from the GADDAG root.
    let list = gaddagRoot(nodes);
    for (let k = b; k > pos && list !== 0; k--) {
      list = childOf(nodes, list, squares[sq + (k - pos) * step] & LETTER_MASK);
    }
    let mask = 0;
    if (list !== 0) {
      for (let i = list; ; i++) {
        const node = nodes[i];
        const letter = node >>> TILE_SHIFT;
        if (letter !== 0 && prefixAccepts(nodes, node, squares, sq, step, pos - a)) {
          mask |= 1 << (letter - 1);
        }
        if (node & END_BIT) break;
      }
    }
    if (memo !== null) {
      const slots = memo.slots;
      slots[slot] = h1;
      slots[slot + 1] = h2;
      slots[slot + 2] = mask;
      slots[slot + 3] = score;
    }
    this.foundMask = mask;
    this.foundScore = score;
  }

  /**
   * Remember computed cross-checks by square, direction and perpendicular
   * word (a 64-bit hash of them), for searches that recompute the same few
   * squares again and again (the endgame). Collisions are ignored, as with
   * Zobrist keys.
   */
  useMemo(bits = 16): void {
    const n = 1 << bits;
    this.memo = {
      mask: n - 1,
      slots: new Int32Array(4 * n),
    };
  }

  private setCross(idx: number, mask: number, score: number): void {
    if (this.cross[idx] === mask && this.crossScore[idx] === score) return;
    if (this.logging) this.push(idx, this.cross[idx], this.crossScore[idx]);
    if (this.lineHi !== null) {
      this.hashCross(idx, this.cross[idx], this.crossScore[idx]);
      this.hashCross(idx, mask, score);
    }
    this.cross[idx] = mask;
    this.crossScore[idx] = score;
  }

  private push(a: number, b: number, c: number): void {
    if (this.logLength + 3 > this.log.length) {
      const bigger = new Int32Array(this.log.length * 2);
      bigger.set(this.log);
      this.log = bigger;
    }
    this.log[this.logLength++] = a;
    this.log[this.logLength++] = b;
    this.log[this.logLength++] = c;
  }

  /** Put a tile on an empty square (cross-checks are updated by `refresh`). */
  placeTile(sq: number, tile: number): void {
    if (this.logging) this.push(-(sq + 1), this.squares[sq], 0);
    if (this.lineHi !== null) {
      this.hashTile(sq, this.squares[sq]);
      this.hashTile(sq, tile);
    }
    this.squares[sq] = tile;
    this.tileCount++;
  }

  /**
   * After tiles were put on `squares[from..]` with stride `step` (`count`
   * squares, some of them already occupied), recompute the cross-checks that
   * can have changed: the squares beyond both ends of every run through a new
   * tile, along both axes.
   */
  refreshAround(fresh: ArrayLike<number>, count: number): void {
    const { dim } = this;
    for (let k = 0; k < count; k++) {
      const sq = fresh[k];
      const row = (sq / dim) | 0;
      const col = sq - row * dim;
      // Vertical run through sq: its ends constrain ACROSS plays.
      let r = row;
      while (r > 0 && this.squares[sq - (row - r + 1) * dim] !== EMPTY) r--;
      if (r > 0) this.computeCross(sq - (row - r + 1) * dim, ACROSS);
      r = row;
      while (r < dim - 1 && this.squares[sq + (r - row + 1) * dim] !== EMPTY) r++;
      if (r < dim - 1) this.computeCross(sq + (r - row + 1) * dim, ACROSS);
      // Horizontal run: its ends constrain DOWN plays.
      let c = col;
      while (c > 0 && this.squares[sq - (col - c + 1)] !== EMPTY) c--;
      if (c > 0) this.computeCross(sq - (col - c + 1), DOWN);
      c = col;
      while (c < dim - 1 && this.squares[sq + (c - col + 1)] !== EMPTY) c++;
      if (c < dim - 1) this.computeCross(sq + (c - col + 1), DOWN);
    }
  }

  /** A position in the undo log to return to. */
  mark(): number {
    return this.logLength;
  }

  /** Undo every logged change made since `mark`. */
  undo(mark: number): void {
    const log = this.log;
    while (this.logLength > mark) {
      const c = log[--this.logLength];
      const b = log[--this.logLength];
      const a = log[--this.logLength];
      if (a < 0) {
        const sq = -a - 1;
        if (this.squares[sq] !== EMPTY && b === EMPTY) this.tileCount--;
        if (this.lineHi !== null) {
          this.hashTile(sq, this.squares[sq]);
          this.hashTile(sq, b);
        }
        this.squares[sq] = b;
      } else {
        if (this.lineHi !== null) {
          this.hashCross(a, this.cross[a], this.crossScore[a]);
          this.hashCross(a, b, c);
        }
        this.cross[a] = b;
        this.crossScore[a] = c;
      }
    }
  }
}

/** A bijective 32-bit integer mix (good avalanche), for the line hashes. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return x ^ (x >>> 16);
}

/** Child list of `tile` in the sibling list `list`, or 0. */
function childOf(nodes: Uint32Array, list: number, tile: number): number {
  for (let i = list; ; i++) {
    const node = nodes[i];
    const t = node >>> TILE_SHIFT;
    if (t === tile) return node & CHILD_MASK;
    if (t > tile || node & END_BIT) return 0;
  }
}

/** From the node of the candidate letter, walk the prefix reversed; true if it ends accepting. */
function prefixAccepts(
  nodes: Uint32Array,
  node: number,
  squares: Uint8Array,
  sq: number,
  step: number,
  prefixLength: number,
): boolean {
  let current = node;
  for (let k = 1; k <= prefixLength; k++) {
    const list = current & CHILD_MASK;
    if (list === 0) return false;
    const tile = squares[sq - k * step] & LETTER_MASK;
    let found = -1;
    for (let i = list; ; i++) {
      const n = nodes[i];
      const t = n >>> TILE_SHIFT;
      if (t === tile) {
        found = i;
        break;
      }
      if (t > tile || n & END_BIT) break;
    }
    if (found < 0) return false;
    current = nodes[found];
  }
  return (current & ACCEPTS_BIT) !== 0;
}
