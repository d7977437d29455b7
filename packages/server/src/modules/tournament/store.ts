import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';
import { jsonColumn } from '../../storage/json-column.ts';
import { claimsMigration } from './claims.ts';
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
 * Tournaments and their event logs. `tournament_log` is the truth; the
 * tournaments row caches the folded state (with the seq it was folded to)
 * and the columns the lists need. Every change locks the row, folds the new
 * entries onto the cached state and writes both in one transaction, so a
 * crash loses nothing acknowledged and never leaves the cache ahead of the log.
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
  clubSessionsMigration,
];

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
  state: TState;
  seq: string | number;
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

  constructor(db: Db) {
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

  async state(id: string, q?: Db): Promise<TState | undefined> {
    const row = await (q ? this.tables(q) : this.db)
      .selectFrom('tournaments')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? parse<TState>(row.state) : undefined;
  }

  async log(id: string, afterSeq = 0, limit = 100_000, q?: Db): Promise<LogEntry[]> {
    const rows = await (q ? this.tables(q) : this.db)
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
      .select(['state', 'seq'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new Error(`no tournament ${id}`);
    let s = parse<TState>(row.state);
    // The log is the truth: a cache behind it (or ahead of it) is folded again.
    const last = await t
      .selectFrom('tournament_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('tournament_id', '=', id)
      .executeTakeFirst();
    const lastSeq = Number(last?.seq ?? 0);
    // So is a cache folded before divisions had ids (decision 0121).
    if (lastSeq !== s.seq || s.divisions.some((d) => !d.id))
      s = fold(await this.log(id, 0, 1_000_000, tx), emptyState(id));
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
    await t
      .updateTable('tournaments')
      .set({
        ...listColumns(next),
        state: jsonColumn(next),
        seq: next.seq,
        updated_at: new Date(at),
      })
      .where('id', '=', id)
      .execute();
    return { state: next, entries };
  }

  /** Drops the cache and folds the whole log again (what a lost cache would do). */
  async refold(id: string): Promise<TState> {
    const s = fold(await this.log(id), emptyState(id));
    await this.db
      .updateTable('tournaments')
      .set({ state: jsonColumn(s), seq: s.seq })
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
