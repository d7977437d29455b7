import type { Logger } from 'pino';
import type { Scheduler } from '../scheduler/index.ts';
import type { PuzzleGenerator } from './generation.ts';

export const JOB_KIND = 'puzzle.generate';
/** Daily upkeep of the puzzle tables (see PuzzleGenerator.vacuum). */
export const VACUUM_KIND = 'puzzle.vacuum';
const DAY_MS = 86_400_000;
/**
 * How long a process holds a job while it runs a chunk; the hold is renewed
 * while the chunk runs, so a dead process's job is taken up this long after.
 */
const HOLD_MS = 90_000;
const RENEW_MS = 30_000;

/**
 * Runs generation jobs through the durable scheduler without holding it: the
 * scheduler's handler only starts a chunk (on the worker thread) and leaves a
 * watchdog run behind; when the chunk is stored, the next one is scheduled at
 * once. A process that stops cleanly drops the chunk under way and hands its
 * job back for immediate pick-up; one that dies leaves it to the watchdog, so
 * every job survives a restart and loses at most one chunk of work.
 */
export class PuzzleJobRunner {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly generator: PuzzleGenerator,
    private readonly log: Logger,
  ) {
    scheduler.handle<null>(JOB_KIND, (job) => this.wake(job.key));
    scheduler.handle<null>(VACUUM_KIND, async () => {
      await generator.vacuum();
      await scheduler.schedule({ kind: VACUUM_KIND, key: 'daily', runAt: Date.now() + DAY_MS });
    });
  }

  /** Makes sure the daily upkeep is scheduled (once across processes). */
  async scheduleUpkeep(): Promise<void> {
    await this.scheduler.scheduleMissing([
      { kind: VACUUM_KIND, key: 'daily', runAt: Date.now() + DAY_MS },
    ]);
  }

  /** Queues a job created with generator.create. */
  async enqueue(id: string): Promise<void> {
    await this.scheduler.schedule({ kind: JOB_KIND, key: id, runAt: Date.now() });
  }

  private async wake(id: string): Promise<void> {
    const job = await this.generator.job(id);
    if (!job || job.completed_at || this.stopping) return;
    if (this.running.has(id)) {
      await this.scheduler.schedule({ kind: JOB_KIND, key: id, runAt: Date.now() + 5000 });
      return;
    }
    const now = Date.now();
    if (job.running_until && job.running_until.getTime() > now) {
      await this.scheduler.schedule({ kind: JOB_KIND, key: id, runAt: job.running_until });
      return;
    }
    const until = new Date(now + HOLD_MS);
    await this.generator.hold(id, until);
    await this.scheduler.schedule({ kind: JOB_KIND, key: id, runAt: until.getTime() + 1000 });
    const run = this.chunk(id).finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async chunk(id: string): Promise<void> {
    let done = false;
    const renew = setInterval(() => {
      const until = Date.now() + HOLD_MS;
      void this.generator.hold(id, new Date(until)).catch(() => undefined);
      void this.scheduler
        .schedule({ kind: JOB_KIND, key: id, runAt: until + 1000 })
        .catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    try {
      done = await this.generator.runChunk(id);
    } catch (err) {
      if (this.stopping) {
        // Cut off by shutdown: the job carries on after the restart.
        await this.handBack(id).catch(() => undefined);
        return;
      }
      this.log.error({ err, job: id }, 'puzzle generation failed');
      await this.generator.fail(id, err instanceof Error ? err.message : String(err));
      done = true;
    } finally {
      clearInterval(renew);
    }
    await this.generator.hold(id, null);
    if (done) {
      await this.scheduler.cancel(JOB_KIND, id);
      // New puzzles: keep the next-puzzle walk index-only.
      await this.generator.vacuum().catch((err) => this.log.warn({ err }, 'vacuum failed'));
    } else await this.handBack(id);
  }

  private async handBack(id: string) {
    await this.generator.hold(id, null);
    await this.scheduler.schedule({ kind: JOB_KIND, key: id, runAt: Date.now() });
  }

  /**
   * Stops taking jobs; `cutOff` ends the worker thread, so a chunk under way
   * is dropped (its games run again after the restart) and its job handed back.
   */
  async stop(cutOff: () => Promise<void>): Promise<void> {
    this.stopping = true;
    await cutOff();
    await Promise.allSettled([...this.running.values()]);
  }
}
