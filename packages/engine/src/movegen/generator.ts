/**
 * Move generation over the GADDAG (Gordon's algorithm), written for speed:
 * integer tiles, typed arrays, recursion whose arguments are plain numbers,
 * and every move recorded straight into a MoveList (no object per move).
 *
 * For each line (a row for ACROSS, a column for DOWN) and each anchor in it
 * (an empty square next to a tile): start at the GADDAG root on the anchor
 * and walk leftwards, placing rack tiles allowed by the square's cross-check
 * or following tiles already on the board. At any point where the square to
 * the left is free, the SEPARATOR arc switches to extending rightwards from
 * the square after the anchor. An accepting arc with free squares on both
 * sides of the word is a move.
 *
 * Invariants that make each placement come out exactly once:
 * - the leftward walk never places a tile on or beyond the previous anchor of
 *   the line, so a move is generated from the leftmost anchor it covers;
 * - a single tile forming words both ways is recorded only ACROSS (the
 *   direction `placementFromSquares` gives it); a single tile whose only word
 *   runs down is recorded only DOWN (its across "word" is one letter).
 *
 * Scoring is incremental: each step passes on the main word's letter sum,
 * its word multiplier and the running total of the cross words, so recording
 * a move is one multiply and add. Equity adds the leave table entry for the
 * tiles used (RackLeaves) and, on an empty board, the opening penalties.
 */
import { gaddagRoot } from '../lexicon/graph.ts';
import { ACROSS, DOWN, type CrossBoard } from './cross.ts';
import { MAX_LEN, MoveList, PLACE } from './moves.ts';
import type { RackLeaves } from './rack-leaves.ts';

// Hot-loop constants are module-local on purpose: under tsx's CommonJS output
// every use of an imported binding is a property read through a getter.
// (Values as in lexicon/graph.ts, tiles/letter-sets.ts and rules/constants.ts.)
const TILE_SHIFT = 26;
const CHILD_MASK = 0x00ffffff;
const ACCEPTS_BIT = 1 << 24;
const END_BIT = 1 << 25;
const EMPTY = 0;
const BLANK_BIT = 0x80;
const LETTER_MASK = 0x7f;
const RACK_SIZE = 7;
const BINGO_BONUS = 50;

export interface OpeningPenalty {
  /** Penalty (<= 0) per square for a vowel placed there on the first move. */
  readonly perSquare: Float64Array;
  /** Cross-check style bit set of the vowels. */
  readonly vowels: number;
}

const listLettersCache = new WeakMap<Uint32Array, Int32Array>();

/**
 * For every sibling list of the graph, indexed by its first node: its
 * letters as cross-check bits (letter t at bit t - 1; the separator left
 * out). With it the generator goes straight to the arcs of the letters it
 * can place instead of walking the list (on average about eleven arcs
 * walked per square in endgame searches, one or two of them used).
 * Shared by every generator over the same graph.
 */
function listLettersOf(nodes: Uint32Array): Int32Array {
  let masks = listLettersCache.get(nodes);
  if (masks) return masks;
  masks = new Int32Array(nodes.length);
  for (let i = 2; i < nodes.length;) {
    let bits = 0;
    let j = i;
    for (; ; j++) {
      const t = nodes[j] >>> TILE_SHIFT;
      if (t !== 0) bits |= 1 << (t - 1);
      if (nodes[j] & END_BIT) break;
    }
    masks[i] = bits;
    i = j + 1;
  }
  listLettersCache.set(nodes, masks);
  return masks;
}

