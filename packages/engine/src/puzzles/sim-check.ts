/**
 * The simulation check of a close position: the best few distinct plays by
 * static equity are simulated with common random numbers (sim/simulate.ts)
 * until every one but the leader is behind by `z` standard errors of the
 * difference, or the iterations run out. The leader is the answer only if it
 * got there and leads the runner-up by at least `minMargin` points; static
 * equity's favourite may lose, which is the point (a static answer is
 * sometimes plainly wrong).
 */
import type { GameState } from '../game/state.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { Prng } from '../game/prng.ts';
import type { Movegen } from '../movegen/movegen.ts';
import type { MoveList } from '../movegen/moves.ts';
import { FastGame } from '../sim/fast-game.ts';
import { prune, SimRunner, summary, type CandidateStats } from '../sim/simulate.ts';
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

const BATCH = 16;

/**
 * Whether the leader's lead over the next alive candidate is, at `z`
 * standard errors, still short of `margin`: more iterations would not make
 * the position clear, so the check gives up early.
 */
function cannotReach(stats: CandidateStats[], margin: number, z: number): boolean {
  let a = -1;
  let b = -1;
  for (let c = 0; c < stats.length; c++) {
    if (!stats[c].alive) continue;
    const m = summary(stats[c]).mean;
    if (a < 0 || m > summary(stats[a]).mean) {
      b = a;
      a = c;
    } else if (b < 0 || m > summary(stats[b]).mean) b = c;
  }
  if (a < 0 || b < 0) return false;
  const sa = summary(stats[a]);
  const sb = summary(stats[b]);
  return sa.mean - sb.mean + z * Math.sqrt(sa.se * sa.se + sb.se * sb.se) < margin;
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
  const seeds = Prng.seeded(seed);
  let done = 0;
  let alive = indexes.length;
  while (done < o.maxIterations && alive > 1) {
    sim.runBatch(position, list, stats, BATCH, seeds.next(), o.plies);
    done += BATCH;
    if (done < o.minIterations) continue;
    alive = prune(stats, o.z);
    if (alive > 1 && cannotReach(stats, o.minMargin, o.z)) break;
  }
  const means = indexes.map((i) => summary(stats[i]).mean);
  const order = indexes.map((_, k) => k).sort((a, b) => means[b] - means[a]);
  const margin = order.length > 1 ? means[order[0]] - means[order[1]] : Infinity;
  const clear = alive === 1 && stats[indexes[order[0]]].alive && margin >= o.minMargin;
  return { winner: clear ? indexes[order[0]] : -1, margin, iterations: done };
}
