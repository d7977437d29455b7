import { sql } from 'kysely';
import pino from 'pino';
import { createSchedulerModule } from '../src/modules/scheduler/index.ts';
import { openDatabase } from '../src/storage/database.ts';

/**
 * A second OS process for scheduler.multiprocess.test.ts, run with
 * `node --import tsx scheduler-child.ts <databaseUrl> <count|stuck> <leaseMs>`.
 * It runs a scheduler on the same database and prints "ready <processId>".
 * count: each 'count' job records a row in job_runs (key, runner).
 * stuck: a 'stuck' job prints "claimed <key> <attempts>" and never finishes.
 */
const [databaseUrl, mode, leaseMs] = process.argv.slice(2);
const processId = `child-${process.pid}`;
const { db, close } = await openDatabase({ databaseUrl, dataDir: 'unused' });
const { module, api } = createSchedulerModule(
  { db, log: pino({ level: 'silent' }), processId },
  { pollMs: 20, batch: 5, leaseMs: Number(leaseMs) },
);
if (mode === 'count') {
  api.handle('count', async (job) => {
    // Time under test: each job takes a while, so runners overlap.
    await new Promise((r) => setTimeout(r, 10));
    await sql`INSERT INTO job_runs (key, runner) VALUES (${job.key}, ${processId})`.execute(db);
  });
} else {
  api.handle('stuck', async (job) => {
    console.log(`claimed ${job.key} ${job.attempts}`);
    await new Promise(() => {});
  });
}
// The scheduler's timer is unref'd; this keeps the process up until it is told to go.
const keepAlive = setInterval(() => {}, 1 << 30);
process.once('SIGTERM', async () => {
  clearInterval(keepAlive);
  await module.stop!();
  await close();
  process.exit(0);
});
await module.start!();
console.log(`ready ${processId}`);
