/**
 * Passing-opponent ceilings that look past the opponent's pass (see
 * SearchState.soloCeiling for the game where the opponent only passes,
 * which can only be better for the mover): the three-tile ceiling (a
 * single tile, the pass, then the other two), and the ceiling on a move
 * that leaves its mover two tiles. Both read the position after the pass
 * from the transposition table when it holds a ceiling there and store
 * theirs there: the search meets that position whenever the opponent
 * does pass.
 */
import { END_RACK_MULTIPLIER } from '../rules/constants.ts';
import { MAX_LEN, type MoveList } from '../movegen/moves.ts';
import { BLANK, BLANK_BIT, EMPTY } from '../tiles/letter-sets.ts';
import { firstTile, secondTile } from './lone-tile.ts';
import type { NodePlays } from './node-plays.ts';
import { NO_PLAY } from './plays.ts';
import { INF, LONE_TILES, SearchState } from './search-state.ts';
import { UNBOUNDED, UPPER } from './zobrist.ts';

/** Rack sizes (mover by opponent) told apart when counting how often pairAfterPass settles. */
const SIZES = 8;
/** pairAfterPass is asked where at least this share (percent) of the moves asked about were settled... */
const SETTLES_PERCENT = 90;
/** ...once this many were (and every sixteenth move anyway, to notice a change). */
const TRIAL = 32;

/** The counters' index for a mover holding `size` tiles against `other`. */
function bucketOf(size: number, other: number): number {
  return Math.min(size, SIZES - 1) * SIZES + Math.min(other, SIZES - 1);
}

export class AfterPassCeilings extends SearchState {
  /** soloCeiling3's figures per tile (see afterSingle). */
  private readonly pairLeaving = new Int32Array(LONE_TILES);
  private readonly loneHere = new Int32Array(LONE_TILES);
  /** The table's proven bounds at the position playThenPass reached. */
  private passFloor = 0;
  private passCeil = 0;
  /**
   * soloCeiling3's single-tile plays: see singleKeys, then the table's
   * bounds after each. One set is enough: the ceilings soloCeiling3 calls
   * are two-tile ones, which never call it again.
   */
  protected single = new Int32Array(64);
  protected singleHi = new Int32Array(64);
  protected singleLo = new Int32Array(64);
  private singleFloor = new Int32Array(64);
  private singleCeil = new Int32Array(64);
  /** How often pairAfterPass was asked and settled its move, by rack sizes. */
  private readonly pairAsked = new Int32Array(SIZES * SIZES);
  private readonly pairSettled = new Int32Array(SIZES * SIZES);
  private pairClock = 0;

  /** The passing-opponent ceiling for two tiles (soloCeiling) or three (soloCeiling3). */
  protected passingCeiling(p: number, ply: number, alpha: number, passed: boolean): number {
    return this.rackSize[p] === 2
      ? this.soloCeiling(p, ply, alpha)
      : this.soloCeiling3(p, ply, alpha, passed);
  }

  /**
   * Play move i of `list` for p, then the opponent's pass (p to move again,
   * a pass answering it): returns the mark `undoPass` needs. The table's
   * proven bounds there are left in `passFloor` and `passCeil` (unbounded
   * when it has none).
   */
  private playThenPass(list: MoveList, i: number, p: number, ply: number, passed: boolean): number {
    const mark = this.playAndPass(list, i, p, ply, passed);
    const tt = this.tt;
    const known = tt.find(this.hi, this.lo);
    this.passFloor = known ? tt.floor() : -UNBOUNDED;
    this.passCeil = known ? tt.ceil() : UNBOUNDED;
    return mark;
  }

  /** playThenPass without the table lookup. */
  protected playAndPass(
    list: MoveList,
    i: number,
    p: number,
    ply: number,
    passed: boolean,
  ): number {
    const mark = this.play(list, i, p, ply);
    this.flipTurn(passed);
    this.flipTurn(true);
    return mark;
  }

