import { sql, type Generated } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';

/**
 * One row per pending job, keyed by kind+key so scheduling the same job again
 * moves it. A claim is claimed_by plus lease_until; a row whose lease has
 * passed is free again (its process died or gave up).
 */
export const schedulerMigrations: Migration[] = [
  {
    name: 'jobs',
    async up(db) {
      await sql`CREATE TABLE jobs (
        kind text NOT NULL,
        key text NOT NULL,
        payload jsonb,
        run_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        claimed_by text,
        lease_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, key)
      )`.execute(db);
      await sql`CREATE INDEX jobs_due ON jobs(run_at)`.execute(db);
    },
  },
];

// Type aliases, not interfaces: withTables wants a plain record type.
export type JobsTable = {
  kind: string;
  key: string;
  payload: unknown;
  run_at: Date;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
};

export type SchedulerTables = { jobs: JobsTable };
