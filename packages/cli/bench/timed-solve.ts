/**
 * One timed two-thread endgame solve for the CLI's endgame benches: the
 * lead on this thread, the helper worker (kept up between solves) given
 * the same position as a CGP.
 */
import type { EndgameResult, EndgameSolver } from '@tessera/engine/ai';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { solveEndgame, type EndgameHelper } from '../src/endgame-solve.ts';
import type { EndgamePosition } from '../src/position.ts';

export interface TimedSolve {
  readonly result: EndgameResult;
  /** The lead's time, in whole milliseconds. */
  readonly millis: number;
  /** The figures both benches print: threads, tiles, millis, proven, depth, nodes, helperNodes. */
  readonly figures: Record<string, unknown>;
}

export async function timedSolve(
  solver: EndgameSolver,
  pos: EndgamePosition,
  cgp: string,
  millis: number,
  helper: EndgameHelper,
): Promise<TimedSolve> {
  const t0 = performance.now();
  const run = solveEndgame(solver, pos, { cgp, lexicon: DEFAULT_LEXICON, millis }, helper);
  const ms = Math.round(performance.now() - t0);
  const helped = await run.helped;
  const r = run.result;
  const { fast, p } = pos;
  const figures = {
    threads: 2,
    tiles: `${fast.rackSize[p]}v${fast.rackSize[1 - p]}`,
    millis: ms,
    proven: r.exact,
    depth: r.depth,
    nodes: r.nodes,
    helperNodes: helped?.ok ? helped.nodes : 0,
  };
  return { result: r, millis: ms, figures };
}
