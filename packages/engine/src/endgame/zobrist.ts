/**
 * Zobrist hashing for endgame positions: a random 2 x 32-bit key per
 * (square, tile), per (player, letter, count) and for the side to move and
 * pass state. A position's hash is the XOR of its keys, so a move updates it
 * with a few XORs and undoing it repeats them. Two 32-bit halves keep the
 * arithmetic in small integers; collisions at 2^-64 are ignored.
 *
 * The transposition table is a fixed power-of-two array of two-entry
 * buckets indexed by the low bits of the hash; a new entry replaces the same
 * position or the entry with less work behind it. Values are stored
 * relative to the node (future spread), so an entry is valid whatever path
 * reached the position. Entries carry the depth-limited search's value with
 * its bound flag (exact, lower, upper), and apart from it proven bounds
 * (`floor` <= true value <= `ceil`) that rest on no horizon estimate, so
 * they hold at any depth and later iterations reuse them.
 */
import { Prng } from '../game/prng.ts';

export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;
/** Beyond any spread: the proven bounds of a position nothing is known about. */
export const UNBOUNDED = 1 << 28;

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
  /** Proven lower bound of the true value (-UNBOUNDED when none). */
  readonly floor: Int32Array;
  /** Proven upper bound of the true value (UNBOUNDED when none). */
  readonly ceil: Int32Array;
  /** Signature of the best move found (see moveSignature), 0 when none. */
  readonly best: Int32Array;

  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = n - 2;
    this.hi = new Int32Array(n);
    this.lo = new Int32Array(n);
    this.value = new Int32Array(n);
    this.depth = new Int8Array(n).fill(-1);
    this.flag = new Uint8Array(n);
    this.floor = new Int32Array(n);
    this.ceil = new Int32Array(n);
    this.best = new Int32Array(n);
  }

  /** Slot of the entry for the hash, or -1 (two slots per bucket). */
  find(hi: number, lo: number): number {
    const i = lo & this.mask;
    if (this.depth[i] >= 0 && this.hi[i] === hi && this.lo[i] === lo) return i;
    const j = i + 1;
    return this.depth[j] >= 0 && this.hi[j] === hi && this.lo[j] === lo ? j : -1;
  }

  /**
   * Store in the bucket: over the same position, else over the slot with
   * less work behind it (unproven and shallower first). `floor` and `ceil`
   * are the proven bounds.
   */
  store(
    hi: number,
    lo: number,
    depth: number,
    flag: number,
    value: number,
    best: number,
    floor: number,
    ceil: number,
  ): void {
    let i = lo & this.mask;
    const j = i + 1;
    if (!(this.hi[i] === hi && this.lo[i] === lo)) {
      if (this.hi[j] === hi && this.lo[j] === lo) i = j;
      else if (this.worth(j) < this.worth(i)) i = j;
    }
    this.hi[i] = hi;
    this.lo[i] = lo;
    this.depth[i] = depth;
    this.flag[i] = flag;
    this.value[i] = value;
    this.best[i] = best;
    this.floor[i] = floor;
    this.ceil[i] = ceil;
  }

  private worth(i: number): number {
    if (this.depth[i] < 0) return -1;
    const proof =
      this.floor[i] === this.ceil[i]
        ? 64
        : this.floor[i] > -UNBOUNDED || this.ceil[i] < UNBOUNDED
          ? 32
          : 0;
    return this.depth[i] + proof;
  }

  clear(): void {
    this.depth.fill(-1);
  }
}
