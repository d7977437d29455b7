/**
 * A ceiling on a move that leaves its mover two tiles, without searching
 * it: the move's score, then the opponent's pass and the mover's best with
 * the two tiles in the game where the opponent only passes (a game that
 * can only be better for the mover; see SearchState.soloCeiling). Asked
 * only where it has mostly settled the moves it was asked about, by the
 * two racks' sizes: the child it spares is small (about 1.5 nodes), so a
 * bound that seldom settles costs more than it saves.
 */
import type { MoveList } from '../movegen/moves.ts';
import { firstTile, secondTile } from './lone-tile.ts';
import { INF, SearchState } from './search-state.ts';
import { UNBOUNDED, UPPER } from './zobrist.ts';

/** Rack sizes (mover by opponent) told apart when counting how often the ceiling settles. */
const SIZES = 8;
/** Asked where at least this share (percent) of the moves asked about were settled... */
const SETTLES_PERCENT = 90;
/** ...once this many were (every sixteenth is asked anyway, to notice a change). */
const TRIAL = 32;

export class PairAfterPass extends SearchState {
  private readonly pairAsked = new Int32Array(SIZES * SIZES);
  private readonly pairSettled = new Int32Array(SIZES * SIZES);
  private pairBucket = 0;
  private pairClock = 0;

  /** Forget how often the ceiling settled (a new solve). */
  protected resetPairCounts(): void {
    this.pairAsked.fill(0);
    this.pairSettled.fill(0);
    this.pairClock = 0;
  }

  /** Whether to ask pairAfterPass at a node whose mover holds `size` tiles against `other`. */
  protected pairWorth(size: number, other: number): boolean {
    const b = (this.pairBucket = Math.min(size, SIZES - 1) * SIZES + Math.min(other, SIZES - 1));
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
   * after the opponent's pass p's two-tile passing-opponent ceiling, read
   * from the table when it holds one there, else pairCeiling's quick
   * figure or soloCeiling's, stored there (the search meets the position
   * when the opponent does pass). Cross-checks at `ply` must be refreshed.
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
    const mark = this.play(list, i, p, ply);
    // The opponent's pass: p to move again, a pass answering it.
    this.flipTurn(passed);
    this.flipTurn(true);
    const tt = this.tt;
    const known = tt.find(this.hi, this.lo);
    const floor = known ? tt.floor() : -UNBOUNDED;
    let rest = known ? tt.ceil() : UNBOUNDED;
    if (rest > alpha - score) {
      const book = this.book;
      const rack = this.racks[p];
      book.markMove(ply, this.pendingAt(ply + 1), this.pendingCount[ply + 1]);
      this.flush(ply + 1);
      // A position no node has searched at ply + 1: the lone-tile memo starts over.
      this.loneNode[ply + 1] = ++this.nodeClock;
      book.playBounds(p, rack, ply + 1);
      const a = firstTile(rack);
      const b = secondTile(rack, a);
      const la = this.loneBefore(p, a, ply + 1);
      const lb = a === b ? la : this.loneBefore(p, b, ply + 1);
      const theirs = this.rackValue(1 - p);
      rest = this.pairFigure(la, lb, this.values[a], this.values[b], book.boundOut, theirs);
      if (rest > alpha - score) rest = this.soloCeiling(p, ply + 1, alpha - score);
      if (rest < INF && rest >= floor) tt.store(this.hi, this.lo, 0, UPPER, rest, 0, floor, rest);
    }
    this.flipTurn(true);
    this.flipTurn(passed);
    this.unplay(list, i, p, mark, ply);
    const v = rest >= INF ? INF : score + rest;
    const bucket = this.pairBucket;
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
