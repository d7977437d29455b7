import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Schema changes, owned by the module whose tables they touch. Each module
 * lists its migrations in order; a migration's id is "<module>/<name>" and
 * runs once. Start-up applies what is missing inside one transaction holding
 * an advisory lock, so two processes starting together do not race.
 */
export interface Migration {
  name: string;
  up(db: Db): Promise<void>;
}

export interface ModuleMigrations {
  module: string;
  migrations: Migration[];
}

const MIGRATION_LOCK = 7_462_001;

type MigrationTables = { schema_migrations: { id: string; applied_at?: Date } };

export async function migrate(db: Db, modules: ModuleMigrations[]): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const trx = tx.withTables<MigrationTables>();
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const { module, migrations } of modules) {
      for (const m of migrations) {
        const id = `${module}/${m.name}`;
        if (done.has(id)) continue;
        await m.up(tx);
        await trx.insertInto('schema_migrations').values({ id }).execute();
        applied.push(id);
      }
    }
    return applied;
  });
}
