import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { StreamStatus, StreamType } from '@tessera/protocol';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * One row per participant and stream type: its key and its state with the
 * time it changed (§3, §4). Nothing of the media is stored.
 */
export const monitoringMigrations: Migration[] = [
  {
    name: '0001_monitoring_streams',
    async up(db) {
      await sql`CREATE TABLE monitoring_streams (
        tournament_id text NOT NULL,
        user_id text NOT NULL,
        username text NOT NULL,
        stream_type smallint NOT NULL,
        stream_key text NOT NULL UNIQUE,
        status smallint NOT NULL DEFAULT 0,
        status_at timestamptz NOT NULL DEFAULT now(),
        conn_id text,
        process_id text,
        PRIMARY KEY (tournament_id, user_id, stream_type)
      )`.execute(db);
      await sql`CREATE INDEX monitoring_streams_process ON monitoring_streams (process_id)
        WHERE process_id IS NOT NULL`.execute(db);
    },
  },
];

interface StreamRow {
  tournament_id: string;
  user_id: string;
  username: string;
  stream_type: number;
  stream_key: string;
  status: number;
  status_at: Date;
  conn_id: string | null;
  process_id: string | null;
}

type Tables = { monitoring_streams: StreamRow };

export type Stream = StreamRow;

export const STREAM_TYPES = [StreamType.CAMERA, StreamType.SCREENSHOT] as const;

/** The monitoring module's storage. */
export class StreamStore {
  private readonly db: Kysely<Tables>;

  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  /** The participant's two rows, made with fresh keys when missing. */
  async ensureKeys(tournamentId: string, userId: string, username: string): Promise<Stream[]> {
    await this.db
      .insertInto('monitoring_streams')
      .values(
        STREAM_TYPES.map((t) => ({
          tournament_id: tournamentId,
          user_id: userId,
          username,
          stream_type: t,
          stream_key: randomBytes(18).toString('base64url'),
          status: StreamStatus.NOT_STARTED,
          status_at: new Date(),
          conn_id: null,
          process_id: null,
        })),
      )
      .onConflict((oc) => oc.columns(['tournament_id', 'user_id', 'stream_type']).doNothing())
      .execute();
    return this.ofUser(tournamentId, userId);
  }

  async ofUser(tournamentId: string, userId: string): Promise<Stream[]> {
    return this.db
      .selectFrom('monitoring_streams')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .execute();
  }

  async ofTournament(tournamentId: string): Promise<Stream[]> {
    return this.db
      .selectFrom('monitoring_streams')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .execute();
  }

  async get(tournamentId: string, userId: string, type: StreamType): Promise<Stream | undefined> {
    return this.db
      .selectFrom('monitoring_streams')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .where('user_id', '=', userId)
      .where('stream_type', '=', type)
      .executeTakeFirst();
  }

  /**
   * Moves one stream to a state; `from` limits which states it may leave and
   * `conn` binds (ACTIVE) or must match (a hang-up of that connection only).
   * True when a row changed.
   */
  async setStatus(
    key: { tournamentId: string; userId: string; type: StreamType },
    to: StreamStatus,
    o: {
      from?: StreamStatus[];
      bind?: { connId: string; processId: string } | null;
      onlyConn?: string;
    } = {},
  ): Promise<boolean> {
    let q = this.db
      .updateTable('monitoring_streams')
      .set({
        status: to,
        status_at: new Date(),
        ...(o.bind !== undefined
          ? { conn_id: o.bind?.connId ?? null, process_id: o.bind?.processId ?? null }
          : {}),
      })
      .where('tournament_id', '=', key.tournamentId)
      .where('user_id', '=', key.userId)
      .where('stream_type', '=', key.type);
    if (o.from) q = q.where('status', 'in', o.from);
    if (o.onlyConn) q = q.where('conn_id', '=', o.onlyConn);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Live streams a connection published: they stop when it closes. */
  async stopConnection(connId: string): Promise<Stream[]> {
    return this.db
      .updateTable('monitoring_streams')
      .set({ status: StreamStatus.STOPPED, status_at: new Date(), conn_id: null, process_id: null })
      .where('conn_id', '=', connId)
      .where('status', 'in', [StreamStatus.PENDING, StreamStatus.ACTIVE])
      .returningAll()
      .execute();
  }

  /** Live streams of a process that died without saying so. */
  async stopProcess(processId: string): Promise<Stream[]> {
    return this.db
      .updateTable('monitoring_streams')
      .set({ status: StreamStatus.STOPPED, status_at: new Date(), conn_id: null, process_id: null })
      .where('process_id', '=', processId)
      .where('status', 'in', [StreamStatus.PENDING, StreamStatus.ACTIVE])
      .returningAll()
      .execute();
  }

  /** A finished tournament's keys die with it. */
  async dropTournament(tournamentId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('monitoring_streams')
      .where('tournament_id', '=', tournamentId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
