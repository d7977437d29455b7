/**
 * The plays of an endgame node without generating them from scratch
 * ("plays that stay valid").
 *
 * At the root every placement of each player's whole rack is generated once
 * (the root lists). Later in the search the board differs from the root only
 * by added tiles. Call a square changed (for plays along one direction) when,
 * compared with the root, it got a tile or, empty, its cross-check or
 * cross-score in that direction may differ: that is, it is at an end of a
 * perpendicular run through a new tile. Each move marks its squares in
 * per-ply bit masks, a word per line (`markMove`). Then:
 * - a root play covering no changed square, with no new tile just beyond its
 *   ends, is still legal at the node with the same score as soon as the rack
 *   still holds its tiles: its squares are still empty and the cross-words
 *   it forms have the same checks and the same face value. Checking that is
 *   two mask tests (`keeps`), so a node can try a root play before anything
 *   is generated or refreshed;
 * - a legal node play missing from that set covers a changed square (a new
 *   tile it runs through or touches, or a square whose cross data changed),
 *   and generating only the placements that cover one (from the anchors that
 *   can reach one, each placement from its leftmost anchor as the generator
 *   does) finds exactly those. Lone tiles obey the generator's rule (across
 *   when they form an across word): a lone down play gaining an across word
 *   has its down cross data changed, so it is generated again too.
 *
 * A node's moves are references: `ref >= 0` is a root play, `ref < 0` is
 * play `-ref - 1` of the node's own `fresh` list. The rack test is one
 * subtraction on packed rack codes (root-plays.ts).
 */
import type { CrossBoard } from '../movegen/cross.ts';
import type { MoveGenerator } from '../movegen/generator.ts';
import { MAX_LEN, MoveList } from '../movegen/moves.ts';
import { RackLeaves } from '../movegen/rack-leaves.ts';
import { EMPTY } from '../tiles/letter-sets.ts';
import { LineAnchors } from './line-anchors.ts';
import { LineCache } from './line-cache.ts';
import { bestLoneSquares, keepBest } from './lone-tile.ts';
import { pastRun, placesOn, replySquares } from './reply-squares.ts';
import { GUARD, RootPlays, penaltyOf, placedValue } from './root-plays.ts';
import { markTiles } from './change-masks.ts';
import type { NodePlays } from './node-plays.ts';
import { MAX_PLIES } from './position.ts';

/** Below any play's figures (see PlayBook.playBounds). */
export const NO_PLAY = -(1 << 28);

export class PlayBook {
  private readonly root = [new RootPlays(), new RootPlays()];
  /**
   * Per ply, per line (`dir * dim + line`): bits of the squares that got a
   * tile since the root (`tileMask`) and of the empty squares whose cross
   * data for plays along the line may differ from the root's (`crossMask`:
   * the ends of the perpendicular runs through new tiles). Set when a move
   * is played (`markMove`), so they hold before the cross-checks are refreshed.
   */
  private readonly tileMask: Int32Array;
  private readonly crossMask: Int32Array;
  private readonly lines: number;
  /** Occupied squares of each line at the root (bits by position along the line). */
  private readonly rootOcc: Int32Array;
  /** Changed lines: index `dir * dim + line`. */
  private readonly changed: Uint8Array;
  private readonly changedList: Int32Array;
  /** playBounds's changed lines not in the line cache. */
  private readonly missedList: Int32Array;
  private changedCount = 0;
  /**
   * Leaves of an empty rack: every radix 0 and every value 0, so the
   * generator's leave index stays 0 and equity is the score. The endgame
   * orders by score and never reads leaves, and numbering each node's rack
   * (up to 128 sub-racks) cost more than generating a changed line.
   */
  private readonly leaves = new RackLeaves();
  private readonly cache: LineCache;
  /** Figures of the last `line`, and of the last `playBounds` (see there). */
  private lineKey2 = NO_PLAY;
  /** The rack `startLines` prepared: its side, tile count and code. */
  private lineP = 0;
  private lineTiles = 0;
  private lineCode = 0;
  private lineOut = NO_PLAY;
  boundKey2 = NO_PLAY;
  boundOut = NO_PLAY;
  private readonly scratch = new MoveList(256);
  /** bestLoneTile's one-place list (see bestLoneSquares). */
  private readonly oneSquare = new Int32Array(1);
  private readonly oneScore = new Int32Array(1);
  private readonly anchors = new LineAnchors();
  /** fillTouching's squares by column. */
  private readonly colCover: Int32Array;

