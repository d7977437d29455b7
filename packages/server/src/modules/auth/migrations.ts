import { type Generated, sql } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';

export const authMigrations: Migration[] = [
  {
    name: '0001_accounts',
    async up(db) {
      await sql`CREATE TABLE users (
        id text PRIMARY KEY,
        username text NOT NULL,
        username_key text NOT NULL UNIQUE,
        email text NOT NULL,
        email_key text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        birth_date date,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        country_code text NOT NULL DEFAULT '',
        is_child smallint NOT NULL DEFAULT 0,
        api_key text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`.execute(db);
      await sql`CREATE TABLE sessions (
        id_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX sessions_user ON sessions(user_id)`.execute(db);
      await sql`CREATE TABLE password_resets (
        code_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`.execute(db);
      await sql`CREATE TABLE auth_attempts (
        key text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX auth_attempts_key_at ON auth_attempts(key, at)`.execute(db);
    },
  },
  {
    name: '0002_bot_accounts',
    async up(db) {
      await sql`ALTER TABLE users ADD COLUMN is_bot boolean NOT NULL DEFAULT false`.execute(db);
    },
  },
  {
    // Attempts are taken before the password is checked, and given back on success.
    name: '0003_attempt_ids',
    async up(db) {
      await sql`ALTER TABLE auth_attempts ADD COLUMN id bigserial PRIMARY KEY`.execute(db);
    },
  },
  {
    // Socket tokens carry it: a password change, a reset or a closure moves it
    // on, and tokens issued before are refused (issue 37).
    name: '0004_credential_generation',
    async up(db) {
      await sql`ALTER TABLE users ADD COLUMN credential_gen integer NOT NULL DEFAULT 0`.execute(db);
    },
  },
];

export type AuthTables = {
  users: {
    id: string;
    username: string;
    username_key: string;
    email: string;
    email_key: string;
    password_hash: string;
    birth_date: string | Date | null;
    first_name: string;
    last_name: string;
    country_code: string;
    is_child: number;
    api_key: string | null;
    is_bot?: boolean;
    credential_gen?: number;
    created_at?: Date;
    closed_at: Date | null;
  };
  sessions: { id_hash: string; user_id: string; created_at?: Date; expires_at: Date };
  password_resets: {
    code_hash: string;
    user_id: string;
    created_at?: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  auth_attempts: { id: Generated<number>; key: string; at?: Date };
};
