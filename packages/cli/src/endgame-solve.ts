/**
 * Endgame solves for the CLI on one thread or two: with a helper (a worker
 * thread kept up between solves) the two solvers share a transposition
 * table and split the proof search's root moves (engine endgame/share.ts).
 * The lead solves on the calling thread and never waits for the helper,
 * so a helper still starting up only joins later.
 */
import type { Worker } from 'node:worker_threads';
import {
  EndgameSolver,
  newEndgameShare,
  tableBitsFor,
  type EndgameResult,
  type EndgameShare,
} from '@tessera/engine/ai';
import { startTsWorker } from '@tessera/server/workers';
import type { EndgamePosition } from './position.ts';
import type { HelperAnswer, HelperJob } from './workers/endgame-helper-worker.ts';

export class EndgameHelper {
  private readonly worker: Worker;
  private stopped = false;
  /** Answers still to come, in the order the jobs were sent. */
  private readonly waiting: ((a: HelperAnswer) => void)[] = [];
  /** The last solve's shared memory: the next reuses its table. */
  private last: EndgameShare | undefined;

  constructor() {
    this.worker = startTsWorker(
      new URL('./workers/endgame-helper-worker.ts', import.meta.url),
      null,
    );
    this.worker.on('message', (a: HelperAnswer) => this.waiting.shift()?.(a));
    // A helper that fails or is closed mid-solve only stops helping: the
    // lead's answer never depends on it.
    const gone = (message: string) => {
      this.stopped = true;
      for (const w of this.waiting.splice(0)) w({ ok: false, message });
    };
    this.worker.on('error', (e: Error) => gone(`endgame helper failed: ${e.message}`));
    this.worker.on('exit', () => gone('endgame helper stopped'));
  }

  /** Shared memory for the next solve with a table of `1 << bits` entries. */
  share(bits: number): EndgameShare {
    this.last = newEndgameShare(bits, this.last);
    return this.last;
  }

  /** Help with one solve; resolves when the helper's part is over (never rejects). */
  help(job: HelperJob): Promise<HelperAnswer> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve({ ok: false, message: 'endgame helper stopped' });
      this.waiting.push(resolve);
      this.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export interface EndgameRun {
  readonly result: EndgameResult;
  /** The helper's answer (its nodes), when one took part. */
  readonly helped: Promise<HelperAnswer> | null;
}

/**
 * Solve `pos` (given as `cgp` too, for the helper) within `millis`, with
 * the helper when there is one.
 */
export function solveEndgame(
  solver: EndgameSolver,
  pos: EndgamePosition,
  job: { cgp: string; lexicon?: string; millis: number },
  helper: EndgameHelper | null,
): EndgameRun {
  const { game, fast, p } = pos;
  const share = helper?.share(tableBitsFor(job.millis));
  const helped = helper && share ? helper.help({ ...job, share }) : null;
  solver.load(fast);
  const result = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scorelessTurns, {
    millis: job.millis,
    share,
  });
  return { result, helped };
}
