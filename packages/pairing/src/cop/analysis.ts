/**
 * COP steps 1 and 2 (README "COP"): the COP standings with its own
 * gibsonization and gibson groups, the simulation of the rest of the event
 * (more batches while any prize probability is undecided, then a tightened
 * factor), and what the final table says: each player's best hopeful, best
 * and worst ranks, and per place the lowest-ranked player who can hopefully
 * reach it.
 */
import type { Context } from '../context.ts';
import { fromLastRound } from '../controls.ts';
import { markGibsonized, type Standing } from '../standings.ts';
import { type CopClock, Phase, PHASE_MILLIS } from './deadline.ts';
import { compareToThreshold } from './stats.ts';
import { factorScheme, type Field, finishTable, Simulator } from './simulate.ts';

export const BATCH = 10_000;
export { PHASE_MILLIS };
/** Extra batches are capped by count (so the result depends only on the seed), then by time. */
export const MAX_EXTRA_BATCHES = 10;
const CONFIDENCE_ALPHA = 0.01;

export interface CopAnalysis {
  /** Active players in rank order (slot i = rank i). */
  ranked: Standing[];
  gibsonized: boolean[];
  /** Gibson group by rank; 0 is the bottom group. */
  group: number[];
  groupCount: number;
  gibsonSpread: number;
  hopefulness: number;
  remaining: number;
  placePrizes: number;
  field: Field;
  /** Final table: counts[rank × players + finish]. */
  counts: Float64Array;
  sims: number;
  maxFactor: number;
  hopefulBest: Int32Array;
  best: Int32Array;
  worst: Int32Array;
  /** lowestHopeful[q]: lowest rank that can hopefully finish at place q or better (−1 none). */
  lowestHopeful: Int32Array;
  lowestHopefulCasher: number;
  lowestAbsoluteCasher: number;
  millis: number;
}

/** Gibson groups: each gibsonized player closes a segment (joining it if odd, else set aside). */
export function gibsonGroups(gib: boolean[]): { group: number[]; count: number } {
  const group = new Array<number>(gib.length).fill(0);
  let count = 1;
  let segment: number[] = [];
  for (let r = 0; r < gib.length; r++) {
    if (!gib[r]) {
      segment.push(r);
      continue;
    }
    if (segment.length % 2 === 1) {
      segment.push(r);
      for (const x of segment) group[x] = count;
      count++;
    } else {
      if (segment.length) {
        for (const x of segment) group[x] = count;
        count++;
      }
      group[r] = 0;
    }
    segment = [];
  }
  for (const x of segment) group[x] = 0;
  return { group, count };
}

export function buildField(
  ranked: Standing[],
  gib: boolean[],
  group: number[],
  groupCount: number,
): Field {
  const players = ranked.length;
  const size = players + (players % 2);
  const net = new Int32Array(size);
  const spread = new Int32Array(size);
  const g = new Int32Array(size);
  const gibsonized = new Uint8Array(size);
  for (let i = 0; i < players; i++) {
    net[i] = ranked[i].netWins;
    spread[i] = ranked[i].spread;
    g[i] = group[i];
    gibsonized[i] = gib[i] ? 1 : 0;
  }
  if (size > players) {
    // A phantom ranked hopelessly low, in the bottom group.
    net[players] = -1_000_000;
    spread[players] = 0;
  }
  return { size, players, net, spread, group: g, gibsonized, groupCount };
}

