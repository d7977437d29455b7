import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';
import type { Events } from '../events.ts';
import type { ServerModule } from '../module.ts';

/** How often each process says it is alive. */
export const HEARTBEAT_MS = 1000;
/** Silence longer than this, from every process at once, was an outage. */
export const OUTAGE_AFTER_MS = 3 * HEARTBEAT_MS;
const LIVENESS_LOCK = 7_462_002;

export const livenessMigrations: Migration[] = [
  {
    name: '0001_heartbeats',
    async up(db) {
      await sql`CREATE TABLE server_heartbeats (
        process_id text PRIMARY KEY,
        seen_at timestamptz NOT NULL
      )`.execute(db);
    },
  },
];

type LivenessTables = { server_heartbeats: { process_id: string; seen_at: Date } };

/**
 * Whether the platform was up: every process writes a heartbeat each second.
 * A process that starts after a time when no process was alive publishes
 * platform.resumed with the length of the outage, in the same transaction
 * as its first heartbeat (under a lock, so processes starting together
 * report one outage once); the game module gives that time back to every
 * running clock, since nobody could move while the server was down.
 */
export function createLivenessModule(deps: { db: Db; events: Events; log: Logger }): ServerModule {
  const q = deps.db.withTables<LivenessTables>();
  const processId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<unknown> = Promise.resolve();

  const beat = () =>
    q
      .insertInto('server_heartbeats')
      .values({ process_id: processId, seen_at: new Date() })
      .onConflict((oc) => oc.column('process_id').doUpdateSet({ seen_at: new Date() }))
      .execute();

  return {
    name: 'liveness',
    async start() {
      await deps.events.transaction(deps.db, async (tx, publish) => {
        await sql`SELECT pg_advisory_xact_lock(${LIVENESS_LOCK})`.execute(tx);
        const t = tx.withTables<LivenessTables>();
        const last = await t
          .selectFrom('server_heartbeats')
          .select((eb) => eb.fn.max('seen_at').as('at'))
          .executeTakeFirst();
        const now = Date.now();
        const lastSeen = last?.at ? new Date(last.at).getTime() : undefined;
        await t
          .insertInto('server_heartbeats')
          .values({ process_id: processId, seen_at: new Date(now) })
          .execute();
        await t
          .deleteFrom('server_heartbeats')
          .where('seen_at', '<', new Date(now - 24 * 3600_000))
          .execute();
        if (lastSeen !== undefined && now - lastSeen > OUTAGE_AFTER_MS) {
          deps.log.info({ outageMs: now - lastSeen }, 'the platform was down; clocks are credited');
          await publish('platform.resumed', { outageMs: now - lastSeen, resumedAt: now });
        }
      });
      timer = setInterval(() => {
        beating = beat().catch((err) => deps.log.warn({ err }, 'heartbeat failed'));
      }, HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
