/**
 * Plays generated along one line, remembered by everything their
 * generation reads: the line's tiles and its cross data for plays along it
 * (the board's line hash), the squares a play must cover and the rack. The
 * endgame regenerates the lines changed since its root at every node that
 * needs its moves, and sibling and cousin nodes share most of those lines
 * unchanged, so most lines come from here instead of the generator.
 *
 * A direct-mapped table keyed by 64 bits (collisions are ignored, as with
 * the transposition table); the plays live in one ring, and an entry's
 * plays are valid while the ring has not come round over them (its two
 * figures stay valid after). Each play there is one packed 32-byte record
 * (its fields side by side), so a hit reads a few cache lines rather than
 * one per field array of a MoveList.
 */
import type { CrossBoard } from '../movegen/cross.ts';
import { MAX_LEN, type MoveList } from '../movegen/moves.ts';

const SLOT = 8;
/**
 * Slots (log2) from the smallest (with a ring of as many plays: 16 MiB,
 * enough for a bot's 1 s solve) to the largest (with a ring of half as
 * many: 48 MiB). Long proofs miss less with more, as their figures
 * outlive the plays: seed 11's proof ran 12% faster with 2^20 slots than
 * with 2^18; 2^21 or a bigger ring gained nothing more.
 */
const MIN_SLOT_BITS = 18;
const MAX_SLOT_BITS = 20;
/** Slots wanted per millisecond of a solve (distinct lines come at about 130 a millisecond). */
const SLOTS_PER_MS = 200;

/** The line cache's slots (log2) for a solve of `millis` (see `LineCache.ensure`). */
export function lineCacheBitsFor(millis: number): number {
  const wanted = Math.ceil(Math.log2(Math.max(1, millis) * SLOTS_PER_MS));
  return Math.max(MIN_SLOT_BITS, Math.min(MAX_SLOT_BITS, wanted));
}
/** Lines a batch may hold (every line of a 21x21 board and more). */
const BATCH = 64;
/**
 * Words per play in the ring: kind, direction, length, tiles played and
 * start packed in one; the score; then the tiles, a byte a square (24
 * bytes hold the longest line, MAX_LEN).
 */
const PLAY_WORDS = 8;

export class LineCache {
  private bits = 0;
  private mask = 0;
  /**
   * Per slot (SLOT words): key halves, ring position of its plays, their
   * count, and two figures about them (see `save`). An empty slot's key is
   * zero, which no line's key is (collisions are ignored).
   */
  private slots = new Int32Array(0);
  private ring = new Int32Array(0);
  /** The ring's bytes (each play's tiles from byte 8 of its record). */
  private ringBytes = new Uint8Array(0);
  private ringSize = 0;
  /** Moves ever written to the ring (absolute position of the next one). */
  private written = 0;
  private slot = 0;
  /** Keys worked out ahead of their probes (`batchKey`). */
  private readonly batchSlots = new Int32Array(BATCH);
  private readonly batchHi = new Int32Array(BATCH);
  private readonly batchLo = new Int32Array(BATCH);
  /** The best figures `batchFigures` found. */
  bestA = 0;
  bestB = 0;
  private keyHi = 0;
  private keyLo = 0;
  /**
   * Counts `clear`s: part of every key, so that the entries of an earlier
   * solve (whose rack codes mean other racks) never match, without
   * emptying the slots each time.
   */
  private epoch = 0;

  constructor(
    private readonly board: CrossBoard,
    bits = MIN_SLOT_BITS,
    ringBits = bits,
  ) {
    this.allocate(bits, ringBits);
  }

  /**
   * At least `bits` slots (log2, from `lineCacheBitsFor`), with the ring
   * that goes with them; a bigger cache starts empty. It never shrinks.
   */
  ensure(bits: number): void {
    if (bits > this.bits) this.allocate(bits, Math.max(MIN_SLOT_BITS, bits - 1));
  }

  private allocate(bits: number, ringBits: number): void {
    const n = 1 << bits;
    this.bits = bits;
    this.mask = n - 1;
    this.slots = new Int32Array(SLOT * n);
    this.ringSize = 1 << ringBits;
    this.ring = new Int32Array(this.ringSize * PLAY_WORDS);
    this.ringBytes = new Uint8Array(this.ring.buffer);
    this.written = 0;
  }

  /** Forget every line and (re)start hashing the board's lines. */
  clear(): void {
    this.epoch++;
    this.board.hashLines();
  }

  /** Empty every slot and the ring. */
  private empty(): void {
    this.slots.fill(0);
    this.written = 0;
  }

  /**
   * Look up the plays along line `line` (`dir * dim + index`) that cover a
   * square of `cover`, for the rack (`p`, `code`): true on a hit (then
   * `copyTo` and the figures read the entry; with `plays` false only the
   * figures, which outlive the plays in the ring). On a miss the key is
   * kept for `save`.
   */
  probe(line: number, cover: number, p: number, code: number, plays: boolean): boolean {
    this.keyOf(line, cover, p, code);
    const slot = this.slot;
    const slots = this.slots;
    if (slots[slot] !== this.keyHi || slots[slot + 1] !== this.keyLo) return false;
    return !plays || this.written - slots[slot + 2] <= this.ringSize;
  }

