import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteResult } from './pglite-protocol.ts';

/** What the pool needs of PGlite: an in-process instance, or one on a thread of ours (pglite-thread.ts). */
export interface PgliteConnection {
  query<R>(sql: string, params?: unknown[]): Promise<PgliteResult<R>>;
  close(): Promise<void>;
  /** BEGIN, then the statement if BEGIN succeeded (PGlite's thread: one message for both). */
  beginWith?<R>(sql: string, params?: unknown[]): Promise<PgliteResult<R>>;
}

const done = (command: string): PostgresQueryResult<never> => ({
  command: command as PostgresQueryResult<never>['command'],
  rowCount: 0,
  rows: [],
});

/**
 * Presents one PGlite instance as the pg-style pool Kysely's PostgresDialect
 * expects. PGlite is a single connection, so the pool hands it to one borrower
 * at a time: a transaction holds it from BEGIN to COMMIT and other queries
 * queue behind it, exactly as they would wait for a pooled connection.
 */
export function pglitePool(pglite: PgliteConnection): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  const client = (release: () => void): PostgresPoolClient => {
    /**
     * On PGlite's thread a transaction's BEGIN waits and goes with its first
     * statement, in one message: the thread runs BEGIN, then the statement
     * only if BEGIN succeeded, and refuses what follows until the
     * transaction's end if it did not (pglite-worker.ts).
     */
    let begin = false;
    return {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        if (pglite.beginWith && sql === 'begin') {
          begin = true;
          return done('BEGIN');
        }
        const first = begin;
        begin = false;
        // A transaction without a statement: nothing was opened.
        if (first && (sql === 'commit' || sql === 'rollback')) return done(sql.toUpperCase());
        const params = parameters as unknown[];
        const result = await (first
          ? pglite.beginWith!<R>(sql, params)
          : pglite.query<R>(sql, params));
        return {
          command: result.command as PostgresQueryResult<R>['command'],
          rowCount: result.rowCount ?? result.affectedRows ?? 0,
          rows: result.rows,
        };
      },
      release,
    } as PostgresPoolClient;
  };

  return {
    connect() {
      let release!: () => void;
      const mine = new Promise<void>((r) => (release = r));
      const ready = tail.then(() => client(release));
      tail = tail.then(() => mine);
      return ready;
    },
    async end() {
      await tail;
      await pglite.close();
    },
  };
}
