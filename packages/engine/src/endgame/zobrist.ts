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

/**
 * Entry layout: eight 32-bit words per slot, so a two-slot bucket is one
 * 64-byte cache line and a probe costs one memory access.
 */
const HI = 0;
const LO = 1;
const VALUE = 2;
const FLOOR = 3;
const CEIL = 4;
const BEST = 5;
/** Depth + 1 in the low byte, the bound flag in bits 8-9, the table's generation above. */
const META = 6;
const GEN_SHIFT = 10;
/** The last generation (then the table is zeroed and starts again at 1). */
export const MAX_GENERATION = (1 << 21) - 1;
/**
 * The XOR of the other seven words: solvers sharing the table (solve's
 * `share`) write entries without locks, and an entry torn by two writers
 * fails this check and reads as empty.
 */
const CHECK = 7;
const WORDS = 8;

/** Bytes of a table of `1 << bits` entries (to allocate a shared one). */
export function tableBytes(bits: number): number {
  return (1 << bits) * WORDS * 4;
}

export class TranspositionTable {
  private mask: number;
  private data: Int32Array;
  /** Entries of other generations are empty: clearing is a new generation. */
  private gen = 1;
  /** The entry the last `find` copied. */
  private readonly hit = new Int32Array(WORDS);
  /** Keeps boundsOf's first loop from being optimised away. */
  private sink = 0;
  /** Whether the memory is shared with other solvers (`share`) until `ensure` makes it private again. */
  private shared = false;

  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = n - 2;
    this.data = new Int32Array(n * WORDS);
  }

  /** Entries the table holds. */
  get size(): number {
    return this.mask + 2;
  }

  /**
   * Grow to `1 << bits` entries (emptied) unless it is that big already;
   * where memory is short it stays as it is.
   */
  ensure(bits: number): void {
    let n = 1 << bits;
    if (n <= this.size && !this.shared) return;
    try {
      this.data = new Int32Array(n * WORDS);
    } catch {
      if (!this.shared) return;
      // Memory is short: back to a small private table.
      n = 1 << 16;
      this.data = new Int32Array(n * WORDS);
    }
    this.shared = false;
    this.mask = n - 2;
    this.gen = 1;
  }

  /**
   * Whether the table holds the position with this hash (two slots per
   * bucket); if so its entry is copied for the readers below, so another
   * solver writing the slot meanwhile cannot change what they read.
   */
  find(hi: number, lo: number): boolean {
    const d = this.data;
    const i = (lo & this.mask) * WORDS;
    const g = this.gen;
    if (d[i + META] >>> GEN_SHIFT === g && d[i + HI] === hi && d[i + LO] === lo)
      return this.read(i, hi, lo);
    const j = i + WORDS;
    return (
      d[j + META] >>> GEN_SHIFT === g &&
      d[j + HI] === hi &&
      d[j + LO] === lo &&
      this.read(j, hi, lo)
    );
  }

  /**
   * Copy the entry at word `i`; true when the copy is whole (its check
   * holds: another solver may be writing the slot) and still the position
   * `hi`, `lo` of this generation.
   */
  /**
   * The proven bounds of `n` positions (keys in `his` and `los`) into
   * `floors` and `ceils` (unbounded where the table has none). A first
   * loop reads one word of each slot with nothing waiting on it, so their
   * cache misses overlap (a probe at a time waits for each); the probes
   * after it find the slots in the cache.
   */
  boundsOf(
    his: Int32Array,
    los: Int32Array,
    n: number,
    floors: Int32Array,
    ceils: Int32Array,
  ): void {
    const d = this.data;
    let x = 0;
    for (let k = 0; k < n; k++) x ^= d[(los[k] & this.mask) * WORDS + META];
    this.sink = x;
    for (let k = 0; k < n; k++) {
      const found = this.find(his[k], los[k]);
      floors[k] = found ? this.hit[FLOOR] : -UNBOUNDED;
      ceils[k] = found ? this.hit[CEIL] : UNBOUNDED;
    }
  }

  private read(i: number, hi: number, lo: number): boolean {
    const h = this.hit;
    const d = this.data;
    let x = 0;
    for (let k = 0; k < CHECK; k++) x ^= h[k] = d[i + k];
    h[CHECK] = d[i + CHECK];
    return x === h[CHECK] && h[HI] === hi && h[LO] === lo && h[META] >>> GEN_SHIFT === this.gen;
  }

  /** Readers of the entry the last successful `find` copied. */
  depth(): number {
    return (this.hit[META] & 0xff) - 1;
  }

  flag(): number {
    return (this.hit[META] >> 8) & 3;
  }

  value(): number {
    return this.hit[VALUE];
  }

  /** Proven lower bound of the true value (-UNBOUNDED when none). */
  floor(): number {
    return this.hit[FLOOR];
  }

  /** Proven upper bound of the true value (UNBOUNDED when none). */
  ceil(): number {
    return this.hit[CEIL];
  }

  /** Signature of the best move found (see moveSignature), 0 when none. */
  best(): number {
    return this.hit[BEST];
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
    const d = this.data;
    let i = (lo & this.mask) * WORDS;
    const j = i + WORDS;
    const g = this.gen;
    if (!(d[i + META] >>> GEN_SHIFT === g && d[i + HI] === hi && d[i + LO] === lo)) {
      if (d[j + META] >>> GEN_SHIFT === g && d[j + HI] === hi && d[j + LO] === lo) i = j;
      else if (this.worth(j) < this.worth(i)) i = j;
    }
    const meta = depth + 1 + (flag << 8) + (g << GEN_SHIFT);
    d[i + HI] = hi;
    d[i + LO] = lo;
    d[i + META] = meta;
    d[i + VALUE] = value;
    d[i + BEST] = best;
    d[i + FLOOR] = floor;
    d[i + CEIL] = ceil;
    d[i + CHECK] = hi ^ lo ^ meta ^ value ^ best ^ floor ^ ceil;
  }

  private worth(i: number): number {
    const d = this.data;
    if (d[i + META] >>> GEN_SHIFT !== this.gen) return -1;
    const floor = d[i + FLOOR];
    const ceil = d[i + CEIL];
    const proof = floor === ceil ? 64 : floor > -UNBOUNDED || ceil < UNBOUNDED ? 32 : 0;
    return (d[i + META] & 0xff) - 1 + proof;
  }

  /**
   * Use `memory` (`tableBytes(bits)` bytes, shared with the other solvers
   * of one search) from now on, at `generation` (the same for all of
   * them; earlier generations' entries read as empty); `clear` leaves it
   * alone.
   */
  share(memory: SharedArrayBuffer, generation: number): void {
    if (this.data.buffer !== memory) this.data = new Int32Array(memory);
    this.mask = this.data.length / WORDS - 2;
    this.gen = generation;
    this.shared = true;
  }

  clear(): void {
    if (this.shared) return;
    if (++this.gen > MAX_GENERATION) {
      this.data.fill(0);
      this.gen = 1;
    }
  }
}