/** How many of the bits of `bits` lie below the single bit `bit`. */
function bitsBelow(bits: number, bit: number): number {
  let x = bits & ((bit - 1) | 0);
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

export class MoveGenerator {
  readonly rack = new Uint8Array(64);
  private readonly line = new Uint8Array(MAX_LEN);
  private readonly nodes: Uint32Array;
  /** Per sibling list (by its first node): the bits of its letters (see listLettersOf). */
  private readonly listLetters: Int32Array;
  private readonly points: Int8Array;
  private readonly dim: number;
  private readonly size: number;
  private out!: MoveList;
  private leaves!: RackLeaves;
  private rackTotal = 0;
  /** Bits of the letters still on the rack (cross-check layout). */
  private rackMask = 0;
  private dir = ACROSS;
  private lineBase = 0;
  private step = 1;
  private anchor = 0;
  private prevAnchor = -1;
  private rightOpen = true;
  private crossBase = 0;
  private opening: OpeningPenalty | null = null;
  /** Optional filter: placements for which it returns false are dropped (bots with word lists). */
  filter: ((gen: MoveGenerator, lo: number, hi: number) => boolean) | null = null;

  constructor(readonly board: CrossBoard) {
    this.nodes = board.nodes;
    this.listLetters = listLettersOf(board.nodes);
    this.points = board.points;
    this.dim = board.dim;
    this.size = board.size;
  }

  /** Direction, first square and step of the line being generated (for filters). */
  lineInfo(): { dir: number; base: number; step: number; tiles: Uint8Array } {
    return { dir: this.dir, base: this.lineBase, step: this.step, tiles: this.line };
  }

  /**
   * Set up for a rack (counts per machine letter, 0 = blanks) before calling
   * `generateAll` or `generateAnchor`.
   */
  prepare(
    rack: ArrayLike<number>,
    letterCount: number,
    out: MoveList,
    leaves: RackLeaves,
    opening: OpeningPenalty | null = null,
  ): void {
    this.rack.fill(0);
    let n = 0;
    for (let t = 0; t < letterCount; t++) {
      this.rack[t] = rack[t];
      n += rack[t];
    }
    this.rackTotal = n;
    let mask = 0;
    for (let t = 1; t < letterCount; t++) if (rack[t] > 0) mask |= 1 << (t - 1);
    this.rackMask = mask;
    this.out = out;
    this.leaves = leaves;
    this.opening = this.board.tileCount === 0 ? opening : null;
  }

  /** Every placement, both directions. */
  generateAll(): void {
    if (this.rackTotal === 0) return;
    const { dim } = this;
    for (let dir = ACROSS; dir <= DOWN; dir++) {
      for (let l = 0; l < dim; l++) {
        let prev = -1;
        for (let pos = 0; pos < dim; pos++) {
          const sq = dir === ACROSS ? l * dim + pos : pos * dim + l;
          if (!this.board.isAnchor(sq)) continue;
          this.genAt(dir, l, pos, prev);
          prev = pos;
        }
      }
    }
  }

  /**
   * Positions in the line of which a placement must cover at least one to be
   * recorded (a bit per position; -1 records all). The endgame sets it to
   * the squares that changed since its root position.
   */
  cover = -1;

  /**
   * Placements whose leftmost anchor is at `pos` of line `l` in direction
   * `dir`, given the previous anchor of the line (`prev`, -1 for none).
   */
  generateAt(dir: number, l: number, pos: number, prev: number): void {
    this.genAt(dir, l, pos, prev);
  }

  /** Placements whose leftmost anchor is `sq` in direction `dir`. */
  generateAnchor(dir: number, sq: number): void {
    const { dim } = this;
    const row = (sq / dim) | 0;
    const col = sq - row * dim;
    const l = dir === ACROSS ? row : col;
    const pos = dir === ACROSS ? col : row;
    const step = dir === ACROSS ? 1 : dim;
    let prev = -1;
    for (let p = pos - 1; p >= 0; p--) {
      if (this.board.isAnchor(sq - (pos - p) * step)) {
        prev = p;
        break;
      }
    }
    this.genAt(dir, l, pos, prev);
  }

  private genAt(dir: number, l: number, pos: number, prev: number): void {
    const { dim } = this;
    this.dir = dir;
    this.step = dir === ACROSS ? 1 : dim;
    this.lineBase = dir === ACROSS ? l * dim : l;
    this.crossBase = dir * this.size;
    this.anchor = pos;
    this.prevAnchor = prev;
    this.rightOpen =
      pos === dim - 1 || this.board.squares[this.lineBase + (pos + 1) * this.step] === EMPTY;
    this.goLeft(pos, gaddagRoot(this.nodes), 0, 1, 0, 0, 0);
  }

  private goLeft(
    pos: number,
    list: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
  ): void {
    const nodes = this.nodes;
    const board = this.board;
    const sq = this.lineBase + pos * this.step;
    const tile = board.squares[sq];
    if (tile !== EMPTY) {
      const letter = tile & LETTER_MASK;
      for (let i = list; ; i++) {
        const node = nodes[i];
        const t = node >>> TILE_SHIFT;
        if (t === letter) {
          this.leftStep(pos, node, mainSum + this.points[tile], wordMult, crossSum, placed, used);
          return;
        }
        if (t > letter || node & END_BIT) return;
      }
    }
    this.placeTiles(pos, list, sq, -1, mainSum, wordMult, crossSum, placed, used, false);
  }

  private leftStep(
    pos: number,
    node: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
  ): void {
    const leftOpen =
      pos === 0 || this.board.squares[this.lineBase + (pos - 1) * this.step] === EMPTY;
    if (node & ACCEPTS_BIT && leftOpen && this.rightOpen) {
      this.record(pos, this.anchor, mainSum, wordMult, crossSum, placed, used);
    }
    const child = node & CHILD_MASK;
    if (child === 0) return;
    if (pos > 0) {
      if (!leftOpen) this.goLeft(pos - 1, child, mainSum, wordMult, crossSum, placed, used);
      else if (pos - 1 > this.prevAnchor && placed < this.rackTotal) {
        this.goLeft(pos - 1, child, mainSum, wordMult, crossSum, placed, used);
      }
    }
    if (leftOpen && this.anchor < this.dim - 1 && this.nodes[child] >>> TILE_SHIFT === 0) {
      const after = this.nodes[child] & CHILD_MASK;
      if (after !== 0)
        this.goRight(this.anchor + 1, after, pos, mainSum, wordMult, crossSum, placed, used);
    }
  }

  private goRight(
    pos: number,
    list: number,
    lo: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
  ): void {
    const nodes = this.nodes;
    const board = this.board;
    const sq = this.lineBase + pos * this.step;
    const tile = board.squares[sq];
    if (tile !== EMPTY) {
      const letter = tile & LETTER_MASK;
      for (let i = list; ; i++) {
        const node = nodes[i];
        const t = node >>> TILE_SHIFT;
        if (t === letter) {
          this.rightStep(
            pos,
            node,
            lo,
            mainSum + this.points[tile],
            wordMult,
            crossSum,
            placed,
            used,
          );
          return;
        }
        if (t > letter || node & END_BIT) return;
      }
    }
    if (placed >= this.rackTotal) return;
    this.placeTiles(pos, list, sq, lo, mainSum, wordMult, crossSum, placed, used, true);
  }

  /**
   * Each tile of the rack (a blank as every letter) that the cross-check
   * at empty square `sq` (line position `pos`) and sibling list `list`
   * allow, placed there, then the walk goes on leftward or (`right`, the
   * word's leftmost position `lo`) rightward.
   */
  private placeTiles(
    pos: number,
    list: number,
    sq: number,
    lo: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
    right: boolean,
  ): void {
    const { board, nodes, rack } = this;
    const cross = board.cross[this.crossBase + sq];
    const cs = board.crossScore[this.crossBase + sq];
    const lm = board.letterMult[sq];
    const wm = board.wordMult[sq];
    const radix = this.leaves.radix;
    const here = this.listLetters[list];
    let todo = (rack[0] > 0 ? cross : cross & this.rackMask) & here;
    if (todo === 0) return;
    // The list's letters follow its separator (if any) in ascending order.
    const first = list + (nodes[list] >>> TILE_SHIFT === 0 ? 1 : 0);
    while (todo !== 0) {
      const bit = todo & -todo;
      todo ^= bit;
      const letter = 32 - Math.clz32(bit);
      const node = nodes[first + bitsBelow(here, bit)];
      if (rack[letter] > 0) {
        if (--rack[letter] === 0) this.rackMask ^= bit;
        this.line[pos] = letter;
        const ls = this.points[letter] * lm;
        const crossed = cs >= 0 ? crossSum + (cs + ls) * wm : crossSum;
        if (right)
          this.rightStep(
            pos,
            node,
            lo,
            mainSum + ls,
            wordMult * wm,
            crossed,
            placed + 1,
            used + radix[letter],
          );
        else
          this.leftStep(
            pos,
            node,
            mainSum + ls,
            wordMult * wm,
            crossed,
            placed + 1,
            used + radix[letter],
          );
        if (rack[letter]++ === 0) this.rackMask ^= bit;
      }
      if (rack[0] > 0) {
        rack[0]--;
        this.line[pos] = letter | BLANK_BIT;
        const crossed = cs >= 0 ? crossSum + cs * wm : crossSum;
        if (right)
          this.rightStep(
            pos,
            node,
            lo,
            mainSum,
            wordMult * wm,
            crossed,
            placed + 1,
            used + radix[0],
          );
        else this.leftStep(pos, node, mainSum, wordMult * wm, crossed, placed + 1, used + radix[0]);
        rack[0]++;
      }
    }
    this.line[pos] = 0;
  }

  private rightStep(
    pos: number,
    node: number,
    lo: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
  ): void {
    const last = pos === this.dim - 1;
    const rightOpen = last || this.board.squares[this.lineBase + (pos + 1) * this.step] === EMPTY;
    if (node & ACCEPTS_BIT && rightOpen)
      this.record(lo, pos, mainSum, wordMult, crossSum, placed, used);
    const child = node & CHILD_MASK;
    if (child !== 0 && !last)
      this.goRight(pos + 1, child, lo, mainSum, wordMult, crossSum, placed, used);
  }

  private record(
    lo: number,
    hi: number,
    mainSum: number,
    wordMult: number,
    crossSum: number,
    placed: number,
    used: number,
  ): void {
    if (hi === lo) return; // a one-letter "word": the tile's play is the other direction
    if (this.cover !== -1 && (this.cover & (((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1))) === 0) return;
    if (placed === 1 && this.dir === DOWN) {
      // A lone tile that also forms an across word is recorded across.
      const sq = this.lineBase + this.anchor * this.step;
      if (this.board.crossScore[this.size + sq] >= 0) return;
    }
    if (this.filter !== null && !this.filter(this, lo, hi)) return;
    const score = mainSum * wordMult + crossSum + (placed === RACK_SIZE ? BINGO_BONUS : 0);
    let equity = score + this.leaves.value[used];
    const opening = this.opening;
    if (opening !== null) {
      for (let p = lo; p <= hi; p++) {
        const t = this.line[p] & LETTER_MASK;
        if (t !== 0 && (opening.vowels & (1 << (t - 1))) !== 0) {
          equity += opening.perSquare[this.lineBase + p * this.step];
        }
      }
    }
    const out = this.out;
    const i = out.slot(equity);
    if (i < 0) return;
    out.kind[i] = PLACE;
    out.dir[i] = this.dir;
    out.start[i] = this.lineBase + lo * this.step;
    out.len[i] = hi - lo + 1;
    out.played[i] = placed;
    out.score[i] = score;
    out.equity[i] = equity;
    const base = i * MAX_LEN;
    const line = this.line;
    const tiles = out.tiles;
    for (let p = lo; p <= hi; p++) tiles[base + p - lo] = line[p];
  }
}
