/**
 * COP step 3, control loss (README "COP"): is there a player c who wins the
 * event whenever c wins out and meets the leader, but not when c wins out
 * against the scheduled opponent instead? Each candidate is forced to win
 * every game in two sets of simulations: (1) c moved to play the leader in
 * every round but the last, (2) the scheduled pairings (one factor pair at the
 * top, the rest paired at random within their half of the field, the last
 * round king of the hill). c loses control when (1) − (2) reaches the
 * threshold share of the simulations. The highest-ranked such c is "Destiny's
 * Child". Step 3b, the factor-3 check with exactly two rounds left, uses the
 * same forced-winner test.
 */
import type { Context } from '../context.ts';
import type { CopAnalysis } from './analysis.ts';
import { CHECK_EVERY, type CopClock, MIN_CHECK_SIMS, Phase } from './deadline.ts';
import { factorScheme, type Scheme, Simulator } from './simulate.ts';

export interface ControlLoss {
  /** Slot (rank) of Destiny's Child, or −1. */
  child: number;
  /** Each candidate rank's runs. */
  tested: Map<number, Tested>;
}

/** Events a candidate won, and of how many, when moved to the leader and as scheduled. */
export interface Tested {
  moved: Runs;
  /**
   * Null when not needed (more than four rounds left and the candidate did
   * not win every time when moved, so no control loss).
   */
  scheduled: Runs | null;
}

/** Events won of events simulated (fewer than asked when time ran short). */
export interface Runs {
  won: number;
  of: number;
}

/** Local reshuffles after the shuffle of a half (PAIRING.md "10 reshuffles to reduce far pairings"). */
export const RESHUFFLES = 10;

const gapOf = (x: number, y: number) => (x < y ? y - x : x - y);

/**
 * Pairs slots [lo, hi) of `list` (in rank order) at random: their positions
 * are shuffled and neighbours paired, then RESHUFFLES times two random pairs
 * swap partners when that brings partners nearer in rank (smaller sum of the
 * two rank gaps), so far pairings are rarer than in a plain shuffle. `perm` is
 * a scratch array.
 */