  /**
   * For each single-tile play of `node` (p's plays, `passed` as for
   * playThenPass): its index in the node (`single`), and the table key of
   * the position after it and the opponent's pass, worked out without
   * playing it (`singleHi`, `singleLo`). Returns how many there are.
   */
  protected singleKeys(node: NodePlays, p: number, passed: boolean): number {
    const zob = this.zob;
    const root = this.book.rootList(p);
    const rack = this.racks[p];
    const dim = this.mg.board.dim;
    // The two turn flips cancel; the pass flag ends up set either way.
    const hi = passed ? this.hi : this.hi ^ zob.passHi;
    const lo = passed ? this.lo : this.lo ^ zob.passLo;
    let n = 0;
    for (let k = 0; k < node.count; k++) {
      const ref = node.refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      if (list.played[i] !== 1) continue;
      const base = i * MAX_LEN;
      let at = 0;
      while (list.tiles[base + at] === EMPTY) at++;
      const t = list.tiles[base + at];
      const sq = list.start[i] + at * (list.dir[i] === 0 ? 1 : dim);
      const src = t & BLANK_BIT ? BLANK : t;
      const was = zob.rackIndex(p, src, rack[src]);
      const now = zob.rackIndex(p, src, rack[src] - 1);
      if (n === this.single.length) this.growSingles();
      this.single[n] = k;
      this.singleHi[n] = hi ^ zob.squareHi[sq * 256 + t] ^ zob.rackHi[was] ^ zob.rackHi[now];
      this.singleLo[n] = lo ^ zob.squareLo[sq * 256 + t] ^ zob.rackLo[was] ^ zob.rackLo[now];
      n++;
    }
    return n;
  }

  private growSingles(): void {
    const size = 2 * this.single.length;
    const grown = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.single = grown(this.single);
    this.singleHi = grown(this.singleHi);
    this.singleLo = grown(this.singleLo);
    this.singleFloor = new Int32Array(size);
    this.singleCeil = new Int32Array(size);
  }

  /** After playThenPass, ready ply + 1 for a ceiling: its cross-checks and lone-tile memo. */
  private refreshAfterPass(ply: number): void {
    this.book.markMove(ply, this.pendingAt(ply + 1), this.pendingCount[ply + 1]);
    this.flush(ply + 1);
    // A position no node has searched at ply + 1: soloAfter's memo starts over.
    this.loneNode[ply + 1] = ++this.nodeClock;
  }

  /** Keep `rest`, a ceiling worked out for the position after the pass (floor `floor`), in the table. */
  private keepAfterPass(rest: number, floor: number): void {
    if (rest < INF && rest >= floor)
      this.tt.store(this.hi, this.lo, 0, UPPER, rest, 0, floor, rest);
  }

  /** Undo playThenPass. */
  protected undoPass(
    list: MoveList,
    i: number,
    p: number,
    ply: number,
    passed: boolean,
    mark: number,
  ): void {
    this.flipTurn(true);
    this.flipTurn(passed);
    this.unplay(list, i, p, mark, ply);
  }

  /**
   * soloCeiling's ceiling for a mover holding three tiles: going out with
   * all three, a play that leaves one (soloAfter), or a single tile and
   * then the best of the other two, which is the position after that tile
   * and the opponent's pass: read from the table when it holds a ceiling
   * there, else soloCeiling's, stored there (the search meets the same
   * position when the opponent does pass, and x then y is y then x). INF
   * once it would exceed `alpha`. Plays that cost least are bounded first.
   * Cross-checks at `ply` must be refreshed.
   */
  protected soloCeiling3(p: number, ply: number, alpha: number, passed: boolean): number {
    const book = this.book;
    const theirs = this.rackValue(1 - p);
    let most = theirs - this.rackValue(p);
    if (most > alpha) return INF;
    const node = this.playsAt(ply);
    book.fill(p, this.racks[p], node, true, ply);
    const root = book.rootList(p);
    const bonus = END_RACK_MULTIPLIER * theirs;
    const rack = this.racks[p];
    // Per tile: the best play of the other two (going out after it), and
    // its best alone; read by the quick figure after a single tile.
    const pairs = this.pairLeaving;
    const lone = this.loneHere;
    // The best play going out (soloFloor once done: the calls below reset it).
    let out = -UNBOUNDED;
    for (let t = 0; t < this.set.size; t++) if (rack[t] > 0) pairs[t] = NO_PLAY;
    for (let k = 0; k < node.count; k++) {
      const ref = node.refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const played = list.played[i];
      if (played === 1) continue;
      if (played === 2) {
        const left = this.leftAfter(list, i, p);
        if (list.score[i] > pairs[left]) pairs[left] = list.score[i];
      }
      const v = played === 3 ? list.score[i] + bonus : this.soloAfter(list, i, p, ply, alpha);
      if (played === 3 && v > out) out = v;
      if (v > most) {
        most = v;
        if (most > alpha) return INF;
      }
    }
    // Then the single tiles. The table's bounds after each (and the pass)
    // are read all at once first: one probe at a time waited on a cache
    // miss for each (most of this function's own time).
    for (let t = 0; t < this.set.size; t++) if (rack[t] > 0) lone[t] = this.loneBefore(p, t, ply);
    const n = this.singleKeys(node, p, passed);
    this.tt.boundsOf(this.singleHi, this.singleLo, n, this.singleFloor, this.singleCeil);
    for (let j = 0; j < n; j++) {
      const ref = node.refs[this.single[j]];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const score = list.score[i];
      let rest = this.singleCeil[j];
      if (rest > alpha - score) {
        const mark = this.playAndPass(list, i, p, ply, passed);
        this.refreshAfterPass(ply);
        // Taken whenever it is under alpha: QUICK_MARGIN here (as in
        // soloCeiling) made a long proof about 8% slower.
        const quick = this.afterSingle(list, i, p, ply + 1, theirs);
        rest = quick <= alpha - score ? quick : this.soloCeiling(p, ply + 1, alpha - score);
        this.keepAfterPass(rest, this.singleFloor[j]);
        this.undoPass(list, i, p, ply, passed, mark);
      }
      if (score + rest > most) {
        most = score + rest;
        if (most > alpha) return INF;
      }
    }
    this.soloFloor = out;
    return most;
  }

