import type { GameEvent } from '@tessera/engine';
import { GameMetaEvent_Type } from '@tessera/protocol';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../storage/database.ts';
import type { Applied, Events } from '../events.ts';
import type { GameRow } from '../game/index.ts';
import type { ModTables } from './migrations.ts';
import {
  classify,
  nextScore,
  type NotoriousType,
  type NotorietyRules,
  suspensionDays,
} from './notoriety-rules.ts';

/** The games a report lists (the latest first). */
const REPORT_GAMES = 50;

export interface NotorietyReport {
  score: number;
  games: { gameId: string; type: NotoriousType; createdAt: Date }[];
}

/**
 * Automatic notoriety (decision 0132): every finished game between two
 * people outside tournaments is classified for each player after its
 * commit; bad games add points, clean ones forgive, and a score above the
 * threshold suspends rated games for (score − threshold) days.
 */
export class Notoriety {
  private readonly db: Kysely<ModTables>;

  constructor(
    db: Db,
    private readonly rules: NotorietyRules,
    private readonly log: Logger,
    /** Suspends the user's rated games for `days` (the moderation module's system action). */
    private readonly suspend: (userId: string, days: number, note: string) => Promise<void>,
    /**
     * Each seat's unchallenged phonies in a finished game: the stats
     * module's engine statistics, with the game's lexicon.
     */
    private readonly unchallengedPhonies: (
      row: GameRow,
      events: readonly GameEvent[],
    ) => readonly [number, number],
  ) {
    this.db = db.withTables<ModTables>();
  }

  /** Subscribes to the game's events. */
  listen(events: Events): void {
    events.afterCommit('game.changed', 'moderation', async ({ row, meta }) => {
      if (meta?.type !== GameMetaEvent_Type.ADJUDICATION_DENIED) return;
      const userId = meta.playerIndex === 0 ? row.player0_id : row.player1_id;
      await this.db
        .insertInto('denied_nudges')
        .values({ game_id: row.id, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    events.afterCommit('game.ended', 'moderation', (e) => this.gameEnded(e));
  }

  /** Classifies a finished game for both players (human against human, not in a tournament). */
  async gameEnded({ row, g }: Pick<Applied, 'row' | 'g'>): Promise<void> {
    const denied = await this.db
      .deleteFrom('denied_nudges')
      .where('game_id', '=', row.id)
      .returning('user_id')
      .execute();
    if (row.bot_index >= 0 || row.tournament_id) return;
    if (['CANCELLED', 'ABORTED'].includes(g.endReason)) return;
    const players = [row.player0_id, row.player1_id];
    const unchallengedPhonies = this.unchallengedPhonies(row, g.events);
    for (const [seat, userId] of players.entries()) {
      const type = classify(
        {
          events: g.events,
          endReason: g.endReason,
          scores: g.scores,
          rated: row.rated,
          initialSeconds: row.request.initialTimeSeconds,
          unchallengedPhonies,
        },
        seat,
        denied.some((d) => d.user_id === userId),
        this.rules,
      );
      await this.record(userId, row.id, type);
    }
  }

  private async record(userId: string, gameId: string, type: NotoriousType): Promise<void> {
    const inserted = await this.db
      .insertInto('notorious_games')
      .values({ user_id: userId, game_id: gameId, type })
      .onConflict((oc) => oc.doNothing())
      .returning('game_id')
      .executeTakeFirst();
    if (!inserted) return; // Counted already.
    const before = await this.score(userId);
    const score = nextScore(before, type, this.rules);
    await this.db
      .insertInto('notoriety')
      .values({ user_id: userId, score, updated_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ score, updated_at: new Date() }))
      .execute();
    const days = suspensionDays(score, this.rules);
    if (type !== 'GOOD' && days > 0) {
      this.log.info({ user: userId, game: gameId, type, score, days }, 'notoriety suspension');
      await this.suspend(
        userId,
        days,
        `automatic: notoriety ${score} after a game classified ${type} (${gameId})`,
      );
    }
  }

  async score(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notoriety')
      .select('score')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.score ?? 0;
  }

  /** The score and the bad games behind it, latest first. */
  async report(userId: string): Promise<NotorietyReport> {
    const games = await this.db
      .selectFrom('notorious_games')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '!=', 'GOOD')
      .orderBy('created_at', 'desc')
      .limit(REPORT_GAMES)
      .execute();
    return {
      score: await this.score(userId),
      games: games.map((g) => ({
        gameId: g.game_id,
        type: g.type as NotoriousType,
        createdAt: new Date(g.created_at!),
      })),
    };
  }

  /** A moderator's reset: score 0 and the listed games forgotten (an active suspension stays). */
  async reset(userId: string): Promise<void> {
    await this.db.deleteFrom('notorious_games').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('notoriety').where('user_id', '=', userId).execute();
  }
}
