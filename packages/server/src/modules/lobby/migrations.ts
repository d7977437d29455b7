import { sql } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';
import type { StoredRequest } from '../game/index.ts';

export const lobbyMigrations: Migration[] = [
  {
    name: '0001_seeks',
    async up(db) {
      await sql`CREATE TABLE seeks (
        id text PRIMARY KEY,
        seeker_id text NOT NULL,
        seeker_name text NOT NULL,
        seeker_conn text NOT NULL,
        request jsonb NOT NULL,
        rating_key text NOT NULL,
        seeker_rating double precision NOT NULL,
        min_range integer NOT NULL DEFAULT 0,
        max_range integer NOT NULL DEFAULT 0,
        require_established boolean NOT NULL DEFAULT false,
        only_followed boolean NOT NULL DEFAULT false,
        receiver_id text NOT NULL DEFAULT '',
        receiver_name text NOT NULL DEFAULT '',
        rematch_for text NOT NULL DEFAULT '',
        tournament_id text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX seeks_seeker ON seeks(seeker_id)`.execute(db);
      await sql`CREATE INDEX seeks_receiver ON seeks(receiver_id)`.execute(db);
      await sql`CREATE INDEX seeks_conn ON seeks(seeker_conn)`.execute(db);
    },
  },
  {
    // Seek lists show an unestablished rating with "?" (docs/product/gameplay.md §9).
    name: '0002_seeker_established',
    async up(db) {
      await sql`ALTER TABLE seeks ADD COLUMN seeker_established boolean NOT NULL DEFAULT false`.execute(
        db,
      );
    },
  },
  {
    // The process holding a real-time seek's socket: when it dies, its seeks go.
    name: '0003_seek_process',
    async up(db) {
      await sql`ALTER TABLE seeks ADD COLUMN process_id text NOT NULL DEFAULT ''`.execute(db);
      await sql`CREATE INDEX seeks_process ON seeks(process_id)`.execute(db);
    },
  },
];

export interface SeekRow {
  id: string;
  seeker_id: string;
  seeker_name: string;
  /** Real-time seeks live as long as this connection; correspondence seeks have ''. */
  seeker_conn: string;
  /** The process holding the seeker's socket (real-time seeks; '' for correspondence). */
  process_id: string;
  request: StoredRequest;
  rating_key: string;
  seeker_rating: number;
  /** The seeker's rating deviation was at most 90 when the seek was made. */
  seeker_established: boolean;
  min_range: number;
  max_range: number;
  require_established: boolean;
  only_followed: boolean;
  /** Set for a direct match request or a rematch. */
  receiver_id: string;
  receiver_name: string;
  rematch_for: string;
  tournament_id: string;
  created_at?: Date;
}

export type LobbyTables = {
  seeks: SeekRow;
};