  constructor(
    private readonly board: CrossBoard,
    private readonly gen: MoveGenerator,
    private readonly values: Int8Array,
    private readonly letterCount: number,
  ) {
    this.lines = 2 * board.dim;
    this.rootOcc = new Int32Array(this.lines);
    this.tileMask = new Int32Array((MAX_PLIES + 1) * this.lines);
    this.crossMask = new Int32Array((MAX_PLIES + 1) * this.lines);
    this.changed = new Uint8Array(2 * board.dim);
    this.changedList = new Int32Array(2 * board.dim);
    this.missedList = new Int32Array(2 * board.dim);
    this.colCover = new Int32Array(board.dim);
    this.leaves.setRack(new Uint8Array(letterCount), letterCount);
    this.leaves.clear();
    this.cache = new LineCache(board);
  }

  /**
   * Root lists for both racks on the current board (cross-checks up to
   * date), with a line cache of at least `cacheBits` slots (log2; see
   * lineCacheBitsFor).
   */
  prepare(racks: readonly Uint8Array[], cacheBits = 0): void {
    const b = this.board;
    const dim = b.dim;
    this.cache.ensure(cacheBits);
    this.cache.clear();
    this.resetMasks(0);
    this.rootOcc.fill(0);
    for (let sq = 0; sq < b.size; sq++) {
      if (b.squares[sq] === EMPTY) continue;
      const row = (sq / dim) | 0;
      const col = sq - row * dim;
      this.rootOcc[row] |= 1 << col;
      this.rootOcc[dim + col] |= 1 << row;
    }
    for (let p = 0; p < 2; p++) {
      const r = this.root[p];
      const rack = racks[p];
      r.setSlots(rack, this.letterCount);
      this.changedCount = 0;
      this.generate(rack, r.list, true, 0, p);
      r.index(rack, dim, this.values, this.letterCount);
    }
  }

  /** No square changed at `ply` (the root board). */
  resetMasks(ply: number): void {
    const at = ply * this.lines;
    this.tileMask.fill(0, at, at + this.lines);
    this.crossMask.fill(0, at, at + this.lines);
  }

  /**
   * The move leading from `ply` to `ply + 1` put tiles on `squares` (already
   * on the board): the masks of `ply + 1` are those of `ply` plus these
   * squares and the ends of the runs through them (the squares whose cross
   * data CrossBoard.refreshAround will recompute).
   */
  markMove(ply: number, squares: Int32Array, count: number): void {
    const lines = this.lines;
    const from = ply * lines;
    const to = from + lines;
    const tm = this.tileMask;
    const cm = this.crossMask;
    tm.copyWithin(to, from, to);
    cm.copyWithin(to, from, to);
    markTiles(this.board.squares, this.board.dim, tm, cm, to, squares, count);
  }

  /** p's rack as packed root-rack fields with guard bits (see the note at the top). */
  rackCode(p: number, rack: Uint8Array): number {
    const slot = this.root[p].slot;
    let code = 0;
    for (let t = 0; t < this.letterCount; t++) if (slot[t] >= 0) code += rack[t] << (4 * slot[t]);
    return code | GUARD;
  }

  /** Field of each letter in p's rack code (-1 for letters not on the root rack). */
  slots(p: number): Int8Array {
    return this.root[p].slot;
  }

  /** Horizon penalty weight of each letter for p (see `penalty`). */
  weights(p: number): Int32Array {
    return this.root[p].weight;
  }

