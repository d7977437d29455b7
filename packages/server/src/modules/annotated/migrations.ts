import { sql, type Generated } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Annotated games: one row per game, its Game document (JSON) plus the
 * columns the lists sort and filter on, copied from the document on each save.
 */
export const annotatedMigrations: Migration[] = [
  {
    name: '0001_annotated_games',
    async up(db) {
      await sql`CREATE TABLE annotated_games (
        id text PRIMARY KEY,
        creator_id text NOT NULL,
        public boolean NOT NULL DEFAULT true,
        finished boolean NOT NULL DEFAULT false,
        player0 text NOT NULL,
        player1 text NOT NULL,
        lexicon text NOT NULL,
        description text NOT NULL DEFAULT '',
        challenge_rule text NOT NULL,
        event_count integer NOT NULL DEFAULT 0,
        score0 integer NOT NULL DEFAULT 0,
        score1 integer NOT NULL DEFAULT 0,
        document text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX annotated_games_creator ON annotated_games (creator_id, updated_at DESC)`.execute(
        db,
      );
      await sql`CREATE INDEX annotated_games_public ON annotated_games (public, created_at DESC)`.execute(
        db,
      );
    },
  },
];

export interface AnnotatedRow {
  id: string;
  creator_id: string;
  public: boolean;
  finished: boolean;
  player0: string;
  player1: string;
  lexicon: string;
  description: string;
  challenge_rule: string;
  event_count: number;
  score0: number;
  score1: number;
  document: string;
  created_at: Date;
  updated_at: Date;
}

/** The table as Kysely sees it: the times have defaults. */
type AnnotatedTable = Omit<AnnotatedRow, 'created_at' | 'updated_at'> & {
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type AnnotatedTables = { annotated_games: AnnotatedTable };
