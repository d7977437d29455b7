import { sql } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * The badges a user may wear next to their name (docs/product/community.md
 * §2.6 badges tab, §3 "Badge"). The set is fixed in code, like the roles: each
 * code has its own image, /badges/<code>.svg in the web app's public folder,
 * drawn for this project. Decision 0134 says why the roles module holds them.
 */
export const BADGES = {
  supporter: 'Supporter: helps keep the site running with a donation',
  developer: 'Developer: contributed code to the site',
  translator: 'Translator: translated the site into another language',
  director: 'Director: has run tournaments on the site',
  champion: 'Champion: won a major tournament on the site',
  puzzler: 'Puzzle maker: contributed puzzles to the site',
} as const satisfies Record<string, string>;

export type BadgeCode = keyof typeof BADGES;

export function isBadgeCode(code: string): code is BadgeCode {
  return Object.hasOwn(BADGES, code);
}

export const badgeMigrations: Migration[] = [
  {
    name: '0002_user_badges',
    async up(db) {
      await sql`CREATE TABLE user_badges (
        user_id text NOT NULL,
        code text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, code)
      )`.execute(db);
      await sql`CREATE INDEX user_badges_code ON user_badges(code)`.execute(db);
    },
  },
];

type BadgeTables = {
  user_badges: { user_id: string; code: string; granted_at?: Date };
};

export interface Badges {
  /** Badge codes by user id, in the catalogue's order; users without badges are absent. */
  of(userIds: readonly string[]): Promise<Map<string, BadgeCode[]>>;
  /** Every user wearing at least one badge, with their codes. */
  all(): Promise<Map<string, BadgeCode[]>>;
  holdersOf(code: BadgeCode): Promise<string[]>;
  /** False when the user already had it. */
  grant(userId: string, code: BadgeCode): Promise<boolean>;
  /** False when the user did not have it. */
  revoke(userId: string, code: BadgeCode): Promise<boolean>;
}

const ORDER = Object.keys(BADGES);

function byUser(rows: { user_id: string; code: string }[]): Map<string, BadgeCode[]> {
  const out = new Map<string, BadgeCode[]>();
  for (const r of rows) {
    if (!isBadgeCode(r.code)) continue;
    const list = out.get(r.user_id) ?? [];
    list.push(r.code);
    out.set(r.user_id, list);
  }
  for (const list of out.values()) list.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return out;
}

export function createBadges(db: Db): Badges {
  const q = db.withTables<BadgeTables>();
  return {
    async of(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = await q
        .selectFrom('user_badges')
        .select(['user_id', 'code'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return byUser(rows);
    },
    async all() {
      return byUser(await q.selectFrom('user_badges').select(['user_id', 'code']).execute());
    },
    async holdersOf(code) {
      const rows = await q
        .selectFrom('user_badges')
        .select('user_id')
        .where('code', '=', code)
        .execute();
      return rows.map((r) => r.user_id);
    },
    async grant(userId, code) {
      const r = await q
        .insertInto('user_badges')
        .values({ user_id: userId, code })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async revoke(userId, code) {
      const r = await q
        .deleteFrom('user_badges')
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