export function analyse(ctx: Context, clock: CopClock): CopAnalysis {
  const started = Date.now();
  const { rc, division: d } = ctx;
  const gibsonSpread = fromLastRound(rc.gibsonSpreads, ctx.round, d.numRounds);
  const hopefulness = fromLastRound(rc.hopefulnessThresholds, ctx.round, d.numRounds);
  const ranked = ctx.standings.map((s) => ({ ...s, gibsonized: false }));
  const remaining = ctx.remaining;
  const placePrizes = Math.min(rc.placePrizes, ranked.length);
  markGibsonized(ranked, placePrizes - 1, remaining, gibsonSpread);
  const gib = ranked.map((s) => s.gibsonized);
  const { group, count } = gibsonGroups(gib);
  const field = buildField(ranked, gib, group, count);
  const players = ranked.length;
  const sim = new Simulator(field, ctx.seed, gibsonSpread);

  let maxFactor = remaining;
  let counts = new Float64Array(players * players);
  let sims = 0;
  // Phase 1: the initial run and the extra batches.
  const simulation = new Phase('simulation of the remaining rounds', clock.cap('simulation'));
  sims = finishTable(sim, remaining, factorScheme(maxFactor), rc.divisionSims, counts, simulation);
  if (sims < rc.divisionSims)
    ctx.log.push(
      `Time cap of ${simulation.millis} ms reached: deciding on ${sims} of ${rc.divisionSims} simulations.`,
    );

  // More batches until every checked probability is clearly above or below
  // the hopefulness threshold (Bonferroni over players and ranks checked).
  const checked = [placePrizes - 1];
  if (!gib[0] && placePrizes - 1 !== 0) checked.push(0);
  const alpha = CONFIDENCE_ALPHA / (players * checked.length);
  const undecided = (): number => {
    let u = 0;
    for (let p = 0; p < players; p++) {
      for (const rank of checked) {
        let x = 0;
        for (let r = 0; r <= rank; r++) x += counts[p * players + r];
        if (compareToThreshold(x, sims, hopefulness, alpha) === 0) u++;
      }
    }
    return u;
  };
  let open = undecided();
  let batches = 0;
  while (open > 0 && batches < MAX_EXTRA_BATCHES && !simulation.expired()) {
    sims += finishTable(sim, remaining, factorScheme(maxFactor), BATCH, counts, simulation);
    batches++;
    open = undecided();
  }
  if (open > 0 && simulation.expired())
    ctx.log.push(
      `Time cap of ${simulation.millis} ms reached after ${sims} simulations: ` +
        `${open} prize probabilities decided on those (fewer simulations than asked).`,
    );
  ctx.log.push(
    `Simulated the ${remaining} remaining round(s) ${sims} times (factor ceiling ${maxFactor})` +
      (open
        ? `; ${open} prize probabilities still undecided after ${MAX_EXTRA_BATCHES} extra batches.`
        : '.'),
  );

  // Tighten: how many players directly below the top non-gibsonized rank ever finished there.
  const top = gib.indexOf(false);
  if (top >= 0) {
    let tight = 0;
    for (let r = top + 1; r < players && counts[r * players + top] > 0; r++) tight++;
    const groupSize = group.filter((g) => g === group[top]).length;
    const factorsFor = (mf: number) =>
      Array.from({ length: remaining }, (_, i) =>
        Math.min(remaining - i, mf, groupSize >> 1),
      ).join();
    if (2 * tight < groupSize && factorsFor(tight) !== factorsFor(maxFactor)) {
      maxFactor = tight;
      counts = new Float64Array(players * players);
      const tightened = new Phase('tightened simulation', clock.cap('tightened'));
      sims = finishTable(
        sim,
        remaining,
        factorScheme(maxFactor),
        rc.divisionSims,
        counts,
        tightened,
      );
      ctx.log.push(
        `Tightened: max factor ${maxFactor}; simulated again ${sims} times` +
          (sims < rc.divisionSims ? ` (time cap of ${tightened.millis} ms reached).` : '.'),
      );
    }
  }

  const hopefulBest = new Int32Array(players).fill(players);
  const best = new Int32Array(players).fill(players);
  const worst = new Int32Array(players).fill(-1);
  for (let p = 0; p < players; p++) {
    let cum = 0;
    for (let r = 0; r < players; r++) {
      const c = counts[p * players + r];
      cum += c;
      if (c > 0) {
        if (best[p] === players) best[p] = r;
        worst[p] = r;
      }
      if (hopefulBest[p] === players && cum / sims >= hopefulness) hopefulBest[p] = r;
    }
  }
  const lowestHopeful = new Int32Array(Math.max(placePrizes, 1)).fill(-1);
  for (let q = 0; q < placePrizes; q++) {
    for (let p = 0; p < players; p++) if (hopefulBest[p] <= q) lowestHopeful[q] = p;
  }
  let lowestAbsoluteCasher = -1;
  for (let p = 0; p < players; p++) if (best[p] < placePrizes) lowestAbsoluteCasher = p;
  return {
    ranked,
    gibsonized: gib,
    group,
    groupCount: count,
    gibsonSpread,
    hopefulness,
    remaining,
    placePrizes,
    field,
    counts,
    sims,
    maxFactor,
    hopefulBest,
    best,
    worst,
    lowestHopeful,
    lowestHopefulCasher: lowestHopeful[placePrizes - 1] ?? -1,
    lowestAbsoluteCasher,
    millis: Date.now() - started,
  };
}
