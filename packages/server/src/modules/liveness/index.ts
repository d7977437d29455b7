import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';
import type { Events } from '../events.ts';
import type { ModuleParts, ServerModule } from '../module.ts';

/** How often each process says it is alive. */
export const HEARTBEAT_MS = 1000;
/** Silence longer than this, from every process at once, was an outage. */
export const OUTAGE_AFTER_MS = 3 * HEARTBEAT_MS;
/** A process silent this long is gone: its seeks and presence are cleared by the others. */
export const GONE_AFTER_MS = 5 * HEARTBEAT_MS;
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
  {
    name: '0002_gone',
    async up(db) {
      await sql`ALTER TABLE server_heartbeats ADD COLUMN gone boolean NOT NULL DEFAULT false`.execute(
        db,
      );
    },
  },
];

type LivenessTables = {
  server_heartbeats: { process_id: string; seen_at: Date; gone?: boolean };
};

/**
 * Whether the platform and each process are up: every process writes a
 * heartbeat each second. A process silent for GONE_AFTER_MS is marked gone
 * by whichever live process notices first, which publishes process.gone (its
 * real-time seeks and presence are cleared).
 * A process that starts after a time when no process was alive publishes
 * platform.resumed with the length of the outage, in the same transaction
 * as its first heartbeat (under a lock, so processes starting together
 * report one outage once); the game module gives that time back to every
 * running clock, since nobody could move while the server was down.
 */
export function createLivenessModule(deps: {
  db: Db;
  events: Events;
  log: Logger;
  processId: string;
}): ModuleParts {
  const q = deps.db.withTables<LivenessTables>();
  const { processId } = deps;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<unknown> = Promise.resolve();

  const beat = () =>
    q
      .insertInto('server_heartbeats')
      .values({ process_id: processId, seen_at: new Date() })
      .onConflict((oc) => oc.column('process_id').doUpdateSet({ seen_at: new Date(), gone: false }))
      .execute();

  // Marking a silent process gone is the claim: of all the processes that
  // notice, one updates the row, and only it publishes process.gone.
  const buryTheSilent = () =>
    deps.events.transaction(deps.db, async (tx, publish) => {
      const gone = await tx
        .withTables<LivenessTables>()
        .updateTable('server_heartbeats')
        .set({ gone: true })
        .where('gone', '=', false)
        .where('process_id', '!=', processId)
        .where('seen_at', '<', new Date(Date.now() - GONE_AFTER_MS))
        .returning('process_id')
        .execute();
      for (const { process_id } of gone) {
        deps.log.warn({ process: process_id }, 'a server process is gone');
        await publish('process.gone', { processId: process_id });
      }
    });

  const module: ServerModule = {
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
        beating = beat()
          .then(buryTheSilent)
          .catch((err) => deps.log.warn({ err }, 'heartbeat failed'));
      }, HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await beating;
      // A clean stop: the others need not clear anything after this process.
      await q
        .updateTable('server_heartbeats')
        .set({ gone: true })
        .where('process_id', '=', processId)
        .execute();
    },
  };
  return { module, api: undefined };
}
