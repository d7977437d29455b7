import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSchedulerModule,
  type Job,
  type Scheduler,
  type SchedulerOptions,
  schedulerMigrations,
} from '../src/modules/scheduler/index.ts';
import type { ServerModule } from '../src/modules/module.ts';
import { type Database, openDatabase } from '../src/storage/database.ts';
import { migrate } from '../src/storage/migrate.ts';
import { createScratchDatabase, dropScratchDatabase } from '../src/storage/scratch-database.ts';

/**
 * The durable scheduler on a database of its own: in-memory PGlite by
 * default, a fresh database on the DATABASE_URL server when that is set.
 * Most tests pass `now` to runDue so time is exact; the loop tests and the
 * other-process tests run on the wall clock.
 */
const BASE_URL = process.env.DATABASE_URL;
const HOUR = 3_600_000;
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../../..');

let database: Database;
let databaseUrl: string | undefined;
const started: ServerModule[] = [];

beforeAll(async () => {
  databaseUrl = BASE_URL ? await createScratchDatabase(BASE_URL) : undefined;
  database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await migrate(database.db, [{ module: 'scheduler', migrations: schedulerMigrations }]);
  // No unique key on purpose: a job that ran twice shows up as two rows.
  await sql`CREATE TABLE job_runs (key text NOT NULL, runner text NOT NULL)`.execute(database.db);
});

afterAll(async () => {
  await database?.close();
  if (databaseUrl) await dropScratchDatabase(BASE_URL!, databaseUrl);
});

beforeEach(async () => {
  await sql`DELETE FROM jobs`.execute(database.db);
  await sql`DELETE FROM job_runs`.execute(database.db);
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.stop!()));
});

function scheduler(opts: SchedulerOptions = {}, processId?: string) {
  const { module, api } = createSchedulerModule(
    { db: database.db, log: pino({ level: 'silent' }), processId },
    opts,
  );
  return { module, api, start: () => (started.push(module), module.start!()) };
}

/** A scheduler whose handler for `kind` records each job it is given. */
function recording(kind: string, opts: SchedulerOptions = {}) {
  const s = scheduler(opts);
  const runs: Job[] = [];
  s.api.handle(kind, async (job) => void runs.push(job));
  return { ...s, runs };
}

interface JobRow {
  kind: string;
  key: string;
  payload: unknown;
  run_at: Date;
  attempts: number;
  claimed_by: string | null;
  lease_until: Date | null;
  last_error: string | null;
}

async function jobRows(): Promise<JobRow[]> {
  const r = await sql<JobRow>`SELECT * FROM jobs ORDER BY kind, key`.execute(database.db);
  return r.rows;
}

async function jobRow(key: string): Promise<JobRow> {
  const row = (await jobRows()).find((r) => r.key === key);
  if (!row) throw new Error(`no job ${key}`);
  return row;
}

async function runsByRunner(): Promise<{ keys: string[]; runners: Map<string, number> }> {
  const r = await sql<{ key: string; runner: string }>`SELECT key, runner FROM job_runs`.execute(
    database.db,
  );
  const runners = new Map<string, number>();
  for (const { runner } of r.rows) runners.set(runner, (runners.get(runner) ?? 0) + 1);
  return { keys: r.rows.map((x) => x.key), runners };
}

