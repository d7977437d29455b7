/**
 * The simulation of the rest of the event (README "COP", step 2): every
 * remaining round is paired by a scheme, every game is a coin flip with a
 * margin from MARGINS capped at the gibson spread, and the standings are
 * re-sorted after each round. Counts how often each player finishes at each
 * rank.
 *
 * Fast because everything is a typed array: the order is kept sorted by
 * insertion sort (after one round it is almost sorted already), sort keys are
 * one number (net wins, then spread; the index breaks ties), and the random
 * generator is inlined.
 */
import { CHECK_EVERY, MIN_DECIDING_SIMS, type Phase } from './deadline.ts';
import { MARGINS } from './margins.ts';

export interface Field {
  /** Slots in the simulation: the active players, plus a phantom when odd. */
  size: number;
  /** Real players (slots 0..players−1 are them, in current rank order). */
  players: number;
  net: Int32Array;
  spread: Int32Array;
  /** Gibson group of each slot (0 = bottom group). */
  group: Int32Array;
  gibsonized: Uint8Array;
  groupCount: number;
}

/** Pairs for one simulated round: fills `pairs` with slot pairs, returns how many. */
export type Scheme = (order: Int32Array, left: number, pairs: Int32Array, sim: Simulator) => number;

const NET_SCALE = 1 << 24;
const SPREAD_OFFSET = 1 << 23;

export class Simulator {
  readonly field: Field;
  readonly net: Int32Array;
  readonly spread: Int32Array;
  readonly order: Int32Array;
  private readonly key: Float64Array;
  private readonly pairs: Int32Array;
  // sfc32 state
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  gibsonSpread: number;

  constructor(field: Field, seed: number, gibsonSpread: number) {
    this.field = field;
    this.net = new Int32Array(field.size);
    this.spread = new Int32Array(field.size);
    this.order = new Int32Array(field.size);
    this.key = new Float64Array(field.size);
    this.pairs = new Int32Array(field.size + 2);
    this.gibsonSpread = gibsonSpread;
    this.a = seed | 0;
    this.b = 0x9e3779b9;
    this.c = 0x243f6a88;
    this.d = 1;
    for (let i = 0; i < 15; i++) this.random();
  }

