import { sql } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Roles and the permission strings behind them. The perms list travels in the
 * socket token; the browser unlocks moderation tools when a permission
 * contains "adm" or "mod" (docs/product/community.md §6), the server checks the
 * specific capability.
 */
export const ROLES = {
  Admin: [
    'adm',
    'can_moderate_users',
    'can_manage_roles',
    'can_manage_tournaments',
    'can_manage_announcements',
    'can_manage_badges',
    'can_manage_puzzles',
    'can_see_user_details',
    'can_play_special_bots',
  ],
  Moderator: ['mod', 'can_moderate_users', 'can_see_user_details'],
  'Tournament Manager': ['can_manage_tournaments'],
  'Special Access Player': ['can_play_special_bots'],
} as const satisfies Record<string, readonly string[]>;

export type RoleName = keyof typeof ROLES;
export type Permission = (typeof ROLES)[RoleName][number];

export function isRoleName(name: string): name is RoleName {
  return Object.hasOwn(ROLES, name);
}

export const roleMigrations: Migration[] = [
  {
    name: '0001_user_roles',
    async up(db) {
      await sql`CREATE TABLE user_roles (
        user_id text NOT NULL,
        role text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, role)
      )`.execute(db);
    },
  },
];

type RoleTables = {
  user_roles: { user_id: string; role: string; granted_at?: Date };
};

export interface Roles {
  rolesOf(userId: string): Promise<RoleName[]>;
  permsOf(userId: string): Promise<string[]>;
  /** False when the user already held it. */
  grant(userId: string, role: RoleName): Promise<boolean>;
  revoke(userId: string, role: RoleName): Promise<boolean>;
  holders(): Promise<{ userId: string; role: RoleName }[]>;
}

export function permsForRoles(roles: readonly RoleName[]): string[] {
  return [...new Set(roles.flatMap((r) => ROLES[r]))].sort();
}

export function createRoles(db: Db): Roles {
  const q = db.withTables<RoleTables>();
  const rolesOf = async (userId: string) =>
    (await q.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute())
      .map((r) => r.role)
      .filter(isRoleName);
  return {
    rolesOf,
    permsOf: async (userId) => permsForRoles(await rolesOf(userId)),
    async grant(userId, role) {
      const r = await q
        .insertInto('user_roles')
        .values({ user_id: userId, role })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async revoke(userId, role) {
      const r = await q
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async holders() {
      const rows = await q.selectFrom('user_roles').select(['user_id', 'role']).execute();
      return rows
        .filter((r) => isRoleName(r.role))
        .map((r) => ({ userId: r.user_id, role: r.role as RoleName }));
    },
  };
}