  /** The key (`keyHi`, `keyLo`) and slot of line `line` for `cover` and the rack (`p`, `code`). */
  private keyOf(line: number, cover: number, p: number, code: number): void {
    const mix = Math.imul(cover ^ Math.imul(code, 0x9e3779b1) ^ (p << 31), 0x85ebca6b);
    const hi = this.board.lineHi![line] ^ mix ^ line;
    const lo =
      this.board.lineLo![line] ^
      Math.imul(mix ^ (mix >>> 13), 0xc2b2ae35) ^
      Math.imul(this.epoch, 0x27d4eb2f);
    this.slot = ((hi ^ (hi >>> 16) ^ lo) & this.mask) * SLOT;
    this.keyHi = hi;
    this.keyLo = lo;
  }

  /**
   * The key of line `line` for `cover` and the rack (`p`, `code`), kept as
   * batch entry `j` for `batchFigures`. Working out every key of a batch
   * before reading any slot lets the slots' cache misses overlap.
   */
  batchKey(j: number, line: number, cover: number, p: number, code: number): void {
    this.keyOf(line, cover, p, code);
    this.batchSlots[j] = this.slot;
    this.batchHi[j] = this.keyHi;
    this.batchLo[j] = this.keyLo;
  }

  /**
   * Look up batch entries 0..n-1 (`batchKey`): `bestA` and `bestB` become
   * the highest first and second figures among those found (`none` when
   * none is), and the others' indexes go to `missed`. Returns how many
   * were missed.
   */
  batchFigures(n: number, none: number, missed: Int32Array): number {
    const slots = this.slots;
    let a = none;
    let b = none;
    let count = 0;
    for (let j = 0; j < n; j++) {
      const slot = this.batchSlots[j];
      // Figures only: they outlive the entry's plays in the ring.
      if (slots[slot] === this.batchHi[j] && slots[slot + 1] === this.batchLo[j]) {
        if (slots[slot + 4] > a) a = slots[slot + 4];
        if (slots[slot + 5] > b) b = slots[slot + 5];
      } else missed[count++] = j;
    }
    this.bestA = a;
    this.bestB = b;
    return count;
  }

  /** Append the plays of the entry just found to `out`. */
  copyTo(out: MoveList): void {
    const slots = this.slots;
    const at = slots[this.slot + 2];
    const n = slots[this.slot + 3];
    const ring = this.ring;
    const bytes = this.ringBytes;
    const wrap = this.ringSize - 1;
    for (let k = 0; k < n; k++) {
      const w = ((at + k) & wrap) * PLAY_WORDS;
      const head = ring[w];
      const score = ring[w + 1];
      const to = out.slot(score);
      out.kind[to] = head & 3;
      out.dir[to] = (head >>> 2) & 1;
      const len = (out.len[to] = (head >>> 3) & 31);
      out.played[to] = (head >>> 8) & 31;
      out.start[to] = head >>> 16;
      out.score[to] = score;
      out.equity[to] = score;
      const from = 4 * w + 8;
      const tiles = out.tiles;
      const b = to * MAX_LEN;
      for (let t = 0; t < len; t++) tiles[b + t] = bytes[from + t];
      for (let t = len; t < MAX_LEN; t++) tiles[b + t] = 0;
    }
  }

  /** First figure given to `save` for the entry just found. */
  get figureA(): number {
    return this.slots[this.slot + 4];
  }

  /** Second figure given to `save` for the entry just found. */
  get figureB(): number {
    return this.slots[this.slot + 5];
  }

  /**
   * Remember `out`'s plays from `from` on as the last missed line's, with
   * two figures the caller reads back on a hit.
   */
  save(out: MoveList, from: number, a: number, b: number): void {
    const n = out.count - from;
    if (n > this.ringSize / 4) return;
    // Ring positions are kept in 32 bits: start over long before they overflow.
    if (this.written > 1 << 30) this.empty();
    const slot = this.slot;
    const slots = this.slots;
    slots[slot] = this.keyHi;
    slots[slot + 1] = this.keyLo;
    slots[slot + 2] = this.written;
    slots[slot + 3] = n;
    slots[slot + 4] = a;
    slots[slot + 5] = b;
    const ring = this.ring;
    const bytes = this.ringBytes;
    const wrap = this.ringSize - 1;
    for (let k = 0; k < n; k++) {
      const i = from + k;
      const w = (this.written++ & wrap) * PLAY_WORDS;
      const len = out.len[i];
      ring[w] =
        out.kind[i] | (out.dir[i] << 2) | (len << 3) | (out.played[i] << 8) | (out.start[i] << 16);
      ring[w + 1] = out.score[i];
      const to = 4 * w + 8;
      const a = i * MAX_LEN;
      for (let t = 0; t < len; t++) bytes[to + t] = out.tiles[a + t];
    }
  }
}
