import { sql, type Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';
import { type Glicko, initialGlicko, isEstablished, updateGlicko } from './glicko2.ts';

/** Ratings per user and rating key (lexicon.variant.timeclass), Glicko-2. */
export const ratingMigrations: Migration[] = [
  {
    name: '0001_ratings',
    async up(db) {
      await sql`CREATE TABLE ratings (
        user_id text NOT NULL,
        rating_key text NOT NULL,
        rating double precision NOT NULL,
        deviation double precision NOT NULL,
        volatility double precision NOT NULL,
        games integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, rating_key)
      )`.execute(db);
    },
  },
  {
    // What each rated game did to its players' ratings: the end-of-game
    // message reads it after the commit, and profiles can chart it.
    name: '0002_rating_changes',
    async up(db) {
      await sql`CREATE TABLE rating_changes (
        game_id text NOT NULL,
        user_id text NOT NULL,
        rating_key text NOT NULL,
        before double precision NOT NULL,
        after double precision NOT NULL,
        deviation double precision NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, user_id)
      )`.execute(db);
      await sql`CREATE INDEX rating_changes_user ON rating_changes(user_id, created_at)`.execute(
        db,
      );
    },
  },
];

type RatingTables = {
  ratings: {
    user_id: string;
    rating_key: string;
    rating: number;
    deviation: number;
    volatility: number;
    games: number;
    updated_at?: Date;
  };
  rating_changes: {
    game_id: string;
    user_id: string;
    rating_key: string;
    before: number;
    after: number;
    deviation: number;
    created_at?: Date;
  };
};

export interface RatingChange {
  userId: string;
  before: number;
  after: number;
  deviation: number;
}

/** A user's rating after one rated game. */
export interface RatingPoint {
  gameId: string;
  ratingKey: string;
  rating: number;
  deviation: number;
  /** Unix milliseconds. */
  at: number;
}

export interface UserRating extends Glicko {
  games: number;
  established: boolean;
}

export class Ratings {
  private readonly db: Kysely<RatingTables>;

  constructor(db: Db) {
    this.db = db.withTables<RatingTables>();
  }

  /** Drops every rating of the user: the next game starts from the initial rating. */
  async reset(userId: string): Promise<void> {
    await this.db.deleteFrom('ratings').where('user_id', '=', userId).execute();
  }

  async get(userId: string, key: string, q: Kysely<RatingTables> = this.db): Promise<UserRating> {
    const row = await q
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('rating_key', '=', key)
      .executeTakeFirst();
    const g = row ?? { ...initialGlicko(), games: 0 };
    return {
      rating: g.rating,
      deviation: g.deviation,
      volatility: g.volatility,
      games: g.games,
      established: isEstablished(g),
    };
  }

  /** Ratings for many (user, key) pairs in one query, in the order asked. */
  async getMany(wanted: { userId: string; key: string }[]): Promise<UserRating[]> {
    if (wanted.length === 0) return [];
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', 'in', [...new Set(wanted.map((w) => w.userId))])
      .where('rating_key', 'in', [...new Set(wanted.map((w) => w.key))])
      .execute();
    const found = new Map(rows.map((r) => [`${r.user_id}\u0000${r.rating_key}`, r]));
    return wanted.map((w) => {
      const g = found.get(`${w.userId}\u0000${w.key}`) ?? { ...initialGlicko(), games: 0 };
      return {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
        games: g.games,
        established: isEstablished(g),
      };
    });
  }

  async allFor(userId: string): Promise<Record<string, UserRating>> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(
      rows.map((r) => [r.rating_key, { ...r, established: isEstablished(r) }]),
    );
  }

  /**
   * Rates one game between two users: each is updated against the other's
   * rating from before the game. `score0` is 1, 0.5 or 0 for player 0.
   * Runs inside the transaction that ends the game.
   */
  async rateGame(
    tx: Db,
    gameId: string,
    key: string,
    userIds: [string, string],
    score0: number,
  ): Promise<[RatingChange, RatingChange]> {
    const q = tx.withTables<RatingTables>();
    const before = [await this.get(userIds[0], key, q), await this.get(userIds[1], key, q)];
    const after = [
      updateGlicko(before[0], [{ opponent: before[1], score: score0 }]),
      updateGlicko(before[1], [{ opponent: before[0], score: 1 - score0 }]),
    ];
    for (const i of [0, 1]) {
      await q
        .insertInto('ratings')
        .values({ user_id: userIds[i], rating_key: key, ...after[i], games: before[i].games + 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'rating_key']).doUpdateSet({
            rating: after[i].rating,
            deviation: after[i].deviation,
            volatility: after[i].volatility,
            games: before[i].games + 1,
            updated_at: new Date(),
          }),
        )
        .execute();
    }
    const changes = [0, 1].map((i) => ({
      userId: userIds[i],
      before: before[i].rating,
      after: after[i].rating,
      deviation: after[i].deviation,
    })) as [RatingChange, RatingChange];
    await q
      .insertInto('rating_changes')
      .values(
        changes.map((c) => ({
          game_id: gameId,
          user_id: c.userId,
          rating_key: key,
          before: c.before,
          after: c.after,
          deviation: c.deviation,
        })),
      )
      .execute();
    return changes;
  }

  async updatedAt(userId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('ratings')
      .select(['rating_key', 'updated_at'])
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(
      rows.map((r) => [r.rating_key, r.updated_at ? new Date(r.updated_at).getTime() : 0]),
    );
  }

  /** A user's rating after each rated game (one key, or all when `key` is empty), oldest first, paged. */
  async history(
    userId: string,
    key: string,
    limit: number,
    offset: number,
  ): Promise<{ points: RatingPoint[]; total: number }> {
    let q = this.db.selectFrom('rating_changes').where('user_id', '=', userId);
    if (key) q = q.where('rating_key', '=', key);
    const [rows, count] = await Promise.all([
      q
        .select(['game_id', 'rating_key', 'after', 'deviation', 'created_at'])
        .orderBy('created_at')
        .orderBy('game_id')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      points: rows.map((r) => ({
        gameId: r.game_id,
        ratingKey: r.rating_key,
        rating: r.after,
        deviation: r.deviation,
        at: r.created_at ? new Date(r.created_at).getTime() : 0,
      })),
      total: Number(count?.n ?? 0),
    };
  }

  /** The changes a game's end made to its players' ratings (none for an unrated game). */
  async changesFor(gameId: string): Promise<RatingChange[]> {
    const rows = await this.db
      .selectFrom('rating_changes')
      .select(['user_id', 'before', 'after', 'deviation'])
      .where('game_id', '=', gameId)
      .execute();
    return rows.map((r) => ({
      userId: r.user_id,
      before: r.before,
      after: r.after,
      deviation: r.deviation,
    }));
  }
}
