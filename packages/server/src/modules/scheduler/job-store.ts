import { sql } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { SchedulerTables } from './migrations.ts';

/**
 * The jobs table's queries. Every time is a JS timestamp passed as a
 * parameter (never the database's now()), so a caller's `now` and the
 * stored times always agree, and every run_at keeps millisecond precision:
 * a claim is recognised later by the exact run_at it was claimed with.
 */

/** A job as one process claimed it. */
export interface ClaimedJob {
  kind: string;
  key: string;
  payload: unknown;
  runAt: Date;
  attempts: number;
}

const jobs = (q: Db) => q.withTables<SchedulerTables>();

export async function upsertJob(
  q: Db,
  job: { kind: string; key: string; runAt: Date; payload?: unknown },
): Promise<void> {
  const payload = sql<unknown>`${JSON.stringify(job.payload ?? null)}::jsonb`;
  // A job already pending (or running) is moved and starts counting attempts
  // afresh; a running one keeps its claim, which it gives up when it settles.
  await jobs(q)
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key, run_at: job.runAt, payload })
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({
        run_at: job.runAt,
        payload,
        attempts: 0,
        last_error: null,
      }),
    )
    .execute();
}

/** Adds the jobs that are not there yet, in one statement; pending ones stay as they are. */
export async function insertMissingJobs(
  q: Db,
  list: { kind: string; key: string; runAt: Date }[],
): Promise<void> {
  if (list.length === 0) return;
  await jobs(q)
    .insertInto('jobs')
    .values(
      list.map((j) => ({
        kind: j.kind,
        key: j.key,
        run_at: j.runAt,
        payload: sql<unknown>`'null'::jsonb`,
      })),
    )
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
}

export async function deleteJob(q: Db, kind: string, key: string): Promise<void> {
  await jobs(q).deleteFrom('jobs').where('kind', '=', kind).where('key', '=', key).execute();
}

/**
 * Claims up to `batch` due jobs of the given kinds in one short transaction.
 * SKIP LOCKED lets processes claiming at the same moment take different rows.
 */
export async function claimDue(
  db: Db,
  opts: { kinds: string[]; at: Date; leaseUntil: Date; claimant: string; batch: number },
): Promise<ClaimedJob[]> {
  return jobs(db)
    .transaction()
    .execute(async (trx) => {
      const due = await trx
        .selectFrom('jobs')
        .select(['kind', 'key'])
        .where('kind', 'in', opts.kinds)
        .where('run_at', '<=', opts.at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', opts.at)]))
        .orderBy('run_at')
        .limit(opts.batch)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      const rows = await trx
        .updateTable('jobs')
        .set((eb) => ({
          claimed_by: opts.claimant,
          lease_until: opts.leaseUntil,
          attempts: eb('attempts', '+', 1),
        }))
        .where((eb) =>
          eb(
            eb.refTuple('kind', 'key'),
            'in',
            due.map((d) => eb.tuple(d.kind, d.key)),
          ),
        )
        .returning(['kind', 'key', 'payload', 'run_at', 'attempts'])
        .execute();
      return rows
        .map((r) => ({
          kind: r.kind,
          key: r.key,
          payload: r.payload,
          runAt: r.run_at,
          attempts: r.attempts,
        }))
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
    });
}

/** How a claimed run ended: remove the job (done, or given up), or run it again later. */
export type Outcome = 'remove' | { retryAt: Date; error: string };

/**
 * Settles this claim. If the owner rescheduled the job while it ran (its
 * run_at moved), the row is not this claim's to remove or retry: it is only
 * released, so it runs at its new time. Returns false when the claim was
 * lost (its lease passed and another process took the job, or it was cancelled).
 */
export async function settleClaim(
  db: Db,
  job: ClaimedJob,
  claimant: string,
  outcome: Outcome,
): Promise<boolean> {
  const q = jobs(db);
  const mine = { kind: job.kind, key: job.key, claimed_by: claimant };
  const asClaimed = { ...mine, run_at: job.runAt };
  const settled =
    outcome === 'remove'
      ? (
          await q
            .deleteFrom('jobs')
            .where((eb) => eb.and(asClaimed))
            .executeTakeFirst()
        ).numDeletedRows
      : (
          await q
            .updateTable('jobs')
            .set({
              run_at: outcome.retryAt,
              last_error: outcome.error,
              claimed_by: null,
              lease_until: null,
            })
            .where((eb) => eb.and(asClaimed))
            .executeTakeFirst()
        ).numUpdatedRows;
  if (settled > 0n) return true;
  const released = await q
    .updateTable('jobs')
    .set({ claimed_by: null, lease_until: null })
    .where((eb) => eb.and(mine))
    .executeTakeFirst();
  return released.numUpdatedRows > 0n;
}