function until(test: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  return vi.waitFor(
    async () => {
      if (!(await test())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

/** For time under test only: a job's run time, a stop still waiting, a stopped loop's poll intervals. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduling', () => {
  it('never runs a job scheduled in a rolled-back transaction; runs a committed one once, at its time', async () => {
    const { api, runs } = recording('remind');
    const at = Date.now() + HOUR;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await api.schedule({ kind: 'remind', key: 'lost', runAt: at }, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db
      .transaction()
      .execute((trx) =>
        api.schedule({ kind: 'remind', key: 'kept', runAt: at, payload: [1, 2] }, trx),
      );

    expect(await api.runDue(at - 1)).toBe(0);
    expect(runs).toEqual([]);
    expect(await api.runDue(at)).toBe(1);
    expect(await api.runDue(at + HOUR)).toBe(0);
    expect(runs).toEqual([{ kind: 'remind', key: 'kept', payload: [1, 2], attempts: 1 }]);
    expect(await jobRows()).toEqual([]);
  });

  it('moves a job scheduled again under the same kind and key, and cancel removes one', async () => {
    const { api, runs } = recording('remind');
    const at = Date.now() + HOUR;
    await api.schedule({ kind: 'remind', key: 'later', runAt: at, payload: 'first' });
    await api.schedule({ kind: 'remind', key: 'later', runAt: at + 60_000, payload: 'second' });
    await api.schedule({ kind: 'remind', key: 'sooner', runAt: at + 60_000 });
    await api.schedule({ kind: 'remind', key: 'sooner', runAt: new Date(at) });
    await api.schedule({ kind: 'remind', key: 'dropped', runAt: at });
    await api.cancel('remind', 'dropped');
    await api.cancel('remind', 'never-scheduled');
    expect((await jobRows()).map((r) => r.key)).toEqual(['later', 'sooner']);

    expect(await api.runDue(at)).toBe(1);
    expect(runs.map((r) => r.key)).toEqual(['sooner']);
    expect(await api.runDue(at + 59_999)).toBe(0);
    expect(await api.runDue(at + 60_000)).toBe(1);
    expect(await api.runDue(at + HOUR)).toBe(0);
    expect(runs.map((r) => [r.key, r.payload])).toEqual([
      ['sooner', null],
      ['later', 'second'],
    ]);
  });

  it('retries a failing job later, with backoff, counting attempts', async () => {
    const { api } = scheduler();
    const seen: number[] = [];
    api.handle('flaky', async (job) => {
      seen.push(job.attempts);
      if (job.attempts < 3) throw new Error(`boom ${job.attempts}`);
    });
    const at = Date.now() + HOUR;
    await api.schedule({ kind: 'flaky', key: 'k', runAt: at });

    expect(await api.runDue(at)).toBe(1);
    let row = await jobRow('k');
    expect(row).toMatchObject({ attempts: 1, claimed_by: null, lease_until: null });
    expect(row.last_error).toContain('boom 1');
    expect(row.run_at.getTime()).toBe(at + 2000);
    expect(await api.runDue(at + 1999)).toBe(0);

    expect(await api.runDue(at + 2000)).toBe(1);
    row = await jobRow('k');
    expect(row).toMatchObject({ attempts: 2 });
    expect(row.last_error).toContain('boom 2');
    expect(row.run_at.getTime()).toBe(at + 2000 + 4000);
    expect(await api.runDue(at + 5999)).toBe(0);

    expect(await api.runDue(at + 6000)).toBe(1);
    expect(seen).toEqual([1, 2, 3]);
    expect(await jobRows()).toEqual([]);
  });

  it('drops a job after its last allowed attempt', async () => {
    const { api } = scheduler({ maxAttempts: 2 });
    let calls = 0;
    api.handle('doomed', async () => {
      calls++;
      throw new Error('always');
    });
    const at = Date.now() + HOUR;
    await api.schedule({ kind: 'doomed', key: 'k', runAt: at });
    expect(await api.runDue(at)).toBe(1);
    expect(await api.runDue(at + 2000)).toBe(1);
    expect(await jobRows()).toEqual([]);
    expect(await api.runDue(at + HOUR)).toBe(0);
    expect(calls).toBe(2);
  });

  it('keeps a job its handler rescheduled while running, at the new time; a cancelled one stays gone', async () => {
    const { api } = scheduler();
    const at = Date.now() + HOUR;
    const seen: string[] = [];
    api.handle('repeat', async (job) => {
      seen.push(job.key);
      if (seen.length === 1)
        await api.schedule({ kind: 'repeat', key: job.key, runAt: at + 60_000 });
    });
    api.handle('selfcancel', async (job) => {
      await api.cancel(job.kind, job.key);
      throw new Error('fails after cancelling itself');
    });
    await api.schedule({ kind: 'repeat', key: 'r', runAt: at });
    await api.schedule({ kind: 'selfcancel', key: 'c', runAt: at });

    expect(await api.runDue(at)).toBe(2);
    const rows = await jobRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'r', attempts: 0, claimed_by: null, lease_until: null });
    expect(rows[0].run_at.getTime()).toBe(at + 60_000);

    expect(await api.runDue(at + 59_999)).toBe(0);
    expect(await api.runDue(at + 60_000)).toBe(1);
    expect(seen).toEqual(['r', 'r']);
    expect(await jobRows()).toEqual([]);
  });

  it('runs every due job in one pass, batch after batch, earliest first', async () => {
    const { api, runs } = recording('remind', { batch: 2 });
    const at = Date.now() + HOUR;
    for (const [key, offset] of [
      ['c', 3],
      ['a', 1],
      ['e', 5],
      ['b', 2],
      ['d', 4],
      ['later', 9],
    ] as const) {
      await api.schedule({ kind: 'remind', key, runAt: at + offset });
    }
    expect(await api.runDue(at + 5)).toBe(5);
    expect(runs.map((r) => r.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await jobRows()).map((r) => r.key)).toEqual(['later']);
  });

  it('claims only kinds it has a handler for', async () => {
    const mine = recording('mine');
    const theirs = recording('theirs');
    const at = Date.now() + HOUR;
    await mine.api.schedule({ kind: 'theirs', key: 'k', runAt: at });
    expect(await mine.api.runDue(at)).toBe(0);
    expect(await jobRow('k')).toMatchObject({ attempts: 0, claimed_by: null });
    expect(await theirs.api.runDue(at)).toBe(1);
    expect(theirs.runs).toHaveLength(1);
  });

  it('runs due jobs from its loop, and stop waits for the handler under way', async () => {
    const s = scheduler({ pollMs: 20 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const began: string[] = [];
    const finished: string[] = [];
    s.api.handle('loop', async (job) => {
      began.push(job.key);
      await gate;
      finished.push(job.key);
    });
    await s.start();
    await s.api.schedule({ kind: 'loop', key: 'a', runAt: Date.now() });
    await until(async () => began.length === 1, 'the loop to start the job');

    // Time under test: stopping is still waiting for the running job a while later.
    let stopped = false;
    const stopping = s.module.stop!().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toEqual(['a']);
    expect(await jobRows()).toEqual([]);

    await s.api.schedule({ kind: 'loop', key: 'b', runAt: Date.now() });
    // Time under test: five poll intervals pass and the stopped loop takes nothing.
    await sleep(100);
    expect(began).toEqual(['a']);
  });
});

/** Puts `n` 'count' jobs, due now, in one commit, so every runner sees them at once. */
async function scheduleCountJobs(api: Scheduler, n: number): Promise<string[]> {
  const keys = Array.from({ length: n }, (_, i) => `job-${String(i).padStart(3, '0')}`);
  const now = Date.now();
  await database.db.transaction().execute(async (trx) => {
    for (const key of keys) await api.schedule({ kind: 'count', key, runAt: now }, trx);
  });
  return keys;
}

/** A scheduler that records each 'count' job in job_runs, as the child process does. */
function counting(runner: string) {
  const s = scheduler({ pollMs: 20, batch: 5 }, runner);
  s.api.handle('count', async (job) => {
    await sleep(10);
    await sql`INSERT INTO job_runs (key, runner) VALUES (${job.key}, ${runner})`.execute(
      database.db,
    );
  });
  return s;
}

async function allCountJobsRan(): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs`.execute(database.db);
  return r.rows[0].n === 0;
}

/** A scheduler in another OS process on the same database (see scheduler-child.ts). */
async function childProcess(mode: 'count' | 'stuck', leaseMs: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(HERE, 'scheduler-child.ts'), databaseUrl!, mode, String(leaseMs)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const printed = async (pattern: RegExp) => {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`child exited: ${out}`);
      return pattern.test(out);
    }, `the child to print ${pattern}: ${out}`);
    return out.match(pattern)!;
  };
  const id = (await printed(/^ready (\S+)$/m))[1];
  return { child, id, printed, exited };
}

describe('two processes', () => {
  it.runIf(!BASE_URL)(
    'run each of 100 due jobs exactly once (two schedulers, one PGlite)',
    async () => {
      const a = counting('a');
      const b = counting('b');
      await Promise.all([a.start(), b.start()]);
      const keys = await scheduleCountJobs(a.api, 100);
      await until(allCountJobsRan, 'every job to run');

      const { keys: ran, runners } = await runsByRunner();
      expect(ran.sort()).toEqual(keys);
      expect([...runners.keys()].sort()).toEqual(['a', 'b']);
    },
  );

  it.runIf(!!BASE_URL)(
    'run each of 100 due jobs exactly once (a child OS process and this one)',
    async () => {
      const { child, id, exited } = await childProcess('count', 30_000);
      try {
        const parent = counting('parent');
        await parent.start();
        const keys = await scheduleCountJobs(parent.api, 100);
        await until(allCountJobsRan, 'every job to run');
        await parent.module.stop!();

        const { keys: ran, runners } = await runsByRunner();
        expect(ran.sort()).toEqual(keys);
        expect([...runners.keys()].sort()).toEqual([id, 'parent'].sort());
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    },
  );

  it.runIf(!BASE_URL)(
    'run a job claimed by a process that never finished, once its lease has passed',
    async () => {
      const dead = scheduler({ leaseMs: 3000 }, 'dead');
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let deadRuns = 0;
      dead.api.handle('stuck', async () => {
        deadRuns++;
        await gate;
      });
      const live = recording('stuck');
      const at = Date.now() + HOUR;
      await live.api.schedule({ kind: 'stuck', key: 'k', runAt: at });
      const deadPass = dead.api.runDue(at);
      await until(async () => deadRuns === 1, 'the first scheduler to claim the job');
      const leaseUntil = (await jobRow('k')).lease_until!.getTime();
      expect(await jobRow('k')).toMatchObject({ claimed_by: 'dead', attempts: 1 });
      expect(leaseUntil).toBe(at + 3000);

      expect(await live.api.runDue(at)).toBe(0);
      expect(await live.api.runDue(leaseUntil)).toBe(0);
      expect(await live.api.runDue(leaseUntil + 1)).toBe(1);
      expect(live.runs).toEqual([{ kind: 'stuck', key: 'k', payload: null, attempts: 2 }]);
      expect(await jobRows()).toEqual([]);

      // The first claim, settling late, finds the job no longer its own.
      release();
      await deadPass;
      expect(await jobRows()).toEqual([]);
      expect(await live.api.runDue(leaseUntil + HOUR)).toBe(0);
      expect([deadRuns, live.runs.length]).toEqual([1, 1]);
    },
  );

  it.runIf(!!BASE_URL)(
    'run a job claimed by a killed process, once its lease has passed',
    async () => {
      const live = scheduler();
      const ranAt: number[] = [];
      const attempts: number[] = [];
      live.api.handle('stuck', async (job) => {
        ranAt.push(Date.now());
        attempts.push(job.attempts);
      });
      await live.api.schedule({ kind: 'stuck', key: 'k', runAt: Date.now() });
      const { child, id, printed, exited } = await childProcess('stuck', 3000);
      try {
        await printed(/^claimed k 1$/m);
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      const row = await jobRow('k');
      expect(row).toMatchObject({ claimed_by: id, attempts: 1 });
      const leaseUntil = row.lease_until!.getTime();

      expect(await live.api.runDue(leaseUntil - 1)).toBe(0);
      expect(await live.api.runDue(leaseUntil)).toBe(0);
      await until(
        async () => (await live.api.runDue()) === 1,
        'the lease to pass and the job to run',
      );
      expect(ranAt[0]).toBeGreaterThan(leaseUntil);
      expect(attempts).toEqual([2]);
      expect(await jobRows()).toEqual([]);
    },
  );
});
