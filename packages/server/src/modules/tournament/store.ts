import { randomUUID } from 'node:crypto';
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';
import { jsonColumn } from '../../storage/json-column.ts';
import { claimsMigration } from './claims.ts';
import { StateCache } from './state-cache.ts';
import { clubSessionsMigration } from './club-sessions.ts';
import {
  emptyState,
  fold,
  FREE_FORM_KINDS,
  type LogBody,
  type LogEntry,
  type TState,
  slugName,
} from '@tessera/tournament';

/**
 * Tournaments and their event logs. `tournament_log` is the truth. The
 * tournaments row holds the head of the log (`seq`, and `head`, a token each
 * change writes anew), the columns the lists need, and a snapshot: the state
 * folded to `snapshot_seq`, written again every SNAPSHOT_EVERY entries, not at
 * every change (decision 0147). Every change locks the row, takes the folded
 * state from this process's cache when the row still names it (else the
 * snapshot and the log after it), folds the new entries and appends them with
 * the row's new head in one transaction: a crash loses nothing acknowledged,
 * and a result costs its own entry, not the whole event.
 */
export const tournamentMigrations: Migration[] = [
  {
    name: '0001_tournaments',
    async up(db) {
      await sql`CREATE TABLE tournaments (
        id text PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        type text NOT NULL,
        club_id text NOT NULL DEFAULT '',
        first_director text NOT NULL DEFAULT '',
        registrant_count integer NOT NULL DEFAULT 0,
        registration_open boolean NOT NULL DEFAULT false,
        scheduled_start bigint NOT NULL DEFAULT 0,
        scheduled_end bigint NOT NULL DEFAULT 0,
        started boolean NOT NULL DEFAULT false,
        finished boolean NOT NULL DEFAULT false,
        state jsonb NOT NULL,
        seq bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX tournaments_club ON tournaments(club_id, created_at)`.execute(db);
      await sql`CREATE TABLE tournament_log (
        tournament_id text NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        seq bigint NOT NULL,
        actor text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        body jsonb NOT NULL,
        PRIMARY KEY (tournament_id, seq)
      )`.execute(db);
    },
  },
  claimsMigration,
  {
    // Issue 36 item 12: the state column becomes a snapshot that may lag the log.
    name: '0003_tournament_snapshots',
    async up(db) {
      await sql`ALTER TABLE tournaments ADD COLUMN head text NOT NULL DEFAULT ''`.execute(db);
      await sql`ALTER TABLE tournaments ADD COLUMN snapshot_seq bigint NOT NULL DEFAULT 0`.execute(
        db,
      );
      await sql`UPDATE tournaments SET snapshot_seq = seq`.execute(db);
    },
  },
  clubSessionsMigration,
];

/** Entries between two snapshots: a change writes the whole state only this often. */
export const SNAPSHOT_EVERY = 500;

export interface TournamentRow {
  id: string;
  slug: string;
  name: string;
  type: string;
  club_id: string;
  first_director: string;
  registrant_count: number;
  registration_open: boolean;
  scheduled_start: string | number;
  scheduled_end: string | number;
  started: boolean;
  finished: boolean;
  /** The snapshot: the state folded to snapshot_seq. */
  state: TState;
  /** The last entry of the log. */
  seq: string | number;
  /** A token every change writes anew: a cached state is used only while the row names it. */
  head: string;
  snapshot_seq: string | number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type TournamentTables = {
  tournaments: TournamentRow;
  tournament_log: {
    tournament_id: string;
    seq: string | number;
    actor: string;
    at: Date;
    body: LogBody;
  };
};

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function listColumns(s: TState) {
  return {
    slug: s.meta.slug,
    name: s.meta.name,
    type: s.meta.type,
    first_director: s.executiveDirector,
    registrant_count: s.divisions.reduce(
      (n, d) => n + d.players.filter((p) => !p.removed).length,
      0,
    ),
    registration_open: s.registrationOpen,
    scheduled_start: s.meta.scheduledStart,
    scheduled_end: s.meta.scheduledEnd,
    started: s.started,
    finished: s.finished,
  };
}

export class TournamentStore {
  readonly db: Kysely<TournamentTables>;
  private readonly cache = new StateCache();

  /** `snapshotEvery`: entries between two snapshots (tests make it small). */
  constructor(
    db: Db,
    private readonly snapshotEvery = SNAPSHOT_EVERY,
  ) {
    this.db = db.withTables<TournamentTables>();
  }

  tables(tx: Db): Kysely<TournamentTables> {
    return tx.withTables<TournamentTables>();
  }

  async create(tx: Db, id: string, actor: string, created: LogBody, clubId = ''): Promise<TState> {
    const t = this.tables(tx);
    const at = Date.now();
    const entry: LogEntry = { seq: 1, actor, at, body: created };
    const s = fold([entry], emptyState(id));
    await t
      .insertInto('tournaments')
      .values({
        id,
        club_id: clubId,
        ...listColumns(s),
        state: jsonColumn(s),
        seq: 1,
        head: randomUUID(),
        snapshot_seq: 1,
      })
      .execute();
    await t
      .insertInto('tournament_log')
      .values({
        tournament_id: id,
        seq: 1,
        actor,
        at: new Date(at),
        body: jsonColumn(created),
      })
      .execute();
    return s;
  }

  /** The id of a tournament given by id or slug (slug with or without /tournament/). */
  async resolve(idOrSlug: string): Promise<string | undefined> {
    // /tournament/x and /club/x lead to the same page (§2), as does x alone.
    const name = slugName(idOrSlug);
    const slugs = [idOrSlug, `/tournament/${name}`, `/club/${name}`];
    const rows = await this.db
      .selectFrom('tournaments')
      .select(['id', 'slug'])
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', 'in', slugs)]))
      .execute();
    const exact = rows.find((r) => r.id === idOrSlug || r.slug === idOrSlug);
    return (exact ?? rows[0])?.id;
  }

