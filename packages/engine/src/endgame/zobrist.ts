/**
 * Zobrist hashing for endgame positions: a random 2 x 32-bit key per
 * (square, tile), per (player, letter, count) and for the side to move and
 * pass state. A position's hash is the XOR of its keys, so a move updates it
 * with a few XORs and undoing it repeats them. Two 32-bit halves keep the
 * arithmetic in small integers; collisions at 2^-64 are ignored.
 *
 * The transposition table is a fixed power-of-two array of entries indexed
 * by the low bits of the hash, replaced when the new search is at least as
 * deep. Values are stored relative to the node (future spread), so an entry
 * is valid whatever path reached the position.
 */
import { Prng } from '../game/prng.ts';

export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;

export class Zobrist {
  readonly squareHi: Int32Array;
  readonly squareLo: Int32Array;
  readonly rackHi: Int32Array;
  readonly rackLo: Int32Array;
  readonly turnHi: number;
  readonly turnLo: number;
  readonly passHi: number;
  readonly passLo: number;

  constructor(squares: number) {
    const rng = Prng.seeded(0x5eed);
    const fill = (n: number) => Int32Array.from({ length: n }, () => rng.next() | 0);
    this.squareHi = fill(squares * 256);
    this.squareLo = fill(squares * 256);
    this.rackHi = fill(2 * 64 * 8);
    this.rackLo = fill(2 * 64 * 8);
    this.turnHi = rng.next() | 0;
    this.turnLo = rng.next() | 0;
    this.passHi = rng.next() | 0;
    this.passLo = rng.next() | 0;
  }

  /** Index of the rack key for `player` holding `count` of `tile`. */
  rackIndex(player: number, tile: number, count: number): number {
    return (player * 64 + tile) * 8 + Math.min(count, 7);
  }
}

export class TranspositionTable {
  readonly mask: number;
  readonly hi: Int32Array;
  readonly lo: Int32Array;
  readonly value: Int32Array;
  readonly depth: Int8Array;
  readonly flag: Uint8Array;
  /** Signature of the best move found (see moveSignature), 0 when none. */
  readonly best: Int32Array;

  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = n - 1;
    this.hi = new Int32Array(n);
    this.lo = new Int32Array(n);
    this.value = new Int32Array(n);
    this.depth = new Int8Array(n).fill(-1);
    this.flag = new Uint8Array(n);
    this.best = new Int32Array(n);
  }

  /** Slot of the entry for the hash, or -1. */
  find(hi: number, lo: number): number {
    const i = lo & this.mask;
    return this.depth[i] >= 0 && this.hi[i] === hi && this.lo[i] === lo ? i : -1;
  }

  store(hi: number, lo: number, depth: number, flag: number, value: number, best: number): void {
    const i = lo & this.mask;
    if (this.depth[i] > depth && this.hi[i] !== hi) return;
    this.hi[i] = hi;
    this.lo[i] = lo;
    this.depth[i] = depth;
    this.flag[i] = flag;
    this.value[i] = value;
    this.best[i] = best;
  }

  clear(): void {
    this.depth.fill(-1);
  }
}
