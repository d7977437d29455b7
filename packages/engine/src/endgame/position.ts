/**
 * The endgame search's position: the board (updated in place, every change
 * logged and undone), both racks as counts, and the Zobrist key of board,
 * racks, side to move and pass state, kept in step by XOR on every play and
 * its undo. A play's tiles are put down at once but the cross-checks around
 * them are refreshed only when the child node needs its moves (`flush`):
 * most children are table hits or horizon estimates and never do.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MAX_LEN, type MoveList } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';
import { Zobrist } from './zobrist.ts';

/** Plies the search and the principal line use (pending-tile slots). */
export const MAX_PLIES = 128;

export class EndgamePosition {
  readonly mg: Movegen;
  readonly racks: [Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64)];
  readonly rackSize = new Int32Array(2);
  protected readonly zob: Zobrist;
  protected hi = 0;
  protected lo = 0;
  protected readonly values: Int8Array;
  /** Per ply: squares of the tiles just placed whose cross-checks are not refreshed yet. */
  protected readonly pending: Int32Array[] = [];
  protected readonly pendingCount = new Int32Array(MAX_PLIES);

  constructor(
    lexicon: Lexicon,
    readonly set: LetterSet,
    layout: BoardLayout,
  ) {
    this.mg = new Movegen(lexicon, set, layout);
    this.mg.board.logging = true;
    this.mg.board.useMemo(18);
    this.zob = new Zobrist(this.mg.board.size);
    this.values = Int8Array.from(set.scores);
  }

  /** Take the position of `game` (bag must be empty). */
  load(game: FastGame): void {
    this.mg.board.copyFrom(game.board);
    this.racks[0].set(game.racks[0]);
    this.racks[1].set(game.racks[1]);
    this.rackSize.set(game.rackSize);
    this.pendingCount.fill(0);
  }

  /**
   * Kept in step by play and unplay once `track` has run: each rack's face
   * value, its horizon penalty (tile weights given to `track`) and its
   * packed code (4-bit fields at the given slots, guard bits set).
   */
  protected readonly rackVal = new Int32Array(2);
  protected readonly rackPen = new Int32Array(2);
  protected readonly rackCodes = new Int32Array(2);
  private slots: Int8Array[] = [new Int8Array(64), new Int8Array(64)];
  private weights: Int32Array[] = [new Int32Array(64), new Int32Array(64)];

  protected track(slots: Int8Array[], weights: Int32Array[], guard: number): void {
    this.slots = slots;
    this.weights = weights;
    for (let p = 0; p < 2; p++) {
      const r = this.racks[p];
      let v = 0;
      let pen = 0;
      let code = guard;
      for (let t = 0; t < this.set.size; t++) {
        v += r[t] * this.values[t];
        pen += r[t] * weights[p][t];
        if (r[t] > 0) code += r[t] << (4 * slots[p][t]);
      }
      this.rackVal[p] = v;
      this.rackPen[p] = pen;
      this.rackCodes[p] = code;
    }
  }

  protected rackValue(p: number): number {
    return this.rackVal[p];
  }

  protected rehash(p: number): void {
    const { squares } = this.mg.board;
    let hi = 0;
    let lo = 0;
    for (let sq = 0; sq < squares.length; sq++) {
      if (squares[sq] !== EMPTY) {
        hi ^= this.zob.squareHi[sq * 256 + squares[sq]];
        lo ^= this.zob.squareLo[sq * 256 + squares[sq]];
      }
    }
    for (let q = 0; q < 2; q++) {
      for (let t = 0; t < this.set.size; t++) {
        const k = this.zob.rackIndex(q, t, this.racks[q][t]);
        hi ^= this.zob.rackHi[k];
        lo ^= this.zob.rackLo[k];
      }
    }
    if (p === 1) {
      hi ^= this.zob.turnHi;
      lo ^= this.zob.turnLo;
    }
    this.hi = hi;
    this.lo = lo;
  }

  protected pendingAt(ply: number): Int32Array {
    while (this.pending.length <= ply) this.pending.push(new Int32Array(MAX_LEN));
    return this.pending[ply];
  }

  /**
   * Play placement i of `list` for p; returns the undo mark. Cross-checks
   * are not refreshed here but when the child first needs its moves
   * (`flush`): most children are table hits or horizon nodes.
   */
  protected play(list: MoveList, i: number, p: number, ply: number): number {
    const board = this.mg.board;
    const mark = board.mark();
    const step = list.dir[i] === 0 ? 1 : board.dim;
    const base = i * MAX_LEN;
    const fresh = this.pendingAt(ply + 1);
    let n = 0;
    let sq = list.start[i];
    const rack = this.racks[p];
    for (let k = 0; k < list.len[i]; k++, sq += step) {
      const t = list.tiles[base + k];
      if (t === EMPTY) continue;
      board.placeTile(sq, t);
      fresh[n++] = sq;
      this.hi ^= this.zob.squareHi[sq * 256 + t];
      this.lo ^= this.zob.squareLo[sq * 256 + t];
      const src = t & BLANK_BIT ? 0 : t;
      this.rackKey(p, src);
      rack[src]--;
      this.rackKey(p, src);
      this.rackVal[p] -= this.values[src];
      this.rackPen[p] -= this.weights[p][src];
      this.rackCodes[p] -= 1 << (4 * this.slots[p][src]);
    }
    this.rackSize[p] -= n;
    this.pendingCount[ply + 1] = n;
    return mark;
  }

  protected unplay(list: MoveList, i: number, p: number, mark: number, ply: number): void {
    const base = i * MAX_LEN;
    const step = list.dir[i] === 0 ? 1 : this.mg.board.dim;
    let sq = list.start[i];
    const rack = this.racks[p];
    let n = 0;
    for (let k = 0; k < list.len[i]; k++, sq += step) {
      const t = list.tiles[base + k];
      if (t === EMPTY) continue;
      this.hi ^= this.zob.squareHi[sq * 256 + t];
      this.lo ^= this.zob.squareLo[sq * 256 + t];
      const src = t & BLANK_BIT ? 0 : t;
      this.rackKey(p, src);
      rack[src]++;
      this.rackKey(p, src);
      this.rackVal[p] += this.values[src];
      this.rackPen[p] += this.weights[p][src];
      this.rackCodes[p] += 1 << (4 * this.slots[p][src]);
      n++;
    }
    this.rackSize[p] += n;
    this.mg.board.undo(mark);
    this.pendingCount[ply + 1] = 0;
  }

  /** Refresh the cross-checks around the tiles of the move that led to `ply`. */
  protected flush(ply: number): void {
    const n = this.pendingCount[ply];
    if (n > 0) {
      this.mg.board.refreshAround(this.pending[ply], n);
      this.pendingCount[ply] = 0;
    }
  }

  protected rackKey(p: number, t: number): void {
    const k = this.zob.rackIndex(p, t, this.racks[p][t]);
    this.hi ^= this.zob.rackHi[k];
    this.lo ^= this.zob.rackLo[k];
  }

  protected flipTurn(passed: boolean): void {
    this.hi ^= this.zob.turnHi;
    this.lo ^= this.zob.turnLo;
    if (passed) {
      this.hi ^= this.zob.passHi;
      this.lo ^= this.zob.passLo;
    }
  }
}
