import { sql } from 'kysely';
import type { GameEvent, GameSetup } from '@tessera/engine';
import type { Migration } from '../../storage/migrate.ts';
import type { ClockState } from './clock.ts';

/**
 * A game is its setup (rules, seed, players) plus an append-only event log;
 * the state is always a replay of the two. The games row also keeps what the
 * lists need without a replay (players, scores, whose turn) and what the
 * deadline job needs (the moment the player on turn runs out of time).
 */
export const gameMigrations: Migration[] = [
  {
    name: '0001_games',
    async up(db) {
      await sql`CREATE TABLE games (
        id text PRIMARY KEY,
        setup jsonb NOT NULL,
        request jsonb NOT NULL,
        player0_id text NOT NULL,
        player1_id text NOT NULL,
        bot_index smallint NOT NULL DEFAULT -1,
        rated boolean NOT NULL,
        correspondence boolean NOT NULL,
        rating_key text NOT NULL,
        tournament_id text NOT NULL DEFAULT '',
        play_state text NOT NULL,
        end_reason text NOT NULL DEFAULT 'NONE',
        winner smallint NOT NULL DEFAULT -1,
        score0 integer NOT NULL DEFAULT 0,
        score1 integer NOT NULL DEFAULT 0,
        player_on_turn smallint NOT NULL DEFAULT 0,
        event_count integer NOT NULL DEFAULT 0,
        clock jsonb NOT NULL,
        flag_at timestamptz,
        meta_event jsonb,
        original_request_id text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`.execute(db);
      await sql`CREATE INDEX games_player0 ON games(player0_id, ended_at)`.execute(db);
      await sql`CREATE INDEX games_player1 ON games(player1_id, ended_at)`.execute(db);
      await sql`CREATE INDEX games_live ON games(flag_at) WHERE ended_at IS NULL`.execute(db);
      await sql`CREATE INDEX games_rematch ON games(original_request_id)`.execute(db);
      await sql`CREATE TABLE game_events (
        game_id text NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        idx integer NOT NULL,
        event jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, idx)
      )`.execute(db);
    },
  },
  {
    // Where a tournament game sits in its event: division, round and game index.
    name: '0002_tournament_placement',
    async up(db) {
      await sql`ALTER TABLE games
        ADD COLUMN division text NOT NULL DEFAULT '',
        ADD COLUMN round integer NOT NULL DEFAULT -1,
        ADD COLUMN game_index integer NOT NULL DEFAULT 0`.execute(db);
    },
  },
  {
    // Puzzle generation reads finished games by the time they ended (endedBetween).
    name: '0003_ended_at_index',
    async up(db) {
      await sql`CREATE INDEX games_ended ON games(ended_at, id) WHERE ended_at IS NOT NULL`.execute(
        db,
      );
    },
  },
];

export interface GameRow {
  id: string;
  setup: GameSetup;
  request: StoredRequest;
  player0_id: string;
  player1_id: string;
  bot_index: number;
  rated: boolean;
  correspondence: boolean;
  rating_key: string;
  tournament_id: string;
  /** Tournament division, round (from 0; -1 outside tournaments) and game index in the round. */
  division: string;
  round: number;
  game_index: number;
  play_state: string;
  end_reason: string;
  winner: number;
  score0: number;
  score1: number;
  player_on_turn: number;
  event_count: number;
  clock: ClockState;
  flag_at: Date | null;
  meta_event: MetaEventState | null;
  original_request_id: string;
  created_at?: Date;
  updated_at?: Date;
  ended_at: Date | null;
}

export type GameTables = {
  games: GameRow;
  game_events: { game_id: string; idx: number; event: GameEvent; created_at?: Date };
};

/** The game request as stored (the JSON form of tessera.v1.GameRequest). */
export interface StoredRequest {
  lexicon: string;
  variant: string;
  challengeRule: string;
  initialTimeSeconds: number;
  incrementSeconds: number;
  maxOvertimeMinutes: number;
  correspondence: boolean;
  rated: boolean;
  botType: string;
  requestId: string;
  originalRequestId: string;
  timeBankMinutes: number;
}

/** An open cancel or nudge request. */
export interface MetaEventState {
  id: string;
  type: 'REQUEST_ABORT' | 'REQUEST_ADJUDICATION';
  playerIndex: number;
  createdAt: number;
  expiresAt: number;
}
