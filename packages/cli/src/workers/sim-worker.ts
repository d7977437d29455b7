/**
 * Worker: simulates the candidates of a CGP position with its own seed and
 * posts the per-candidate sums (n, sum, sum of squares), which the caller
 * adds up across workers. Candidates are regenerated here from the CGP and
 * the same options, so every worker simulates the same list in the same
 * order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MoveList, SimRunner, simulate, staticMoves } from '@tessera/engine/ai';
import { positionFromCgp } from '../position.ts';

interface Job {
  cgp: string;
  lexicon?: string;
  candidates: number;
  millis: number;
  maxIterations: number;
  plies: number;
  seed: number;
}

const job = workerData as Job;
const pos = await positionFromCgp(job.cgp, job.lexicon);
if (!pos.ok) parentPort!.postMessage({ ok: false, message: pos.message });
else {
  const { fast, res } = pos.value;
  const cands = staticMoves(fast, res.leaves, job.candidates, new MoveList(job.candidates + 1));
  const stats = simulate(new SimRunner(fast.mg, res.leaves), fast, cands, {
    millis: job.millis,
    maxIterations: job.maxIterations,
    // Each worker runs to its budget; pruning happens on the merged numbers.
    minIterations: job.maxIterations,
    plies: job.plies,
    seed: job.seed,
  });
  parentPort!.postMessage({
    ok: true,
    stats: stats.map(({ n, sum, sumSq }) => ({ n, sum, sumSq })),
  });
}
