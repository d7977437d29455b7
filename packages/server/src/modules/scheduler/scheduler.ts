import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../../storage/database.ts';
import {
  claimDue,
  deleteJob,
  insertMissingJobs,
  settleClaim,
  upsertJob,
  type ClaimedJob,
} from './job-store.ts';

/** A job as its handler sees it; attempts counts this run (1 on the first). */
export interface Job<P = unknown> {
  kind: string;
  key: string;
  payload: P;
  attempts: number;
}

export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

export interface Scheduler {
  /** Schedules kind+key to run at runAt (moving it if pending); pass a transaction as `q` to commit it with the caller's own change. */
  schedule(
    job: { kind: string; key: string; runAt: Date | number; payload?: unknown },
    q?: Db,
  ): Promise<void>;
  /** Adds these jobs where none is pending for their kind+key (one statement; for start-up catch-up). */
  scheduleMissing(list: { kind: string; key: string; runAt: Date | number }[]): Promise<void>;
  /** Drops a pending job (no-op when there is none); a run already under way finishes but is not retried. */
  cancel(kind: string, key: string, q?: Db): Promise<void>;
  /** Registers the handler for one kind; this process claims only kinds it has a handler for. */
  handle<P>(kind: string, handler: JobHandler<P>): void;
  /** Claims and runs the jobs due at `now`, batch after batch; returns how many ran, failed runs included. */
  runDue(now?: number): Promise<number>;
}

export interface SchedulerOptions {
  /** How often the loop looks for due jobs. */
  pollMs?: number;
  /** How long a claim holds; a handler must finish within it, or the job may run again elsewhere. */
  leaseMs?: number;
  /** At most this many jobs per claim; they run side by side. */
  batch?: number;
  /** After this many failed runs the job is logged and dropped. */
  maxAttempts?: number;
}

const DEFAULTS = { pollMs: 300, leaseMs: 30_000, batch: 20, maxAttempts: 10 };
const MAX_BACKOFF_MS = 60_000;
/** So a job that keeps rescheduling itself to now cannot hold a pass forever. */
const MAX_BATCHES_PER_PASS = 10;

/** Seconds 2, 4, 8, ... up to a minute, after the n-th failed run. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
}

/**
 * Durable jobs: rows in the jobs table, claimed with a lease by whichever
 * process polls first. Handlers run outside the claim transaction (PGlite is
 * a single connection, and handlers open transactions of their own).
 */
export class JobScheduler implements Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly opts: Required<SchedulerOptions>;
  private timer: NodeJS.Timeout | undefined;
  /** The pass under way; passes run one after another, never side by side. */
  private pass: Promise<number> | undefined;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    readonly processId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    opts: SchedulerOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  async schedule(
    job: { kind: string; key: string; runAt: Date | number; payload?: unknown },
    q: Db = this.db,
  ): Promise<void> {
    await upsertJob(q, { ...job, runAt: new Date(job.runAt) });
  }

  async scheduleMissing(list: { kind: string; key: string; runAt: Date | number }[]) {
    await insertMissingJobs(
      this.db,
      list.map((j) => ({ ...j, runAt: new Date(j.runAt) })),
    );
  }

  async cancel(kind: string, key: string, q: Db = this.db): Promise<void> {
    await deleteJob(q, kind, key);
  }

  handle<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind))
      throw new Error(`a handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, handler as JobHandler);
  }

  runDue(now?: number): Promise<number> {
    const previous = this.pass ?? Promise.resolve(0);
    const pass = previous.then(() => this.runOnce(now));
    this.pass = pass;
    void pass.then(() => {
      if (this.pass === pass) this.pass = undefined;
    });
    return pass;
  }

  /** Polls every pollMs; a tick is skipped while the previous pass still runs. */
  start(): void {
    this.stopping = false;
    this.timer ??= setInterval(() => {
      if (!this.pass) void this.runDue();
    }, this.opts.pollMs);
    this.timer.unref();
  }

  /** Ends the loop and waits for the handlers under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    while (this.pass) await this.pass;
  }

  private async runOnce(now: number | undefined): Promise<number> {
    let ran = 0;
    for (let i = 0; i < MAX_BATCHES_PER_PASS && !this.stopping; i++) {
      const n = await this.runBatch(now);
      ran += n;
      if (n < this.opts.batch) break;
    }
    return ran;
  }

  /** Never rejects: a failure is logged and the next pass tries again. */
  private async runBatch(now: number | undefined): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    // A pass given `now` (tests) happens entirely at that moment.
    const clock = now === undefined ? () => Date.now() : () => now;
    let claimed: ClaimedJob[];
    try {
      claimed = await claimDue(this.db, {
        kinds,
        at: new Date(clock()),
        leaseUntil: new Date(clock() + this.opts.leaseMs),
        claimant: this.processId,
        batch: this.opts.batch,
      });
    } catch (err) {
      this.log.error({ err }, 'claiming due jobs failed');
      return 0;
    }
    await Promise.all(claimed.map((job) => this.run(job, clock)));
    return claimed.length;
  }

  private async run(job: ClaimedJob, clock: () => number): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const { kind, key, payload, attempts } = job;
    const started = Date.now();
    let failed = false;
    let error: unknown;
    try {
      await handler({ kind, key, payload, attempts });
    } catch (err) {
      failed = true;
      error = err;
    }
    if (Date.now() - started > this.opts.leaseMs) {
      this.log.warn({ kind, key }, 'job outlived its lease; it may have run twice');
    }
    const giveUp = failed && attempts >= this.opts.maxAttempts;
    if (failed) {
      const level = giveUp ? 'error' : 'warn';
      this.log[level](
        { err: error, kind, key, attempts },
        giveUp ? 'job failed for the last time; dropped' : 'job failed; will retry',
      );
    }
    try {
      const kept = await settleClaim(
        this.db,
        job,
        this.processId,
        !failed || giveUp
          ? 'remove'
          : { retryAt: new Date(clock() + retryDelayMs(attempts)), error: String(error) },
      );
      if (!kept) this.log.debug({ kind, key }, 'job was cancelled or claimed again while it ran');
    } catch (err) {
      // The lease runs out and the job runs again elsewhere.
      this.log.error({ err, kind, key }, 'settling a job failed');
    }
  }
}