function randomPairs(
  list: Int32Array,
  lo: number,
  hi: number,
  pairs: Int32Array,
  n: number,
  sim: Simulator,
  perm: Int32Array,
): number {
  const m = hi - lo;
  if (m < 2) return n;
  for (let i = 0; i < m; i++) perm[i] = i;
  // Fisher–Yates; below 256 one 32-bit draw serves two steps (16 bits each).
  let bits = 0;
  for (let i = m - 1; i > 0; i--) {
    let r: number;
    if (i >= 255) r = sim.random();
    else if (bits === 0) {
      r = sim.random();
      bits = r >>> 16;
      r &= 0xffff;
    } else {
      r = bits;
      bits = 0;
    }
    const j = r % (i + 1);
    const t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  const count = m >> 1;
  if (count >= 2) {
    // Two pair slots per try: 8 bits each when the half is small (two tries a
    // draw), else 16. The slots' positions in the shuffled order are random, so
    // a slightly uneven choice among them favours no player.
    const small = count <= 256;
    let r = 0;
    for (let k = 0; k < RESHUFFLES; k++) {
      let x: number;
      let y: number;
      if (!small) {
        r = sim.random();
        x = 2 * ((r & 0xffff) % count);
        y = 2 * ((r >>> 16) % count);
      } else {
        if ((k & 1) === 0) r = sim.random();
        else r >>>= 16;
        x = 2 * ((r & 0xff) % count);
        y = 2 * (((r >>> 8) & 0xff) % count);
      }
      if (x === y) continue;
      const a = perm[x];
      const b = perm[x + 1];
      const c = perm[y];
      const d = perm[y + 1];
      const now = gapOf(a, b) + gapOf(c, d);
      const cross = gapOf(a, c) + gapOf(b, d);
      const swap = gapOf(a, d) + gapOf(b, c);
      if (cross < now && cross <= swap) {
        perm[x + 1] = c;
        perm[y] = b;
      } else if (swap < now) {
        perm[x + 1] = d;
        perm[y + 1] = b;
      }
    }
  }
  for (let i = 0; i + 1 < m; i += 2) {
    pairs[n++] = list[lo + perm[i]];
    pairs[n++] = list[lo + perm[i + 1]];
  }
  return n;
}

/** The control-loss schedule for candidate c; `toLeader` moves c against the leader. */
export function controlLossScheme(c: number, maxFactor: number, toLeader: boolean): Scheme {
  let rest = new Int32Array(0);
  let perm = new Int32Array(0);
  return (order, left, pairs, sim) => {
    const size = order.length;
    if (left === 1) {
      for (let i = 0; i + 1 < size; i += 2) {
        pairs[i] = order[i];
        pairs[i + 1] = order[i + 1];
      }
      return size & ~1;
    }
    if (rest.length !== size) {
      rest = new Int32Array(size);
      perm = new Int32Array(size);
    }
    const leader = order[0];
    const f = Math.max(1, Math.min(left, maxFactor, size >> 1));
    let opp = order[f];
    if (leader !== c) {
      if (toLeader) opp = c;
      else if (opp === c) opp = order[1] === c ? order[2] : order[1];
    }
    let n = 0;
    pairs[n++] = leader;
    pairs[n++] = opp;
    let m = 0;
    for (let i = 0; i < size; i++)
      if (order[i] !== leader && order[i] !== opp) rest[m++] = order[i];
    const half = m >> 1;
    n = randomPairs(rest, 0, half & ~1, pairs, n, sim, perm);
    n = randomPairs(rest, half & ~1, m, pairs, n, sim, perm);
    return n;
  };
}

/**
 * Events c wins over `sims` runs of `scheme` with c forced to win every game;
 * out of time after MIN_CHECK_SIMS runs, on the runs made so far.
 */
export function winsWhenWinningOut(
  sim: Simulator,
  rounds: number,
  scheme: Scheme,
  c: number,
  sims: number,
  phase?: Phase,
): Runs {
  let won = 0;
  for (let s = 0; s < sims; s++) {
    if (phase && s % CHECK_EVERY === 0 && s >= MIN_CHECK_SIMS && phase.expired())
      return { won, of: s };
    sim.runOne(rounds, scheme, c);
    if (sim.order[0] === c) won++;
  }
  return { won, of: sims };
}

/**
 * Whether being moved gains at least `threshold` of the events (the count
 * form when both ran as many events, as before time could cut them short).
 */
function gains(moved: Runs, scheduled: Runs, threshold: number): boolean {
  if (moved.of === scheduled.of) return moved.won - scheduled.won >= threshold * moved.of;
  return moved.won / moved.of - scheduled.won / scheduled.of >= threshold;
}

export function findControlLoss(ctx: Context, a: CopAnalysis, clock: CopClock): ControlLoss {
  const sims = ctx.rc.controlLossSims;
  const k = a.remaining;
  const sim = new Simulator(a.field, ctx.seed ^ 0x5bd1e995, a.gibsonSpread);
  const tested = new Map<number, Tested>();
  const phase = new Phase('control-loss check', clock.cap('controlLoss'));
  const test = (c: number): Tested => {
    let hit = tested.get(c);
    if (!hit) {
      const moved = winsWhenWinningOut(
        sim,
        k,
        controlLossScheme(c, a.maxFactor, true),
        c,
        sims,
        phase,
      );
      // With more than four rounds left control loss also needs a win every
      // time when moved; short of that the scheduled runs cannot change the answer.
      const scheduled =
        k > 4 && moved.won < moved.of
          ? null
          : winsWhenWinningOut(sim, k, controlLossScheme(c, a.maxFactor, false), c, sims, phase);
      hit = { moved, scheduled };
      tested.set(c, hit);
    }
    return hit;
  };
  const loses = (c: number): boolean => {
    const { moved, scheduled } = test(c);
    return (
      scheduled !== null &&
      gains(moved, scheduled, ctx.rc.controlLossThreshold) &&
      (k <= 4 || moved.won === moved.of)
    );
  };
  const always = (r: Runs | null) => r !== null && r.won === r.of;
  const lowest = Math.max(a.lowestHopeful[0], 1);
  // 2nd first (Tessera: the search below assumes that losing control only
  // grows down the ranks, which real states break), then a binary search
  // for the highest-ranked candidate that loses control.
  if (a.ranked.length > 1 && loses(1)) return { child: 1, tested };
  let lo = 2;
  let hi = Math.min(lowest, a.ranked.length - 1);
  let child = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (loses(mid)) {
      child = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  if (child < 0 && k === 2) {
    // Fallback: the lowest player who wins every time either way, then the next one.
    let r = 1;
    while (r < a.ranked.length && always(test(r).moved) && always(test(r).scheduled)) r++;
    if (r > 1 && r < a.ranked.length && loses(r)) child = r;
  }
  return { child, tested };
}

/** Penultimate round 1v4, 2v5, 3v6 (or with `c` moved to face 1st), the rest factor-half; last round KOTH. */
export function factorThreeScheme(c: number): Scheme {
  const halfScheme = factorScheme(0);
  return (order, left, pairs, sim) => {
    if (left !== 2) return halfScheme(order, left, pairs, sim);
    const top = [order[0], order[3], order[1], order[4], order[2], order[5]];
    if (c >= 0) {
      // c takes the place of 1st's partner (4th), who takes c's.
      const ci = top.indexOf(c);
      top[ci] = top[1];
      top[1] = c;
    }
    for (let i = 0; i < 6; i++) pairs[i] = top[i];
    let n = 6;
    const m = order.length - 6;
    const half = m >> 1;
    for (let i = 0; i < half; i++) {
      pairs[n++] = order[6 + i];
      pairs[n++] = order[6 + half + i];
    }
    return n;
  };
}

/**
 * Step 3b: with two rounds left and six or more players, asks for 1st v 2nd
 * or 3rd if either would lose control under 1v4, 2v5, 3v6; otherwise for
 * 1v4, 2v5, 3v6 when 4th, 5th and 6th can each hopefully reach 1st, 2nd, 3rd.
 * Returns the pairs of ranks to force (the caller forces those still free).
 */
export function factorThreeCheck(
  ctx: Context,
  a: CopAnalysis,
  clock: CopClock,
): [number, number][] {
  if (a.remaining !== 2 || a.ranked.length < 6) return [];
  if (a.gibsonized.slice(0, 6).some((g) => g) || a.group.slice(0, 6).some((g) => g !== a.group[0]))
    return [];
  const sims = ctx.rc.controlLossSims;
  const sim = new Simulator(a.field, ctx.seed ^ 0x27d4eb2f, a.gibsonSpread);
  const phase = new Phase('factor-3 check', clock.cap('factor3'));
  for (const c of [1, 2]) {
    const moved = winsWhenWinningOut(sim, 2, factorThreeScheme(c), c, sims, phase);
    const scheduled = winsWhenWinningOut(sim, 2, factorThreeScheme(-1), c, sims, phase);
    ctx.log.push(
      `Factor-3 check, ${ctx.name(a.ranked[c].player)} (rank ${c + 1}) winning out: wins ${moved.won}/${moved.of} ` +
        `against 1st, ${scheduled.won}/${scheduled.of} under 1v4 2v5 3v6.`,
    );
    if (moved.of < sims || scheduled.of < sims)
      ctx.log.push(
        `Time cap of ${phase.millis} ms reached: factor-3 check decided on fewer than ${sims} simulations.`,
      );
    if (gains(moved, scheduled, ctx.rc.controlLossThreshold)) {
      ctx.log.push(
        `Factor-3 check: ${ctx.name(a.ranked[c].player)} (rank ${c + 1}) would lose control under 1v4 2v5 3v6, ` +
          `so 1st must meet them.`,
      );
      return [[0, c]];
    }
  }
  const p = a.field.players;
  const reach = (rank: number, place: number) => {
    let x = 0;
    for (let r = 0; r <= place; r++) x += a.counts[rank * p + r];
    return x / a.sims;
  };
  if (
    reach(3, 0) >= a.hopefulness &&
    reach(4, 1) >= a.hopefulness &&
    reach(5, 2) >= a.hopefulness
  ) {
    ctx.log.push(
      'Factor-3 check: 4th, 5th and 6th can each hopefully reach 1st, 2nd and 3rd, so 1v4, 2v5, 3v6.',
    );
    return [
      [0, 3],
      [1, 4],
      [2, 5],
    ];
  }
  return [];
}
