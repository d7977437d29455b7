import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { type PgliteConnection, pglitePool } from './pglite-pool.ts';
import { INT8_OID, PGLITE_PARSERS } from './pglite-protocol.ts';
import { PgliteThread } from './pglite-thread.ts';
import { pgliteWorkerSetting } from '../config.ts';

/**
 * One SQL dialect, two engines: PGlite in a data folder by default, a real
 * PostgreSQL server when DATABASE_URL is set. Modules type their own tables
 * with `db.withTables<...>()`; nothing here knows any module's schema.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- deliberately schema-less
export type Db = Kysely<{}>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const NUMERIC_OID = 1700;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite on a worker thread of ours (PGLITE_WORKER, decision 0155). Read
   * from the environment when not given, so callers that open a database
   * without a config (tests, tools) follow the setting too.
   */
  pgliteWorker?: boolean;
  /**
   * An idle pooled connection failed; the pool replaces it. With
   * PGLITE_WORKER: PGlite's thread died, and every later statement fails.
   */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // pg hands int8 back as a string; PGlite as a number. Make both numbers.
    const types = {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      },
    };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types,
    } as pg.PoolConfig);
    // Without a listener pg's pool turns such an error into an uncaught exception.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = opts.dataDir === 'memory://' ? 'memory://' : join(opts.dataDir, 'pglite');
  let release = () => {};
  if (dir !== 'memory://') {
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(opts.dataDir);
  }
  let pglite: PgliteConnection;
  try {
    pglite =
      (opts.pgliteWorker ?? pgliteWorkerSetting(process.env.PGLITE_WORKER))
        ? await PgliteThread.open(dir, opts.onIdleError)
        : await PGlite.create(dir, { parsers: PGLITE_PARSERS });
  } catch (e) {
    release();
    throw e;
  }
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}
