import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { GameEvent } from '@tessera/engine';
import type { GameRow, GameTables } from './migrations.ts';

/** A user holds one of the two seats. */
const seated = (userId: string) => (eb: ExpressionBuilder<GameTables, 'games'>) =>
  eb.or([eb('player0_id', '=', userId), eb('player1_id', '=', userId)]);

/**
 * The reads other modules and pages make of the games table: lists and
 * counts by state, never a game's moves (those go through Games).
 */
export class GameLists {
  constructor(private readonly db: Kysely<GameTables>) {}

  private inProgress() {
    return this.db.selectFrom('games').selectAll().where('ended_at', 'is', null);
  }

  /** Games in progress that have a deadline (for scheduling them after an upgrade). */
  withDeadlines(): Promise<GameRow[]> {
    return this.inProgress().where('flag_at', 'is not', null).execute();
  }

  /** Real-time games in progress, most recently active first. */
  liveGames(limit: number): Promise<GameRow[]> {
    return this.inProgress()
      .where('correspondence', '=', false)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** A tournament's or club's finished games, latest first. */
  tournamentGames(tournamentId: string, limit: number, offset: number): Promise<GameRow[]> {
    return this.db
      .selectFrom('games')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .where('ended_at', 'is not', null)
      .orderBy('ended_at', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A user's correspondence games in progress. */
  correspondenceGamesOf(userId: string): Promise<GameRow[]> {
    return this.inProgress().where('correspondence', '=', true).where(seated(userId)).execute();
  }

  /** Is the user seated in a real-time game that has not ended? */
  async inRealTimeGame(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('games')
      .select('id')
      .where('ended_at', 'is', null)
      .where('correspondence', '=', false)
      .where(seated(userId))
      .executeTakeFirst();
    return !!row;
  }

  /** How many correspondence games are in progress. */
  /** Games not yet over, real-time and correspondence (the operators' metrics). */
  async inProgressCount(): Promise<number> {
    const row = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async correspondenceGameCount(): Promise<number> {
    const row = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ended_at', 'is', null)
      .where('correspondence', '=', true)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Games where a bot is on turn and nothing has happened since `before`. */
  stalledBotTurns(before: Date, limit: number): Promise<GameRow[]> {
    return this.inProgress()
      .where('bot_index', '>=', 0)
      .whereRef('bot_index', '=', 'player_on_turn')
      .where('updated_at', '<', before)
      .limit(limit)
      .execute();
  }

  /** Games of a lexicon that ended after (from, afterId) and before `to`, oldest first (puzzle generation). */
  endedBetween(
    from: { at: Date; afterId: string },
    to: Date,
    opts: { lexicon: string; withoutBots: boolean; limit: number },
  ): Promise<GameRow[]> {
    let q = this.db
      .selectFrom('games')
      .selectAll()
      .where(sql<boolean>`(ended_at, id) > (${from.at}, ${from.afterId})`)
      .where('ended_at', '<', to)
      .where(sql<boolean>`request->>'lexicon' = ${opts.lexicon}`)
      .where('end_reason', 'not in', ['CANCELLED', 'ABORTED']);
    if (opts.withoutBots) q = q.where('bot_index', '<', 0);
    return q.orderBy('ended_at').orderBy('id').limit(opts.limit).execute();
  }

  /** A user's finished games, newest first. */
  finishedGamesOf(userId: string, limit: number, offset: number): Promise<GameRow[]> {
    return this.db
      .selectFrom('games')
      .selectAll()
      .where('ended_at', 'is not', null)
      .where(seated(userId))
      .orderBy('ended_at', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many finished games a user has. */
  async finishedCountOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ended_at', 'is not', null)
      .where(seated(userId))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Finished games (cancelled and aborted ones left out) after (at, id) in
   * the order they ended, each with its event log: the statistics' rebuild.
   */
  async finishedHistory(
    after: { at: Date; id: string },
    limit: number,
  ): Promise<{ row: GameRow; events: GameEvent[] }[]> {
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('ended_at', 'is not', null)
      .where(sql<boolean>`(ended_at, id) > (${after.at}, ${after.id})`)
      .where('end_reason', 'not in', ['CANCELLED', 'ABORTED'])
      .orderBy('ended_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    // One row per game, its events as one JSON array: far fewer rows to read than one per event.
    const logs = await this.db
      .selectFrom('game_events')
      .select(['game_id', sql<GameEvent[]>`jsonb_agg(event ORDER BY idx)`.as('events')])
      .where(
        'game_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('game_id')
      .execute();
    const byGame = new Map(logs.map((l) => [l.game_id, l.events]));
    return rows.map((row) => ({ row, events: byGame.get(row.id) ?? [] }));
  }

  /** Finished games of a rematch series, oldest first (cancelled and aborted ones left out). */
  rematchSeries(originalRequestId: string) {
    return this.db
      .selectFrom('games')
      .select(['id', 'winner', 'player0_id', 'player1_id', 'end_reason'])
      .where('original_request_id', '=', originalRequestId)
      .where('ended_at', 'is not', null)
      .where('end_reason', 'not in', ['CANCELLED', 'ABORTED'])
      .orderBy('ended_at')
      .execute();
  }
}
