import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Db } from './database.ts';

/**
 * Runs `work` in one transaction on one connection of `db`'s pool whose
 * statements may be issued side by side: each is handed to the connection
 * as soon as it is made, and the connection runs them in the order they
 * came (node-postgres' client queue; PGlite's thread answers its messages
 * in order). Kysely's own transaction sends one statement, waits for its
 * answer and only then lets the next one go; a group-commit batch whose
 * changes run together (decision 0142) would then still wait on each
 * answer in turn.
 *
 * Who may send what at the same time is the caller's business: statements
 * of the same transaction share its fate (one failing aborts it for all).
 */
export async function sharedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.getExecutor().provideConnection(async (connection) => {
    const tx: Db = new Kysely({ dialect: oneConnection(connection) });
    await connection.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await work(tx);
      await connection.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (e) {
      // The work's error is the one that counts (a deadlock is tried again).
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw e;
    }
  });
}

/** PostgreSQL's SQL over one connection that is already in a transaction. */
function oneConnection(connection: DatabaseConnection): Dialect {
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    destroy: async () => {},
    beginTransaction: () => Promise.reject(new Error('already in a transaction')),
    commitTransaction: () => Promise.reject(new Error('the batch commits')),
    rollbackTransaction: () => Promise.reject(new Error('the batch rolls back')),
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
