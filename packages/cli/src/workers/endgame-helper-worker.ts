/**
 * Worker: the helper of two-thread endgame solves (endgame-helper.ts).
 * It stays up between solves, so its code is warm and its solvers built;
 * each message is one solve's position (CGP), time budget and shared
 * memory, answered with `{ ok: true, nodes }` once its part is over.
 */
import { parentPort } from 'node:worker_threads';
import { EndgameSolver, type EndgameShare } from '@tessera/engine/ai';
import { endgameFromCgp } from '../position.ts';

export interface HelperJob {
  readonly cgp: string;
  readonly lexicon?: string;
  readonly millis: number;
  readonly share: EndgameShare;
}

export type HelperAnswer = { ok: true; nodes: number } | { ok: false; message: string };

/** A solver per lexicon (its buffers are big and reusable). */
const solvers = new Map<string, EndgameSolver>();

parentPort!.on('message', async (job: HelperJob) => {
  const pos = await endgameFromCgp(job.cgp, job.lexicon);
  if (!pos.ok) {
    parentPort!.postMessage({ ok: false, message: pos.message } satisfies HelperAnswer);
    return;
  }
  const { res, fast, game, p } = pos.value;
  let solver = solvers.get(res.lexicon.name);
  if (!solver) {
    solver = new EndgameSolver(res.lexicon, res.set, res.layout);
    solvers.set(res.lexicon.name, solver);
  }
  solver.load(fast);
  const nodes = solver.help(p, game.scorelessTurns, { millis: job.millis, share: job.share });
  parentPort!.postMessage({ ok: true, nodes } satisfies HelperAnswer);
});
