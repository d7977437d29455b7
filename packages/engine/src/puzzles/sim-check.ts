/**
 * The simulation check of a close position: the best few distinct plays by
 * static equity are simulated (sim/simulate.ts's runner: the opponent's
 * rack and the bag drawn at random, then `plies` more moves by static
 * equity) until the leader is clearly ahead of every other candidate, or
 * clearly cannot get `minMargin` ahead, or the iterations run out. The
 * leader is the answer only when it got clear and leads the runner-up by
 * at least `minMargin` points; static equity's favourite may lose, which is
 * the point (a static answer is sometimes plainly wrong).
 *
 * Every candidate sees the same draws in an iteration (common random
 * numbers), so the test is on the paired differences, iteration by
 * iteration: their spread is much smaller than either candidate's own,
 * which settles a position in far fewer iterations than comparing means.
 */
import type { GameState } from '../game/state.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { Prng } from '../game/prng.ts';
import type { Movegen } from '../movegen/movegen.ts';
import type { MoveList } from '../movegen/moves.ts';
import { FastGame } from '../sim/fast-game.ts';
import { SimRunner, type CandidateStats } from '../sim/simulate.ts';
import type { SimCheckOptions } from './types.ts';

export const SIM_DEFAULTS = {
  below: 20,
  candidates: 4,
  window: 25,
  minIterations: 32,
  maxIterations: 256,
  plies: 2,
  z: 2,
  minMargin: 3,
} as const satisfies Required<Omit<SimCheckOptions, 'seed'>>;

export interface SimVerdict {
  /** Index in the move list of the clear winner, or -1. */
  readonly winner: number;
  /** Simulated points by which the leader leads the runner-up. */
  readonly margin: number;
  readonly iterations: number;
}

/** Iterations between two looks at the statistics. */
const LOOK_EVERY = 8;

/** Mean and standard error of the paired differences a[i] - b[i]. */
function paired(a: readonly number[], b: readonly number[]): { mean: number; se: number } {
  const n = Math.min(a.length, b.length);
  if (n < 2) return { mean: 0, se: Infinity };
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const d = a[i] - b[i];
    sum += d;
    sumSq += d * d;
  }
  const mean = sum / n;
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  return { mean, se: Math.sqrt(variance / n) };
}

function meanOf(v: readonly number[]): number {
  return v.length > 0 ? v.reduce((s, x) => s + x, 0) / v.length : -Infinity;
}

/** Simulates moves `indexes` of `list` (generated for the player on turn of `g`). */
export function simCheck(
  mg: Movegen,
  runner: SimRunner | null,
  leaves: LeaveModel | null,
  g: GameState,
  list: MoveList,
  indexes: readonly number[],
  opts: SimCheckOptions,
  seed: number,
): SimVerdict {
  const o = { ...SIM_DEFAULTS, ...opts };
  const sim = runner ?? new SimRunner(mg, leaves);
  const position = new FastGame(mg);
  position.loadGame(g);
  const stats: CandidateStats[] = Array.from({ length: list.count }, () => ({
    n: 0,
    sum: 0,
    sumSq: 0,
    alive: false,
  }));
  for (const i of indexes) stats[i].alive = true;
  // Each candidate's result in every iteration it took part in.
  const values = new Map<number, number[]>(indexes.map((i) => [i, []]));
  const seeds = Prng.seeded(seed);
  let done = 0;
  let verdict: 'clear' | 'hopeless' | null = null;
  while (done < o.maxIterations && verdict === null) {
    for (const i of indexes) if (stats[i].alive) stats[i].sum = 0;
    sim.runBatch(position, list, stats, 1, seeds.next(), o.plies);
    for (const i of indexes) if (stats[i].alive) values.get(i)!.push(stats[i].sum);
    done++;
    if (done >= o.minIterations && done % LOOK_EVERY === 0)
      verdict = look(indexes, stats, values, o);
  }
  const alive = indexes.filter((i) => stats[i].alive);
  const lead = alive.reduce((a, b) => (meanOf(values.get(b)!) > meanOf(values.get(a)!) ? b : a));
  const others = indexes.filter((i) => i !== lead).map((i) => meanOf(values.get(i)!));
  const margin = others.length > 0 ? meanOf(values.get(lead)!) - Math.max(...others) : Infinity;
  const clear = alive.length === 1 && margin >= o.minMargin;
  return { winner: clear ? lead : -1, margin, iterations: done };
}

/**
 * Drops every candidate the leader beats by `z` standard errors of the
 * paired difference; 'clear' when one is left, 'hopeless' when some rival
 * is surely within `minMargin` of the leader.
 */
function look(
  indexes: readonly number[],
  stats: CandidateStats[],
  values: Map<number, number[]>,
  o: { readonly z: number; readonly minMargin: number },
): 'clear' | 'hopeless' | null {
  const alive = indexes.filter((i) => stats[i].alive);
  const lead = alive.reduce((a, b) => (meanOf(values.get(b)!) > meanOf(values.get(a)!) ? b : a));
  let left = 1;
  for (const c of alive) {
    if (c === lead) continue;
    const d = paired(values.get(lead)!, values.get(c)!);
    if (d.mean - o.z * d.se > 0) {
      stats[c].alive = false;
      continue;
    }
    if (d.mean + o.z * d.se < o.minMargin) return 'hopeless';
    left++;
  }
  return left === 1 ? 'clear' : null;
}
