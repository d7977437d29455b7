import { sql } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';

/** The moderation module's tables: actions, automatic notoriety and players' reports. */
export const moderationMigrations: Migration[] = [
  {
    name: '0001_mod_actions',
    async up(db) {
      await sql`CREATE TABLE mod_actions (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        type text NOT NULL,
        duration_seconds integer NOT NULL DEFAULT 0,
        start_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz,
        removed_time timestamptz,
        applier_user_id text NOT NULL DEFAULT '',
        remover_user_id text NOT NULL DEFAULT '',
        channel text NOT NULL DEFAULT '',
        message_id text NOT NULL DEFAULT '',
        chat_text text NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        email_type text NOT NULL DEFAULT 'DEFAULT'
      )`.execute(db);
      await sql`CREATE INDEX mod_actions_user ON mod_actions(user_id, type)`.execute(db);
    },
  },
  {
    // When the scheduler saw a timed action run out (it also told the user).
    name: '0002_expiry',
    async up(db) {
      await sql`ALTER TABLE mod_actions ADD COLUMN expired_time timestamptz`.execute(db);
    },
  },
  {
    // Each human game's classification per player (decision 0132) and the
    // running score, which a clean game lowers and a moderator can reset.
    name: '0003_notoriety',
    async up(db) {
      await sql`CREATE TABLE notorious_games (
        user_id text NOT NULL,
        game_id text NOT NULL,
        type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, game_id)
      )`.execute(db);
      await sql`CREATE TABLE notoriety (
        user_id text PRIMARY KEY,
        score integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      // Nudges a player answered "no" to, until their game ends.
      await sql`CREATE TABLE denied_nudges (
        game_id text NOT NULL,
        user_id text NOT NULL,
        PRIMARY KEY (game_id, user_id)
      )`.execute(db);
    },
  },
  {
    name: '0004_reports',
    async up(db) {
      await sql`CREATE TABLE mod_reports (
        id bigserial PRIMARY KEY,
        reporter_id text NOT NULL,
        user_id text NOT NULL,
        channel text NOT NULL DEFAULT '',
        message_id text NOT NULL DEFAULT '',
        chat_text text NOT NULL DEFAULT '',
        reason text NOT NULL DEFAULT '',
        game_id text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        closer_id text NOT NULL DEFAULT '',
        outcome text NOT NULL DEFAULT ''
      )`.execute(db);
      await sql`CREATE INDEX mod_reports_open ON mod_reports(closed_at, created_at)`.execute(db);
    },
  },
];

export type ModTables = {
  mod_actions: {
    id?: string;
    user_id: string;
    type: string;
    duration_seconds: number;
    start_time?: Date;
    end_time: Date | null;
    removed_time?: Date | null;
    expired_time?: Date | null;
    applier_user_id: string;
    remover_user_id?: string;
    channel?: string;
    message_id?: string;
    chat_text?: string;
    note: string;
    email_type?: string;
  };
  notorious_games: { user_id: string; game_id: string; type: string; created_at?: Date };
  notoriety: { user_id: string; score: number; updated_at?: Date };
  denied_nudges: { game_id: string; user_id: string };
  mod_reports: {
    id?: string;
    reporter_id: string;
    user_id: string;
    channel: string;
    message_id: string;
    chat_text: string;
    reason: string;
    game_id: string;
    created_at?: Date;
    closed_at?: Date | null;
    closer_id?: string;
    outcome?: string;
  };
};
