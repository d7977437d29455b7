/**
 * Monte-Carlo simulation of candidate moves.
 *
 * One iteration: deal the opponent a random rack from the tiles the mover
 * cannot see (starting from inferred tiles when given), shuffle the bag,
 * then for each candidate play it and `plies` more moves by static equity
 * (opponent, mover, ...), and record the mover's spread gain plus the leave
 * adjustment of the last move's player (positive for the mover, negative for
 * the opponent). Every candidate sees the same rack and bag order in an
 * iteration (common random numbers), so the differences between candidates
 * are measured with much less noise than their values.
 *
 * Stopping rule: after `minIterations`, every `batch` iterations a candidate
 * whose mean is below the leader's by more than `z` standard errors of the
 * difference is dropped; the simulation ends when one candidate is left, at
 * `maxIterations`, or when the time budget runs out.
 *
 * The batch runner (`runBatch`) is pure and deterministic for a seed, so
 * worker threads can each run batches with their own seeds and the results
 * can simply be added up.
 */
import { Prng } from '../game/prng.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { staticMoves } from '../bots/static-moves.ts';
import { MoveList } from '../movegen/moves.ts';
import { FastGame } from './fast-game.ts';
import { Movegen } from '../movegen/movegen.ts';

export interface SimOptions {
  readonly plies?: number;
  readonly minIterations?: number;
  readonly maxIterations?: number;
  readonly batch?: number;
  /** Standard errors of difference needed to drop a candidate. */
  readonly z?: number;
  readonly millis?: number;
  readonly seed?: number;
  /** Tiles believed to be on the opponent's rack (counts), from inference. */
  readonly inferred?: readonly Uint8Array[];
  readonly now?: () => number;
}

export interface CandidateStats {
  n: number;
  sum: number;
  sumSq: number;
  alive: boolean;
}

export class SimRunner {
  private readonly base: FastGame;
  private readonly work: FastGame;
  private readonly scratch = new MoveList(64);
  private readonly unseen = new Uint8Array(64);

  /** `mg` is only a template: the runner makes its own boards with its lexicon. */
  constructor(
    mg: Movegen,
    readonly leaves: LeaveModel | null,
  ) {
    this.base = new FastGame(new Movegen(mg.lexicon, mg.set, mg.layout));
    this.work = new FastGame(new Movegen(mg.lexicon, mg.set, mg.layout));
  }

  /**
   * `iterations` more iterations for the alive candidates (moves of
   * `candidates`, for the player on turn of `position`), added to `stats`.
   */
  runBatch(
    position: FastGame,
    candidates: MoveList,
    stats: CandidateStats[],
    iterations: number,
    seed: number,
    plies: number,
    inferred: readonly Uint8Array[] = [],
  ): void {
    const p = position.onTurn;
    const rng = Prng.seeded(seed);
    for (let it = 0; it < iterations; it++) {
      // Deal the opponent's rack from the unseen tiles.
      this.base.copyFrom(position);
      this.base.rng = Prng.seeded(rng.next());
      this.base.returnRack(1 - p);
      if (inferred.length > 0) {
        const guess = inferred[rng.below(inferred.length)];
        for (let t = 0; t < guess.length; t++) {
          for (let k = guess[t]; k > 0; k--) this.base.takeFromBag(1 - p, t);
        }
      }
      this.base.draw(1 - p);
      const drawSeed = rng.next();
      for (let c = 0; c < candidates.count; c++) {
        const s = stats[c];
        if (!s.alive) continue;
        const v = this.playout(candidates, c, p, drawSeed, plies);
        s.n++;
        s.sum += v;
        s.sumSq += v * v;
      }
    }
  }

  private playout(
    candidates: MoveList,
    c: number,
    p: number,
    drawSeed: number,
    plies: number,
  ): number {
    const g = this.work;
    g.copyFrom(this.base);
    g.rng = Prng.seeded(drawSeed);
    const before = g.scores[p] - g.scores[1 - p];
    g.apply(candidates, c);
    let adj = 0;
    for (let ply = 0; ply < plies && !g.over; ply++) {
      const mover = g.onTurn;
      const list = staticMoves(g, this.leaves, 1, this.scratch);
      adj = (list.equity[0] - list.score[0]) * (mover === p ? 1 : -1);
      g.apply(list, 0);
    }
    if (plies === 0) adj = candidates.equity[c] - candidates.score[c];
    const spread = g.scores[p] - g.scores[1 - p] - before;
    return g.over ? spread : spread + adj;
  }
}

/** Mean and standard error of a candidate's results. */
export function summary(s: CandidateStats): { mean: number; se: number } {
  if (s.n === 0) return { mean: 0, se: Infinity };
  const mean = s.sum / s.n;
  const variance = s.n > 1 ? Math.max(0, (s.sumSq - s.n * mean * mean) / (s.n - 1)) : Infinity;
  return { mean, se: Math.sqrt(variance / s.n) };
}

/** Drop candidates clearly behind the leader; returns how many are alive. */
export function prune(stats: CandidateStats[], z: number): number {
  let lead = -1;
  let leadMean = -Infinity;
  for (let c = 0; c < stats.length; c++) {
    if (!stats[c].alive) continue;
    const m = summary(stats[c]).mean;
    if (m > leadMean) {
      leadMean = m;
      lead = c;
    }
  }
  if (lead < 0) return 0;
  const leadSe = summary(stats[lead]).se;
  let alive = 0;
  for (let c = 0; c < stats.length; c++) {
    if (!stats[c].alive) continue;
    const { mean, se } = summary(stats[c]);
    if (c !== lead && leadMean - mean > z * Math.sqrt(se * se + leadSe * leadSe))
      stats[c].alive = false;
    else alive++;
  }
  return alive;
}

/** Index of the candidate with the best mean among those alive. */
export function leader(stats: CandidateStats[]): number {
  let best = 0;
  let bestMean = -Infinity;
  for (let c = 0; c < stats.length; c++) {
    if (!stats[c].alive) continue;
    const m = summary(stats[c]).mean;
    if (m > bestMean) {
      bestMean = m;
      best = c;
    }
  }
  return best;
}

/** Simulate in this thread with the stopping rule; returns the stats per candidate. */
export function simulate(
  runner: SimRunner,
  position: FastGame,
  candidates: MoveList,
  opts: SimOptions = {},
): CandidateStats[] {
  const now = opts.now ?? (() => performance.now());
  const deadline = now() + (opts.millis ?? 2000);
  const stats: CandidateStats[] = Array.from({ length: candidates.count }, () => ({
    n: 0,
    sum: 0,
    sumSq: 0,
    alive: true,
  }));
  const batch = opts.batch ?? 16;
  const min = opts.minIterations ?? 32;
  const max = opts.maxIterations ?? 400;
  const seeds = Prng.seeded(opts.seed ?? 1);
  let done = 0;
  while (done < max) {
    runner.runBatch(
      position,
      candidates,
      stats,
      batch,
      seeds.next(),
      opts.plies ?? 2,
      opts.inferred,
    );
    done += batch;
    if (done >= min && prune(stats, opts.z ?? 2) <= 1) break;
    if (now() > deadline) break;
  }
  return stats;
}