  /** Root play of p with signature `sig`, or -1. */
  rootIndex(p: number, sig: number): number {
    return this.root[p].bySig.get(sig) ?? -1;
  }

  /**
   * Whether root play i of p is legal at `ply` with its root score: the
   * rack (as `rackCode`) holds its tiles, no square it covers has a new
   * tile or changed cross data, and no new tile stands just beyond its ends.
   */
  keeps(p: number, i: number, code: number, ply: number): boolean {
    const r = this.root[p];
    if (((code - r.need[i]) & GUARD) !== GUARD) return false;
    const at = ply * this.lines + r.line[i];
    return (this.tileMask[at] & r.ends[i]) === 0 && (this.crossMask[at] & r.span[i]) === 0;
  }

  /** The best-scoring root play of p still legal at `ply` that empties the rack `code`, or -1. */
  bestOut(p: number, code: number, ply: number): number {
    const g = this.root[p].byNeed.get(code ^ GUARD);
    if (g === undefined) return -1;
    for (let k = 0; k < g.length; k++) if (this.keeps(p, g[k], code, ply)) return g[k];
    return -1;
  }

  /**
   * Whether root play i of p, played from the rack `code` at `ply`, leaves
   * p a kept root play that goes out (i itself may yet disturb it).
   */
  leavesOut(p: number, i: number, code: number, ply: number): boolean {
    return this.bestOut(p, code - this.root[p].need[i], ply) >= 0;
  }

