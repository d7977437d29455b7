import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteResult } from './pglite-protocol.ts';

/** What the pool needs of PGlite: an in-process instance, or one on a thread of ours (pglite-thread.ts). */
export interface PgliteConnection {
  query<R>(sql: string, params?: unknown[]): Promise<PgliteResult<R>>;
  close(): Promise<void>;
}

/**
 * Presents one PGlite instance as the pg-style pool Kysely's PostgresDialect
 * expects. PGlite is a single connection, so the pool hands it to one borrower
 * at a time: a transaction holds it from BEGIN to COMMIT and other queries
 * queue behind it, exactly as they would wait for a pooled connection.
 */
export function pglitePool(pglite: PgliteConnection): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  const client = (release: () => void): PostgresPoolClient =>
    ({
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: result.command as PostgresQueryResult<R>['command'],
          rowCount: result.rowCount ?? result.affectedRows ?? 0,
          rows: result.rows,
        };
      },
      release,
    }) as PostgresPoolClient;

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