  /**
   * soloCeiling3's quick ceiling on the two tiles left after single-tile
   * move i of `list`, at `ply` just after it (cross-checks refreshed): as
   * pairCeiling, from figures of the node before it (`pairLeaving`,
   * `loneHere`). A tile alone now scores its best alone before, or, on a
   * square the move changed, at most the best play of it and the move's
   * tile together (pairCeiling's reasoning); the two going out score at
   * most their best play before, or one through a square the move changed,
   * generated here (PlayBook.outAround).
   */
  private afterSingle(list: MoveList, i: number, p: number, ply: number, theirs: number): number {
    const rack = this.racks[p];
    const base = i * MAX_LEN;
    let k = 0;
    while (list.tiles[base + k] === EMPTY) k++;
    const t = list.tiles[base + k];
    const sq = list.start[i] + k * (list.dir[i] === 0 ? 1 : this.mg.board.dim);
    const played = t & BLANK_BIT ? BLANK : t;
    const a = firstTile(rack);
    const b = secondTile(rack, a);
    const pairs = this.pairLeaving;
    const out = Math.max(pairs[played], this.book.outAround(p, rack, sq, ply));
    const la = Math.max(this.loneHere[a], pairs[b]);
    const lb = Math.max(this.loneHere[b], pairs[a]);
    return this.pairFigure(la, lb, this.values[a], this.values[b], out, theirs);
  }

  /** Forget how often pairAfterPass settled its moves (a new solve). */
  protected resetPairCounts(): void {
    this.pairAsked.fill(0);
    this.pairSettled.fill(0);
    this.pairClock = 0;
  }

  /**
   * Whether to ask pairAfterPass at a node whose mover holds `size` tiles
   * against `other`: the child it spares is small (about 1.5 nodes), so a
   * bound that seldom settles costs more than it saves.
   */
  protected pairWorth(size: number, other: number): boolean {
    const b = bucketOf(size, other);
    const asked = this.pairAsked[b];
    return (
      asked < TRIAL ||
      this.pairSettled[b] * 100 >= asked * SETTLES_PERCENT ||
      (++this.pairClock & 15) === 0
    );
  }

  /**
   * A proven ceiling on move i of `list` for p, which leaves p two tiles
   * (its value to p), or INF once it would exceed `alpha`: its score, then
   * after the opponent's pass p's two-tile passing-opponent ceiling (the
   * table's, else pairCeiling's quick figure, else soloCeiling's).
   * Cross-checks at `ply` must be refreshed. Counted for pairWorth.
   */
  protected pairAfterPass(
    list: MoveList,
    i: number,
    p: number,
    ply: number,
    alpha: number,
    passed: boolean,
  ): number {
    const score = list.score[i];
    const bucket = bucketOf(this.rackSize[p], this.rackSize[1 - p]);
    const mark = this.playThenPass(list, i, p, ply, passed);
    const floor = this.passFloor;
    let rest = this.passCeil;
    if (rest > alpha - score) {
      const book = this.book;
      const rack = this.racks[p];
      this.refreshAfterPass(ply);
      book.playBounds(p, rack, ply + 1);
      const a = firstTile(rack);
      const b = secondTile(rack, a);
      const la = this.loneBefore(p, a, ply + 1);
      const lb = a === b ? la : this.loneBefore(p, b, ply + 1);
      const theirs = this.rackValue(1 - p);
      rest = this.pairFigure(la, lb, this.values[a], this.values[b], book.boundOut, theirs);
      if (rest > alpha - score) rest = this.soloCeiling(p, ply + 1, alpha - score);
      this.keepAfterPass(rest, floor);
    }
    this.undoPass(list, i, p, ply, passed, mark);
    const v = rest >= INF ? INF : score + rest;
    this.pairAsked[bucket]++;
    if (v <= alpha) this.pairSettled[bucket]++;
    if (this.pairAsked[bucket] >= 512) {
      // Recent moves count more.
      this.pairAsked[bucket] >>= 1;
      this.pairSettled[bucket] >>= 1;
    }
    return v;
  }
}
