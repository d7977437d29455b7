import { sql, type Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Membership tiers and what they allow (docs/product/gameplay.md §6 "Bot access"):
 * the top bot is open to members whose tier has games left this month and
 * whose membership account is linked. Tiers are set by an operator
 * (`tessera admin membership`); the membership platform itself is outside
 * Tessera.
 */
export const TIER_ALLOWANCES = {
  Chihuahua: 4,
  Dalmatian: 50,
  'Golden Retriever': 500,
} as const;
export type Tier = keyof typeof TIER_ALLOWANCES;

export function isTier(name: string): name is Tier {
  return Object.hasOwn(TIER_ALLOWANCES, name);
}

export const membershipMigrations: Migration[] = [
  {
    name: '0001_memberships',
    async up(db) {
      await sql`CREATE TABLE memberships (
        user_id text PRIMARY KEY,
        tier text NOT NULL,
        linked_account text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      // Games against the gated bot, per user and calendar month (UTC, "2026-11").
      await sql`CREATE TABLE gated_bot_games (
        user_id text NOT NULL,
        month text NOT NULL,
        games integer NOT NULL,
        PRIMARY KEY (user_id, month)
      )`.execute(db);
    },
  },
];

type MembershipTables = {
  memberships: {
    user_id: string;
    tier: string;
    linked_account: string | null;
    updated_at?: Date;
  };
  gated_bot_games: { user_id: string; month: string; games: number };
};

export interface Membership {
  tier: Tier;
  /** The account on the membership platform; a tier counts only once it is linked. */
  linkedAccount: string | null;
}

/** Whether a member may start a game against the gated bot now. */
export type GatedGame =
  | { allowed: true }
  | { allowed: false; reason: 'not-member' }
  | { allowed: false; reason: 'quota'; used: number; nextDate: Date };

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

export class Memberships {
  private readonly db: Kysely<MembershipTables>;

  constructor(db: Db) {
    this.db = db.withTables<MembershipTables>();
  }

  async get(userId: string): Promise<Membership | undefined> {
    const row = await this.db
      .selectFrom('memberships')
      .select(['tier', 'linked_account'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row || !isTier(row.tier)) return undefined;
    return { tier: row.tier, linkedAccount: row.linked_account };
  }

  /** Sets or (with `tier` null) ends a user's membership. */
  async set(userId: string, tier: Tier | null, linkedAccount: string | null = null): Promise<void> {
    if (tier === null) {
      await this.db.deleteFrom('memberships').where('user_id', '=', userId).execute();
      return;
    }
    await this.db
      .insertInto('memberships')
      .values({ user_id: userId, tier, linked_account: linkedAccount })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ tier, linked_account: linkedAccount, updated_at: sql`now()` }),
      )
      .execute();
  }

  /** Gated-bot games the user started in the month of `now`. */
  async used(userId: string, now = new Date()): Promise<number> {
    const row = await this.db
      .selectFrom('gated_bot_games')
      .select('games')
      .where('user_id', '=', userId)
      .where('month', '=', monthOf(now))
      .executeTakeFirst();
    return row?.games ?? 0;
  }

  /** Whether the user could take a gated-bot game now, without taking it (the bot form's hint). */
  async gatedGameOpen(userId: string, now = new Date()): Promise<GatedGame> {
    const member = await this.get(userId);
    if (!member || !member.linkedAccount) return { allowed: false, reason: 'not-member' };
    const allowance = TIER_ALLOWANCES[member.tier];
    if ((await this.used(userId, now)) < allowance) return { allowed: true };
    return { allowed: false, reason: 'quota', used: allowance, nextDate: nextMonth(now) };
  }

  /**
   * Takes one game of the member's monthly allowance, or says why not. The
   * count only rises while it is below the allowance (one statement, so two
   * requests at once cannot both take the last game).
   */
  async takeGatedGame(userId: string, now = new Date()): Promise<GatedGame> {
    const member = await this.get(userId);
    if (!member || !member.linkedAccount) return { allowed: false, reason: 'not-member' };
    const allowance = TIER_ALLOWANCES[member.tier];
    const month = monthOf(now);
    const taken = await sql<{ games: number }>`
      INSERT INTO gated_bot_games (user_id, month, games) VALUES (${userId}, ${month}, 1)
      ON CONFLICT (user_id, month) DO UPDATE SET games = gated_bot_games.games + 1
      WHERE gated_bot_games.games < ${allowance}
      RETURNING games`.execute(this.db);
    if (taken.rows.length > 0) return { allowed: true };
    return { allowed: false, reason: 'quota', used: allowance, nextDate: nextMonth(now) };
  }
}
