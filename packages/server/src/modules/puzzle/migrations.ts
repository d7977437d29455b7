import { sql } from 'kysely';
import type { Migration } from '../../storage/migrate.ts';

/**
 * The puzzle module's tables (docs/product/gameplay.md §3 "Puzzle";
 * docs/product/community.md §3 "Puzzle generation job"). Decision 0090 has
 * the reasons for the index that serves "closest unseen puzzle".
 */
export const puzzleMigrations: Migration[] = [
  {
    name: '0001_puzzles',
    async up(db) {
      await sql`CREATE TABLE puzzles (
        id text PRIMARY KEY,
        lexicon text NOT NULL,
        letter_distribution text NOT NULL,
        board_layout text NOT NULL,
        variant text NOT NULL,
        cgp text NOT NULL,
        rack text NOT NULL,
        -- The game before the puzzle's turn (engine GameDocument), when known.
        position jsonb,
        turn_number integer NOT NULL,
        answer jsonb NOT NULL,
        equivalents jsonb NOT NULL DEFAULT '[]',
        tags text[] NOT NULL DEFAULT '{}',
        static_margin real,
        sim_margin real,
        source_game_id text,
        generator_job_id text,
        game_seed bigint,
        rating real NOT NULL,
        deviation real NOT NULL,
        volatility real NOT NULL,
        vote_total integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (lexicon, cgp)
      )`.execute(db);
      // "Closest unseen puzzle to a rating": walk this index both ways from the rating.
      await sql`CREATE INDEX puzzles_lexicon_rating ON puzzles (lexicon, rating, id)`.execute(db);
      await sql`CREATE INDEX puzzles_source_game ON puzzles (source_game_id)
        WHERE source_game_id IS NOT NULL`.execute(db);

      await sql`CREATE TABLE puzzle_attempts (
        user_id text NOT NULL,
        puzzle_id text NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
        lexicon text NOT NULL,
        -- Order in which the user opened puzzles (for "previous puzzle").
        seq bigserial,
        status text NOT NULL DEFAULT 'UNANSWERED',
        attempts integer NOT NULL DEFAULT 0,
        first_attempt_correct boolean,
        first_attempt_at timestamptz,
        user_rating_after real,
        user_deviation_after real,
        puzzle_rating_after real,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        PRIMARY KEY (user_id, puzzle_id)
      )`.execute(db);
      // Covers "previous puzzle" (by seq) and the user's seen set (puzzle_id) without the heap.
      await sql`CREATE INDEX puzzle_attempts_user_seq ON puzzle_attempts (user_id, lexicon, seq)
        INCLUDE (puzzle_id)`.execute(db);

      await sql`CREATE TABLE puzzle_votes (
        user_id text NOT NULL,
        puzzle_id text NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
        vote smallint NOT NULL,
        PRIMARY KEY (user_id, puzzle_id)
      )`.execute(db);

      await sql`CREATE TABLE puzzle_ratings (
        user_id text NOT NULL,
        lexicon text NOT NULL,
        rating real NOT NULL,
        deviation real NOT NULL,
        volatility real NOT NULL,
        rated_count integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lexicon)
      )`.execute(db);

      await sql`CREATE TABLE puzzle_jobs (
        id text PRIMARY KEY,
        request jsonb NOT NULL,
        seed bigint NOT NULL,
        chunks integer NOT NULL DEFAULT 0,
        games_considered integer NOT NULL DEFAULT 0,
        puzzles_created integer NOT NULL DEFAULT 0,
        bucket_counts jsonb NOT NULL DEFAULT '[]',
        -- Stored games: where the next chunk starts (ISO date).
        cursor_date timestamptz,
        cursor_id text NOT NULL DEFAULT '',
        -- A process running a chunk holds the job until then (another waits).
        running_until timestamptz,
        fulfilled boolean NOT NULL DEFAULT false,
        error_status text,
        requested_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`.execute(db);
      await sql`CREATE INDEX puzzle_jobs_created ON puzzle_jobs (created_at DESC, id)`.execute(db);
    },
  },
  {
    // Parallel first votes of one user each added to vote_total (issue 37):
    // totals stored before the fix are set again from the votes themselves.
    name: '0002_vote_totals_from_votes',
    async up(db) {
      await sql`UPDATE puzzles p SET vote_total = coalesce(
        (SELECT sum(v.vote) FROM puzzle_votes v WHERE v.puzzle_id = p.id), 0)`.execute(db);
    },
  },
];

export interface PuzzleRow {
  id: string;
  lexicon: string;
  letter_distribution: string;
  board_layout: string;
  variant: string;
  cgp: string;
  rack: string;
  position: unknown;
  turn_number: number;
  answer: StoredAnswer;
  equivalents: string[];
  tags: string[];
  static_margin: number | null;
  sim_margin: number | null;
  source_game_id: string | null;
  generator_job_id: string | null;
  game_seed: string | number | null;
  rating: number;
  deviation: number;
  volatility: number;
  vote_total?: number;
  created_at?: Date;
}

/** The answer as stored: the finder's PuzzleAnswer without the binary placement. */
export interface StoredAnswer {
  text: string;
  row: number;
  col: number;
  vertical: boolean;
  playedTiles: string;
  score: number;
  equity: number;
  isBingo: boolean;
  words: string[];
  tilesPlayed: number;
}

export interface AttemptRow {
  user_id: string;
  puzzle_id: string;
  lexicon: string;
  seq?: string | number;
  status: string;
  attempts: number;
  first_attempt_correct: boolean | null;
  first_attempt_at: Date | null;
  user_rating_after: number | null;
  user_deviation_after: number | null;
  puzzle_rating_after: number | null;
  first_seen_at?: Date;
  last_attempt_at: Date | null;
}

export interface JobRow {
  id: string;
  request: unknown;
  seed: string | number;
  chunks: number;
  games_considered: number;
  puzzles_created: number;
  bucket_counts: number[];
  cursor_date: Date | null;
  cursor_id: string;
  running_until?: Date | null;
  fulfilled: boolean;
  error_status: string | null;
  requested_by: string | null;
  created_at?: Date;
  completed_at: Date | null;
}

export type PuzzleTables = {
  puzzles: PuzzleRow;
  puzzle_attempts: AttemptRow;
  puzzle_votes: { user_id: string; puzzle_id: string; vote: number };
  puzzle_ratings: {
    user_id: string;
    lexicon: string;
    rating: number;
    deviation: number;
    volatility: number;
    rated_count: number;
    updated_at?: Date;
  };
  puzzle_jobs: JobRow;
};
