import { encodeSocketMessage, MessageType, ProfileUpdateSchema } from '@tessera/protocol';
import type { Events } from '../events.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import { type RatingChange, type RatingPoint, Ratings, type UserRating } from './ratings.ts';

export {
  ratingMigrations,
  type RatingChange,
  type RatingPoint,
  type UserRating,
} from './ratings.ts';
export {
  ESTABLISHED_DEVIATION,
  initialGlicko,
  updateGlicko,
  type Glicko,
  INITIAL_DEVIATION,
  INITIAL_VOLATILITY,
} from './glicko2.ts';

/** The rating module's face: Glicko-2 ratings per user and rating key. */
export interface RatingApi {
  /** A user's rating under one key (the starting rating when unrated). */
  get(userId: string, key: string): Promise<UserRating>;
  /** Ratings for many (user, key) pairs in one query, in the order asked. */
  getMany(wanted: { userId: string; key: string }[]): Promise<UserRating[]>;
  /** Every rating a user holds, by key. */
  allFor(userId: string): Promise<Record<string, UserRating>>;
  /** What a game's end did to its players' ratings (empty for an unrated game). */
  changesFor(gameId: string): Promise<RatingChange[]>;
  /** A user's rating after each rated game (one key, or all), oldest first, paged. */
  history(
    userId: string,
    key: string,
    limit: number,
    offset: number,
  ): Promise<{ points: RatingPoint[]; total: number }>;
  /** When each of a user's ratings last changed (unix ms), by key. */
  updatedAt(userId: string): Promise<Record<string, number>>;
  /** A user's ratings as the PROFILE_UPDATE socket message. */
  profileMessage(userId: string): Promise<Uint8Array>;
  /** A moderator's reset: every rating of the user back to the start (history kept); tells the user. */
  reset(userId: string): Promise<void>;
}

/**
 * Reacts to game.ended: inside the game's transaction it rates a rated game
 * between people (so a failed rating refuses the ending), and after the
 * commit it tells both players their new ratings.
 */
export function createRatingModule(deps: {
  db: Db;
  events: Events;
  gateway: Gateway;
}): ModuleParts<RatingApi> {
  const ratings = new Ratings(deps.db);
  const profile = async (userId: string) => {
    const all = await ratings.allFor(userId);
    return encodeSocketMessage(MessageType.PROFILE_UPDATE, ProfileUpdateSchema, {
      userId,
      ratings: Object.fromEntries(
        Object.entries(all).map(([k, r]) => [k, { rating: r.rating, deviation: r.deviation }]),
      ),
    });
  };

  deps.events.inTransaction('game.ended', 'rating', async ({ row, g }, tx) => {
    if (!row.rated || row.bot_index >= 0 || ['CANCELLED', 'ABORTED'].includes(g.endReason)) return;
    const score0 = g.winner === 0 ? 1 : g.winner === 1 ? 0 : 0.5;
    await ratings.rateGame(tx, row.id, row.rating_key, [row.player0_id, row.player1_id], score0);
  });
  deps.events.afterCommit('game.ended', 'rating', async ({ row }) => {
    for (const change of await ratings.changesFor(row.id)) {
      deps.gateway.toUser(change.userId, await profile(change.userId));
    }
  });

  const api: RatingApi = {
    get: (userId, key) => ratings.get(userId, key),
    getMany: (wanted) => ratings.getMany(wanted),
    allFor: (userId) => ratings.allFor(userId),
    changesFor: (gameId) => ratings.changesFor(gameId),
    history: (userId, key, limit, offset) => ratings.history(userId, key, limit, offset),
    updatedAt: (userId) => ratings.updatedAt(userId),
    profileMessage: profile,
    async reset(userId) {
      await ratings.reset(userId);
      deps.gateway.toUser(userId, await profile(userId));
    },
  };
  return { module: { name: 'rating' }, api };
}
