/**
 * A growable buffer of generated moves in flat typed arrays, so recording a
 * move copies a few integers and at most 21 tile bytes and allocates nothing
 * (the arrays double when full, which is amortised away).
 *
 * Move i:
 * - `kind[i]`: PLACE, EXCHANGE or PASS;
 * - for PLACE: `start[i]` square, `dir[i]` ACROSS/DOWN, `len[i]` squares, and
 *   `tiles[i * MAX_LEN ..]` one byte per square (0 = played through);
 * - for EXCHANGE: `len[i]` tiles exchanged in `tiles[i * MAX_LEN ..]`;
 * - `score[i]`, `equity[i]`, `played[i]` (tiles taken from the rack).
 *
 * Two modes: keep everything (`limit = Infinity`), or keep only the best
 * `limit` by equity (a top-N list, sorted best first, with `threshold()`
 * giving the equity a new move must beat, which the shadow search uses).
 */
import { MAX_DIM } from '../board/coords.ts';

export const PLACE = 0;
export const EXCHANGE = 1;
export const PASS = 2;
export const MAX_LEN = MAX_DIM;

export class MoveList {
  count = 0;
  capacity: number;
  kind: Uint8Array;
  dir: Uint8Array;
  len: Uint8Array;
  played: Uint8Array;
  start: Int16Array;
  score: Int32Array;
  equity: Float64Array;
  tiles: Uint8Array;
  /** Order of moves when kept as a top-N list (indexes into the arrays). */
  private limit: number;

  constructor(capacity = 256, limit = Infinity) {
    this.capacity = Math.max(4, capacity);
    this.limit = limit;
    this.kind = new Uint8Array(this.capacity);
    this.dir = new Uint8Array(this.capacity);
    this.len = new Uint8Array(this.capacity);
    this.played = new Uint8Array(this.capacity);
    this.start = new Int16Array(this.capacity);
    this.score = new Int32Array(this.capacity);
    this.equity = new Float64Array(this.capacity);
    this.tiles = new Uint8Array(this.capacity * MAX_LEN);
  }

  /** Empty the list; `limit` switches between all moves and a top-N list. */
  reset(limit = Infinity): void {
    this.count = 0;
    this.limit = limit;
    if (limit !== Infinity && this.capacity < limit + 1) this.grow(limit + 1);
  }

  get isTopN(): boolean {
    return this.limit !== Infinity;
  }

  /** Equity a move must exceed to enter a full top-N list (-Infinity otherwise). */
  threshold(): number {
    return this.count >= this.limit ? this.equity[this.count - 1] : -Infinity;
  }

  private grow(min: number): void {
    let cap = this.capacity;
    while (cap < min) cap *= 2;
    const g8 = (a: Uint8Array, n: number) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    this.kind = g8(this.kind, cap);
    this.dir = g8(this.dir, cap);
    this.len = g8(this.len, cap);
    this.played = g8(this.played, cap);
    const s = new Int16Array(cap);
    s.set(this.start);
    this.start = s;
    const sc = new Int32Array(cap);
    sc.set(this.score);
    this.score = sc;
    const eq = new Float64Array(cap);
    eq.set(this.equity);
    this.equity = eq;
    this.tiles = g8(this.tiles, cap * MAX_LEN);
    this.capacity = cap;
  }

  /**
   * Reserve the slot a new move with `equity` goes to, or -1 when a full
   * top-N list would not keep it. In top-N mode the list stays sorted by
   * equity (best first), shifting worse moves down by one.
   */
  slot(equity: number): number {
    if (this.limit === Infinity) {
      if (this.count === this.capacity) this.grow(this.count + 1);
      return this.count++;
    }
    let i = this.count;
    if (i >= this.limit) {
      if (equity <= this.equity[i - 1]) return -1;
      i--;
    } else {
      this.count++;
    }
    while (i > 0 && this.equity[i - 1] < equity) {
      this.copy(i - 1, i);
      i--;
    }
    return i;
  }

  /** Copy move `from` over move `to`. */
  copy(from: number, to: number): void {
    this.copyIn(this, from, to);
  }

  /** Copy move `i` of `list` (this list or another) over move `to`. */
  copyIn(list: MoveList, i: number, to: number): void {
    this.kind[to] = list.kind[i];
    this.dir[to] = list.dir[i];
    this.len[to] = list.len[i];
    this.played[to] = list.played[i];
    this.start[to] = list.start[i];
    this.score[to] = list.score[i];
    this.equity[to] = list.equity[i];
    const a = i * MAX_LEN;
    const b = to * MAX_LEN;
    for (let k = 0; k < MAX_LEN; k++) this.tiles[b + k] = list.tiles[a + k];
  }

  /** Record a pass (equity given by the caller). */
  addPass(equity: number): void {
    const i = this.slot(equity);
    if (i < 0) return;
    this.kind[i] = PASS;
    this.len[i] = 0;
    this.played[i] = 0;
    this.start[i] = 0;
    this.dir[i] = 0;
    this.score[i] = 0;
    this.equity[i] = equity;
  }

  /** Record an exchange of `tiles[0..n)`. */
  addExchange(tiles: ArrayLike<number>, n: number, equity: number): void {
    const i = this.slot(equity);
    if (i < 0) return;
    this.kind[i] = EXCHANGE;
    this.len[i] = n;
    this.played[i] = 0;
    this.start[i] = 0;
    this.dir[i] = 0;
    this.score[i] = 0;
    this.equity[i] = equity;
    const base = i * MAX_LEN;
    for (let k = 0; k < n; k++) this.tiles[base + k] = tiles[k];
  }

  /** Indexes sorted by equity, best first (ties: higher score first). */
  sortedByEquity(): Int32Array {
    const order = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    return order.sort((a, b) => this.equity[b] - this.equity[a] || this.score[b] - this.score[a]);
  }
}