  /** The root play of p legal at `ply` with the best horizon key (score + penalty of the tiles played), or -1. */
  bestKeyed(p: number, code: number, ply: number): number {
    const r = this.root[p];
    const order = r.fitting.get(code);
    if (order === undefined) return -1;
    const at = ply * this.lines;
    const { line, ends, span } = r;
    const tm = this.tileMask;
    const cm = this.crossMask;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const l = at + line[i];
      if ((tm[l] & ends[i]) === 0 && (cm[l] & span[i]) === 0) return i;
    }
    return -1;
  }

  /**
   * The best score of p's lone tile at `ply` (cross-checks refreshed), or
   * NO_PLAY: its best kept root play, or a play on a square whose cross
   * data may have changed since the root (a new tile beside it or at an end
   * of a word through it: both directions' cross masks). Any other
   * square's play is a root play still kept with its root score.
   */
  bestLone(p: number, rack: Uint8Array, ply: number): number {
    let tile = 0;
    while (rack[tile] === 0) tile++;
    return this.bestLoneTile(p, tile, ply);
  }

  /** `bestLone` for a rack holding just `tile` (one of p's root rack's letters). */
  bestLoneTile(p: number, tile: number, ply: number): number {
    const n = this.bestLoneSquares(p, tile, ply, 1, this.oneSquare, this.oneScore, 0);
    return n > 0 ? this.oneScore[0] : NO_PLAY;
  }

  /**
   * The `k` best squares for p's lone `tile` at `ply` (cross-checks
   * refreshed), one play per square, best first, into `sqs` / `scores`
   * from `off`: kept root plays and the squares whose cross data changed
   * (see bestLone). Returns how many there are.
   */
  bestLoneSquares(
    p: number,
    tile: number,
    ply: number,
    k: number,
    sqs: Int32Array,
    scores: Int32Array,
    off: number,
  ): number {
    const r = this.root[p];
    const code = (1 << (4 * r.slot[tile])) | GUARD;
    const g = r.byNeed.get(code ^ GUARD);
    let count = 0;
    const { list } = r;
    const dim = this.board.dim;
    let kept = 0;
    for (let j = 0; g !== undefined && j < g.length && kept < k; j++) {
      const i = g[j];
      if (!this.keeps(p, i, code, ply)) continue;
      kept++;
      const base = i * MAX_LEN;
      let at = 0;
      while (list.tiles[base + at] === EMPTY) at++;
      const sq = list.start[i] + at * (list.dir[i] === 0 ? 1 : dim);
      count = keepBest(sqs, scores, off, count, k, sq, list.score[i]);
    }
    const at = ply * this.lines;
    const value = this.values[tile];
    return bestLoneSquares(
      this.board,
      this.crossMask,
      at,
      this.lines,
      tile,
      value,
      sqs,
      scores,
      off,
      count,
      k,
    );
  }

  rootList(p: number): MoveList {
    return this.root[p].list;
  }

  rootSig(p: number, i: number): number {
    return this.root[p].sig[i];
  }

  /** Face value of the tiles move i of `list` puts down. */
  playValue(list: MoveList, i: number): number {
    return placedValue(this.values, list, i);
  }

  /** The squares where a tile would disturb play i of `list` (see replySquares). */
  threatSquares(list: MoveList, i: number, rows: Int32Array, at: number): void {
    replySquares(this.board, list, i, rows, at);
  }

  /** Whether move i of `list` puts a tile on one of `rows`' squares (see replySquares). */
  touches(list: MoveList, i: number, rows: Int32Array, at: number): boolean {
    return placesOn(this.board.dim, list, i, rows, at);
  }

  /** The penalty weight of the tiles move i of `list` places for p. */
  playedPenalty(p: number, list: MoveList, i: number): number {
    return penaltyOf(this.root[p].weight, list, i);
  }

  /**
   * The plays of `rack` for p at `ply` into `out`: the kept root plays (see
   * the note at the top), in horizon-key order, then with `complete` the
   * placements covering a changed square, which needs the cross-checks
   * refreshed. Without `complete` the node is `stale` until `addFresh`.
   */
  fill(p: number, rack: Uint8Array, out: NodePlays, complete: boolean, ply: number): void {
    this.findChanged(ply);
    const r = this.root[p];
    const fit = r.fitting.get(this.rackCode(p, rack));
    const line = r.line;
    const changed = this.changed;
    out.ensure(r.list.count);
    const refs = out.refs;
    let n = 0;
    const at = ply * this.lines;
    const { ends, span } = r;
    const tm = this.tileMask;
    const cm = this.crossMask;
    if (fit !== undefined)
      for (let k = 0; k < fit.length; k++) {
        const i = fit[k];
        const l = line[i];
        if (changed[l] === 0 || ((tm[at + l] & ends[i]) === 0 && (cm[at + l] & span[i]) === 0))
          refs[n++] = i;
      }
    const fresh = out.fresh;
    if (complete && this.changedCount > 0) this.generate(rack, fresh, false, ply, p);
    else fresh.reset();
    out.ensure(n + fresh.count);
    for (let j = 0; j < fresh.count; j++) out.refs[n++] = -j - 1;
    out.count = n;
    out.stale = !complete && this.changedCount > 0;
  }

  /**
   * Second stage of a node filled with `complete` false: generate the
   * placements covering a changed square and append them (cross-checks must
   * be refreshed).
   */
  addFresh(p: number, rack: Uint8Array, out: NodePlays, ply: number): void {
    if (!out.stale) return;
    out.stale = false;
    this.findChanged(ply);
    const fresh = out.fresh;
    if (this.changedCount > 0) this.generate(rack, fresh, false, ply, p);
    else fresh.reset();
    let n = out.count;
    out.ensure(n + fresh.count);
    for (let j = 0; j < fresh.count; j++) out.refs[n++] = -j - 1;
    out.count = n;
  }

  /**
   * Generate into `out`: every line (`all`), or only the plays covering a
   * square marked at `ply`. For those, an anchor is tried only when its
   * placements can reach a marked square: they start after the previous
   * anchor and end before the rack runs out of tiles for the empty squares
   * from the anchor on.
   */
  private generate(rack: Uint8Array, out: MoveList, all: boolean, ply: number, p: number): void {
    this.startLines(p, rack, out);
    if (all) {
      this.gen.generateAll();
      return;
    }
    const at = ply * this.lines;
    for (let c = 0; c < this.changedCount; c++) {
      const key = this.changedList[c];
      this.line(key, this.tileMask[at + key] | this.crossMask[at + key], at, out, true);
    }
    this.gen.cover = -1;
  }

  /** Empty `out` and prepare the generator for p's `rack` into it (see `line`). */
  private startLines(p: number, rack: Uint8Array, out: MoveList): void {
    out.reset();
    this.gen.prepare(rack, this.letterCount, out, this.leaves, null);
    this.lineP = p;
    let tiles = 0;
    for (let t = 0; t < this.letterCount; t++) tiles += rack[t];
    this.lineTiles = tiles;
    this.lineCode = this.rackCode(p, rack);
  }

  /**
   * The plays along line `key` (`dir * dim + index`) that cover a square of
   * `marks`, for the rack `startLines` prepared, appended to `out` (`copy`) or only summed up in
   * `lineKey2` and `lineOut` (see `playBounds`); from the line cache when
   * it has them. Sets the generator's cover (callers reset it).
   */
  private line(key: number, marks: number, at: number, out: MoveList, copy: boolean): void {
    const cache = this.cache;
    const tiles = this.lineTiles;
    if (cache.probe(key, marks, this.lineP, this.lineCode, copy)) {
      if (copy) cache.copyTo(out);
      this.lineKey2 = cache.figureA;
      this.lineOut = cache.figureB;
      return;
    }
    const dim = this.board.dim;
    const dir = key >= dim ? 1 : 0;
    const l = key - dir * dim;
    // The line's occupied squares and its neighbours' (root tiles and new ones).
    const occ = this.rootOcc;
    const tm = this.tileMask;
    const mine = occ[key] | tm[at + key];
    const before = l > 0 ? occ[key - 1] | tm[at + key - 1] : 0;
    const after = l < dim - 1 ? occ[key + 1] | tm[at + key + 1] : 0;
    const anchors = this.anchors;
    const starts = anchors.find(dim, mine, before, after, marks, tiles);
    const first = out.count;
    const gen = this.gen;
    gen.cover = marks;
    for (let k = 0; k < starts; k++) gen.generateAt(dir, l, anchors.at[k], anchors.from[k]);
    let k2 = NO_PLAY;
    let outScore = NO_PLAY;
    for (let j = first; j < out.count; j++) {
      const score = out.score[j];
      if (out.played[j] === tiles) outScore = Math.max(outScore, score);
      else k2 = Math.max(k2, score + 2 * this.playValue(out, j));
    }
    cache.save(out, first, k2, outScore);
    this.lineKey2 = k2;
    this.lineOut = outScore;
    if (!copy) out.count = first;
  }

  /**
   * The best score of p's plays going out at `ply` (cross-checks
   * refreshed) that put a tile on a square beyond an end of a run through
   * `sq` (the squares whose cross data a tile there changes), or NO_PLAY:
   * only the lines through those squares are generated.
   */
  outAround(p: number, rack: Uint8Array, sq: number, ply: number): number {
    const board = this.board;
    const { dim, squares } = board;
    const scratch = this.scratch;
    this.startLines(p, rack, scratch);
    const at = ply * this.lines;
    const row = (sq / dim) | 0;
    const col = sq - row * dim;
    let out = NO_PLAY;
    let along = 0;
    let down = 0;
    for (let side = -1; side <= 1; side += 2) {
      // Beyond the row's run: on the row itself and down its column.
      const c = pastRun(squares, dim, row, col, side, true);
      if (c >= 0) {
        along |= 1 << c;
        out = Math.max(out, this.lineOutOf(dim + c, 1 << row, at));
      }
      // Beyond the column's run: down the column itself and along its row.
      const r = pastRun(squares, dim, row, col, side, false);
      if (r >= 0) {
        down |= 1 << r;
        out = Math.max(out, this.lineOutOf(r, 1 << col, at));
      }
    }
    if (along !== 0) out = Math.max(out, this.lineOutOf(row, along, at));
    if (down !== 0) out = Math.max(out, this.lineOutOf(dim + col, down, at));
    this.gen.cover = -1;
    return out;
  }

  private lineOutOf(key: number, marks: number, at: number): number {
    this.line(key, marks, at, this.scratch, false);
    return this.lineOut;
  }

  /**
   * Bounds over p's plays at `ply` (cross-checks refreshed), without
   * listing them: `boundKey2` is the best score plus twice the value of the
   * tiles played among the plays that keep a tile, `boundOut` the best
   * score among the plays that go out (NO_PLAY when there are none).
   */
  playBounds(p: number, rack: Uint8Array, ply: number): void {
    this.findChanged(ply);
    const code = this.rackCode(p, rack);
    const at = ply * this.lines;
    // Every key first, then the lookups (their cache misses overlap), then
    // the lines not found (the generator is prepared only for those).
    const cache = this.cache;
    for (let c = 0; c < this.changedCount; c++) {
      const key = this.changedList[c];
      cache.batchKey(c, key, this.tileMask[at + key] | this.crossMask[at + key], p, code);
    }
    const missed = cache.batchFigures(this.changedCount, NO_PLAY, this.missedList);
    let k2 = cache.bestA;
    let out = cache.bestB;
    const scratch = this.scratch;
    if (missed > 0) this.startLines(p, rack, scratch);
    for (let c = 0; c < missed; c++) {
      const key = this.changedList[this.missedList[c]];
      this.line(key, this.tileMask[at + key] | this.crossMask[at + key], at, scratch, false);
      if (this.lineKey2 > k2) k2 = this.lineKey2;
      if (this.lineOut > out) out = this.lineOut;
    }
    this.gen.cover = -1;
    const r = this.root[p];
    const order = r.byKey2.get(code);
    const going = code ^ GUARD;
    if (order !== undefined)
      for (let k = 0; k < order.length; k++) {
        const i = order[k];
        if (r.need[i] !== going && this.keeps(p, i, code, ply)) {
          k2 = Math.max(k2, r.key2[i]);
          break;
        }
      }
    const o = this.bestOut(p, code, ply);
    if (o >= 0) out = Math.max(out, r.list.score[o]);
    this.boundKey2 = k2;
    this.boundOut = out;
  }

  /**
   * Into `node`: every play of p at `ply` that puts a tile on one of the
   * squares in `rows` (bits by column, a word per row from `rowsAt`; empty
   * squares only), generated on the current board (cross-checks refreshed).
   */
  fillTouching(
    p: number,
    rack: Uint8Array,
    rows: Int32Array,
    rowsAt: number,
    node: NodePlays,
    ply: number,
  ): void {
    const fresh = node.fresh;
    this.startLines(p, rack, fresh);
    const at = ply * this.lines;
    const dim = this.board.dim;
    // The same squares by column (bits by row), from the few rows marked.
    const cols = this.colCover;
    cols.fill(0);
    for (let r = 0; r < dim; r++) {
      const bits = rows[rowsAt + r];
      if (bits === 0) continue;
      this.line(r, bits, at, fresh, true);
      for (let b = bits; b !== 0; b &= b - 1) cols[31 - Math.clz32(b & -b)] |= 1 << r;
    }
    for (let c = 0; c < dim; c++) if (cols[c] !== 0) this.line(dim + c, cols[c], at, fresh, true);
    this.gen.cover = -1;
    node.ensure(fresh.count);
    for (let j = 0; j < fresh.count; j++) node.refs[j] = -j - 1;
    node.count = fresh.count;
    node.stale = false;
  }

  /** The lines with a marked square at `ply` (see markMove). */
  private findChanged(ply: number): void {
    const at = ply * this.lines;
    this.changed.fill(0);
    this.changedCount = 0;
    for (let key = 0; key < this.lines; key++) {
      if ((this.tileMask[at + key] | this.crossMask[at + key]) !== 0) {
        this.changed[key] = 1;
        this.changedList[this.changedCount++] = key;
      }
    }
  }
}