  /**
   * The folded state as of the last committed change: this process's cached
   * one while the row still names it, else the snapshot and the log after it.
   */
  async state(id: string, q?: Db): Promise<TState | undefined> {
    const t = q ? this.tables(q) : this.db;
    const row = await t
      .selectFrom('tournaments')
      .select(['seq', 'head'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const cached = this.cache.valid(id, row);
    if (cached) return cached;
    const s = await this.rebuild(t, id);
    if (s && s.seq === Number(row.seq))
      this.cache.put(id, { seq: s.seq, head: row.head, state: s }, true);
    return s;
  }

  /**
   * The snapshot and the log after it, folded. A snapshot folded before
   * divisions had ids (decision 0121) is dropped: the whole log again.
   */
  private async rebuild(t: Kysely<TournamentTables>, id: string): Promise<TState | undefined> {
    const row = await t
      .selectFrom('tournaments')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    let from = parse<TState>(row.state);
    if (from.divisions.some((d) => !d.id)) from = emptyState(id);
    const tail = await this.logIn(t, id, from.seq, 1_000_000);
    return tail.length ? fold(tail, from) : from;
  }

  async log(id: string, afterSeq = 0, limit = 100_000, q?: Db): Promise<LogEntry[]> {
    return this.logIn(q ? this.tables(q) : this.db, id, afterSeq, limit);
  }

  private async logIn(
    t: Kysely<TournamentTables>,
    id: string,
    afterSeq: number,
    limit: number,
  ): Promise<LogEntry[]> {
    const rows = await t
      .selectFrom('tournament_log')
      .selectAll()
      .where('tournament_id', '=', id)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      actor: r.actor,
      at: new Date(r.at).getTime(),
      body: parse<LogBody>(r.body),
    }));
  }

  /**
   * Locks the tournament, lets `decide` look at its state and return the
   * entries to append (or throw to refuse), appends and folds them.
   */
  async change(
    tx: Db,
    id: string,
    actor: string,
    decide: (s: TState) => LogBody[] | Promise<LogBody[]>,
  ): Promise<{ state: TState; entries: LogEntry[] }> {
    const t = this.tables(tx);
    const row = await t
      .selectFrom('tournaments')
      .select(['seq', 'head', 'snapshot_seq'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new Error(`no tournament ${id}`);
    // The row is locked: the cached state if the row still names it, else
    // the snapshot and the log after it (the log is the truth).
    const s = this.cache.valid(id, row) ?? (await this.rebuild(t, id))!;
    const bodies = await decide(s);
    if (bodies.length === 0) return { state: s, entries: [] };
    const at = Date.now();
    const entries = bodies.map((body, i) => ({ seq: s.seq + i + 1, actor, at, body }));
    const next = fold(entries, s);
    await t
      .insertInto('tournament_log')
      .values(
        entries.map((e) => ({
          tournament_id: id,
          seq: e.seq,
          actor,
          at: new Date(at),
          body: jsonColumn(e.body),
        })),
      )
      .execute();
    const head = randomUUID();
    const snapshot = next.seq - Number(row.snapshot_seq) >= this.snapshotEvery;
    await t
      .updateTable('tournaments')
      .set({
        ...listColumns(next),
        ...(snapshot ? { state: jsonColumn(next), snapshot_seq: next.seq } : {}),
        seq: next.seq,
        head,
        updated_at: new Date(at),
      })
      .where('id', '=', id)
      .execute();
    // Used by the next change only if this transaction commits (the row then names it).
    this.cache.put(id, { seq: next.seq, head, state: next });
    return { state: next, entries };
  }

  /** Drops the cache and folds the whole log again (what a lost cache would do). */
  async refold(id: string): Promise<TState> {
    this.cache.forget(id);
    const s = fold(await this.log(id), emptyState(id));
    await this.db
      .updateTable('tournaments')
      .set({ state: jsonColumn(s), seq: s.seq, snapshot_seq: s.seq, head: randomUUID() })
      .where('id', '=', id)
      .execute();
    return s;
  }

  /**
   * Upcoming: not finished, or finished within `recentMs`, soonest start
   * first; past: finished, latest first; clubs: the open free-form ones by
   * name. Club sessions are listed with their club, never on their own.
   */
  async list(
    where: 'upcoming' | 'past' | 'clubs',
    limit: number,
    recentMs = 0,
  ): Promise<Selectable<TournamentRow>[]> {
    const q = this.db.selectFrom('tournaments').selectAll().where('club_id', '=', '');
    switch (where) {
      case 'clubs':
        return q
          .where('type', 'in', FREE_FORM_KINDS)
          .where('finished', '=', false)
          .orderBy('name', 'asc')
          .limit(limit)
          .execute();
      case 'past':
        return q.where('finished', '=', true).orderBy('updated_at', 'desc').limit(limit).execute();
      case 'upcoming':
        return q
          .where((eb) =>
            eb.or([
              eb('finished', '=', false),
              eb('updated_at', '>', new Date(Date.now() - recentMs)),
            ]),
          )
          .orderBy('scheduled_start', 'asc')
          .orderBy('created_at', 'asc')
          .limit(limit)
          .execute();
    }
  }

  async clubSessions(
    clubId: string,
    count: number,
    offset: number,
  ): Promise<Selectable<TournamentRow>[]> {
    return this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('club_id', '=', clubId)
      .orderBy('created_at', 'desc')
      .limit(count)
      .offset(offset)
      .execute();
  }
}
