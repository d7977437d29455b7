/**
 * Every sub-multiset of a rack gets a small integer, so the generator can
 * track "which tiles have I used" as one number and look up the equity of
 * the leave in a table prepared once per rack.
 *
 * Numbering: the rack's distinct tiles d1..dm with counts c1..cm are the
 * digits of a mixed-radix number; using one more d_i adds radix_i =
 * (c1+1)...(c_{i-1}+1). A 7-tile rack has at most 2^7 = 128 such numbers.
 * Index 0 uses nothing (the whole rack is kept).
 */
export const MAX_COMBOS = 128;

export class RackLeaves {
  /** radix[tile]: what using one `tile` (0 = blank) adds to the index; 0 if not on the rack. */
  readonly radix = new Int32Array(64);
  /** Equity adjustment (leave value and friends) per index. */
  readonly value = new Float64Array(MAX_COMBOS);
  /** Tiles used per index. */
  readonly used = new Uint8Array(MAX_COMBOS);
  /** Highest `value` among indexes using exactly k tiles (for bounds). */
  readonly bestByUsed = new Float64Array(8);
  combos = 1;
  rackSize = 0;
  private readonly rack = new Uint8Array(64);
  private readonly tilesOf: number[] = [];

  /** Number the sub-multisets of `rack` (counts per machine letter). */
  setRack(rack: ArrayLike<number>, letterCount: number): void {
    this.radix.fill(0);
    this.tilesOf.length = 0;
    let r = 1;
    let size = 0;
    for (let t = 0; t < letterCount; t++) {
      const c = rack[t];
      this.rack[t] = c;
      if (c === 0) continue;
      this.radix[t] = r;
      this.tilesOf.push(t);
      r *= c + 1;
      size += c;
    }
    this.combos = r;
    this.rackSize = size;
    for (let idx = 0; idx < r; idx++) {
      let n = 0;
      for (const t of this.tilesOf) n += this.digit(idx, t);
      this.used[idx] = n;
    }
  }

  /** How many `tile`s index `idx` uses. */
  digit(idx: number, tile: number): number {
    const rad = this.radix[tile];
    if (rad === 0) return 0;
    return Math.floor(idx / rad) % (this.rack[tile] + 1);
  }

  /** Counts of the tiles kept (rack minus those used by `idx`) into `out`. */
  leaveOf(idx: number, out: Uint8Array): number {
    out.fill(0);
    let n = 0;
    for (const t of this.tilesOf) {
      const kept = this.rack[t] - this.digit(idx, t);
      out[t] = kept;
      n += kept;
    }
    return n;
  }

  /** Tiles used by `idx`, written into `out`; returns how many. */
  usedTiles(idx: number, out: Uint8Array | number[]): number {
    let n = 0;
    for (const t of this.tilesOf) {
      for (let k = this.digit(idx, t); k > 0; k--) out[n++] = t;
    }
    return n;
  }

  /** Fill `value` with `fn(leaveCounts, leaveSize, usedCount)` and update the bounds. */
  fill(fn: (leave: Uint8Array, leaveSize: number, used: number) => number): void {
    const leave = new Uint8Array(64);
    this.bestByUsed.fill(-Infinity);
    for (let idx = 0; idx < this.combos; idx++) {
      const n = this.leaveOf(idx, leave);
      const v = fn(leave, n, this.used[idx]);
      this.value[idx] = v;
      const u = this.used[idx];
      if (v > this.bestByUsed[u]) this.bestByUsed[u] = v;
    }
  }

  /** All values zero (score-only equity). */
  clear(): void {
    this.value.fill(0, 0, this.combos);
    this.bestByUsed.fill(0);
  }
}