  random(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  private initialOrder: Int32Array | null = null;

  /** Resets to the real standings (their order is sorted once and reused). */
  reset(): void {
    const f = this.field;
    this.net.set(f.net);
    this.spread.set(f.spread);
    for (let i = 0; i < f.size; i++)
      this.key[i] = f.net[i] * NET_SCALE + f.spread[i] + SPREAD_OFFSET;
    if (!this.initialOrder) {
      for (let i = 0; i < f.size; i++) this.order[i] = i;
      this.sort();
      this.initialOrder = this.order.slice();
    } else this.order.set(this.initialOrder);
  }

  /** Insertion sort of `order` by key (descending), then slot (ascending). */
  sort(): void {
    const order = this.order;
    const key = this.key;
    for (let i = 1; i < order.length; i++) {
      const p = order[i];
      const k = key[p];
      let j = i - 1;
      while (j >= 0) {
        const q = order[j];
        const kq = key[q];
        if (kq > k || (kq === k && q < p)) break;
        order[j + 1] = q;
        j--;
      }
      order[j + 1] = p;
    }
  }

  /** Plays one game; `forced` (a slot or −1) always wins, never ties. */
  play(x: number, y: number, forced: number): void {
    const r = this.random();
    let margin = MARGINS[r & 511];
    if (margin > this.gibsonSpread) margin = this.gibsonSpread;
    let xWins = (r & 0x200) !== 0;
    if (forced === x) xWins = true;
    else if (forced === y) xWins = false;
    else if (margin === 0) return;
    if (margin === 0) margin = 1;
    const w = xWins ? x : y;
    const l = xWins ? y : x;
    this.net[w]++;
    this.net[l]--;
    this.spread[w] += margin;
    this.spread[l] -= margin;
    this.key[w] = this.net[w] * NET_SCALE + this.spread[w] + SPREAD_OFFSET;
    this.key[l] = this.net[l] * NET_SCALE + this.spread[l] + SPREAD_OFFSET;
  }

  /** Runs the rest of one event from the real standings; the order is the final one. */
  runOne(rounds: number, scheme: Scheme, forced = -1): void {
    this.reset();
    for (let left = rounds; left >= 1; left--) {
      const count = scheme(this.order, left, this.pairs, this);
      for (let i = 0; i < count; i += 2) this.play(this.pairs[i], this.pairs[i + 1], forced);
      this.sort();
    }
  }
}

/**
 * The default scheme: inside each gibson group, f = min(rounds left, max
 * factor, half the group); the top f meet the f below them, the rest play
 * top half against bottom half, the last round is king of the hill, and
 * gibsonized players of the bottom group meet each other first.
 */
export function factorScheme(maxFactor: number): Scheme {
  let members = new Int32Array(0);
  let counts = new Int32Array(0);
  let start = new Int32Array(0);
  let fill = new Int32Array(0);
  return (order, left, pairs, sim) => {
    const f = sim.field;
    if (members.length !== f.size) {
      members = new Int32Array(f.size);
      counts = new Int32Array(f.groupCount + 1);
      start = new Int32Array(f.groupCount + 1);
      fill = new Int32Array(f.groupCount + 1);
    }
    const group = f.group;
    if (f.groupCount === 1 && !anyGibsonized(f))
      return pairFactorRange(order, 0, order.length, left, maxFactor, pairs, 0);
    // Bucket the order by group (stable, so each bucket is in rank order).
    counts.fill(0);
    for (let i = 0; i < order.length; i++) counts[group[order[i]]]++;
    for (let g = 1; g <= f.groupCount; g++) start[g] = start[g - 1] + counts[g - 1];
    fill.set(start);
    for (let i = 0; i < order.length; i++) members[fill[group[order[i]]]++] = order[i];
    let n = 0;
    for (let g = 0; g < f.groupCount; g++) {
      const lo = start[g];
      let hi = lo + counts[g];
      if (g === 0) {
        // Gibsonized players of the bottom group meet each other first.
        let gi = -1;
        for (let i = lo; i < hi; i++) {
          const p = members[i];
          if (!f.gibsonized[p]) continue;
          if (gi < 0) gi = i;
          else {
            pairs[n++] = members[gi];
            pairs[n++] = p;
            members[i] = -1;
            members[gi] = -1;
            gi = -1;
          }
        }
        // Compact the rest.
        let w = lo;
        for (let i = lo; i < hi; i++) if (members[i] >= 0) members[w++] = members[i];
        hi = w;
      }
      n = pairFactorRange(members, lo, hi, left, maxFactor, pairs, n);
    }
    return n;
  };
}

const gibsonCache = new WeakMap<Field, boolean>();
function anyGibsonized(f: Field): boolean {
  let v = gibsonCache.get(f);
  if (v === undefined) {
    v = f.gibsonized.some((g) => g === 1);
    gibsonCache.set(f, v);
  }
  return v;
}

/** Factor pairing of list[lo, hi) (in rank order) into `pairs` from position n; returns the new n. */
function pairFactorRange(
  list: Int32Array,
  lo: number,
  hi: number,
  left: number,
  maxFactor: number,
  pairs: Int32Array,
  n: number,
): number {
  if (left === 1) {
    for (let i = lo; i + 1 < hi; i += 2) {
      pairs[n++] = list[i];
      pairs[n++] = list[i + 1];
    }
    return n;
  }
  const fac = Math.min(left, maxFactor, (hi - lo) >> 1);
  for (let i = 0; i < fac; i++) {
    pairs[n++] = list[lo + i];
    pairs[n++] = list[lo + i + fac];
  }
  lo += 2 * fac;
  const half = (hi - lo) >> 1;
  for (let i = 0; i < half; i++) {
    pairs[n++] = list[lo + i];
    pairs[n++] = list[lo + i + half];
  }
  return n;
}

/** Finishing ranks over `sims` runs: counts[p × players + rank], real players only. */
export function finishTable(
  sim: Simulator,
  rounds: number,
  scheme: Scheme,
  sims: number,
  counts: Float64Array,
  phase?: Phase,
): number {
  const players = sim.field.players;
  for (let s = 0; s < sims; s++) {
    // Out of time with enough simulated: decide on what was simulated (the
    // caller logs it); below the minimum, go on whatever the clock says.
    if (phase && s % CHECK_EVERY === 0 && s >= MIN_DECIDING_SIMS && phase.expired()) return s;
    sim.runOne(rounds, scheme);
    let rank = 0;
    const order = sim.order;
    for (let i = 0; i < order.length; i++) {
      const p = order[i];
      if (p < players) counts[p * players + rank++]++;
    }
  }
  return sims;
}
