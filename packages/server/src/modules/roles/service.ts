import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { AuthorizationService, refuse } from '@tessera/protocol';
import type { Accounts } from '../auth/index.ts';
import type { Access } from './access.ts';
import { BADGES, isBadgeCode, type Badges } from './badges.ts';
import { isRoleName, ROLES, type Roles } from './roles.ts';

/** Users per page of the console's users-with-roles table (docs/product/community.md §2.6). */
export const ROLE_TABLE_PAGE = 20;

export function roleRoutes(
  router: ConnectRouter,
  d: { roles: Roles; badges: Badges; access: Access; accounts: Accounts },
): void {
  const requireRoleManager = (ctx: HandlerContext) =>
    d.access.requirePermission(ctx, 'can_manage_roles');
  const requireBadgeManager = (ctx: HandlerContext) =>
    d.access.requirePermission(ctx, 'can_manage_badges');
  const userNamed = async (username: string) => {
    const user = await d.accounts.findByUsername(username);
    if (!user) throw refuse('USER_UNKNOWN');
    return user;
  };
  const roleTarget = async (username: string, roleName: string) => {
    if (!isRoleName(roleName)) throw refuse('ROLE_UNKNOWN', roleName);
    return { user: await userNamed(username), role: roleName };
  };
  const badgeTarget = async (username: string, code: string) => {
    if (!isBadgeCode(code)) throw refuse('BADGE_UNKNOWN', code);
    return { user: await userNamed(username), code };
  };

  router.service(AuthorizationService, {
    async getModList() {
      const holders = await d.roles.holders();
      return {
        adminUserIds: holders.filter((h) => h.role === 'Admin').map((h) => h.userId),
        modUserIds: holders.filter((h) => h.role === 'Moderator').map((h) => h.userId),
      };
    },
    async getSelfRoles(_req, ctx) {
      const user = await d.access.requireUser(ctx);
      return { roles: await d.roles.rolesOf(user.id) };
    },
    // One row per user and role, paged by user: a page holds every role of
    // its ROLE_TABLE_PAGE users, sorted by username; `total` counts users.
    async getUsersWithRoles(req, ctx) {
      await requireRoleManager(ctx);
      const holders = await d.roles.holders();
      const names = await d.accounts.usernames([...new Set(holders.map((h) => h.userId))]);
      const rows = holders
        .filter((h) => names.has(h.userId))
        .map((h) => ({ username: names.get(h.userId)!, roleName: h.role }))
        .sort(
          (a, b) =>
            a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }) ||
            a.username.localeCompare(b.username) ||
            a.roleName.localeCompare(b.roleName),
        );
      const users = [...new Set(rows.map((r) => r.username))];
      const limit = req.limit > 0 ? Math.min(req.limit, 100) : ROLE_TABLE_PAGE;
      const offset = Math.max(0, req.offset);
      const page = new Set(users.slice(offset, offset + limit));
      return { userAndRoleObjs: rows.filter((r) => page.has(r.username)), total: users.length };
    },
    async getRoleMetadata() {
      return {
        rolesWithPermissions: Object.entries(ROLES).map(([roleName, permissions]) => ({
          roleName,
          permissions: [...permissions],
        })),
      };
    },
    async addRole(req, ctx) {
      await requireRoleManager(ctx);
      const { user, role } = await roleTarget(req.username, req.roleName);
      if (!(await d.roles.grant(user.id, role)))
        throw refuse('ROLE_ALREADY_HELD', user.username, role);
      return {};
    },
    async removeRole(req, ctx) {
      const caller = await requireRoleManager(ctx);
      const { user, role } = await roleTarget(req.username, req.roleName);
      // An administrator demoting themselves could leave nobody to undo it.
      if (user.id === caller.id && role === 'Admin') throw refuse('ROLE_OWN_ADMIN');
      if (!(await d.roles.revoke(user.id, role)))
        throw refuse('ROLE_NOT_HELD', user.username, role);
      return {};
    },

    async getBadgesMetadata() {
      return { badges: { ...BADGES } };
    },
    async getBadgeHolders() {
      const all = await d.badges.all();
      const names = await d.accounts.usernames([...all.keys()]);
      return {
        holders: [...all]
          .filter(([id]) => names.has(id))
          .map(([userId, codes]) => ({ userId, username: names.get(userId)!, codes })),
      };
    },
    async getUsersForBadge(req, ctx) {
      await requireBadgeManager(ctx);
      if (!isBadgeCode(req.code)) throw refuse('BADGE_UNKNOWN', req.code);
      const names = await d.accounts.usernames(await d.badges.holdersOf(req.code));
      return { usernames: [...names.values()].sort((a, b) => a.localeCompare(b)) };
    },
    async addBadge(req, ctx) {
      await requireBadgeManager(ctx);
      const { user, code } = await badgeTarget(req.username, req.code);
      if (!(await d.badges.grant(user.id, code)))
        throw refuse('BADGE_ALREADY_HELD', user.username, code);
      return {};
    },
    async removeBadge(req, ctx) {
      await requireBadgeManager(ctx);
      const { user, code } = await badgeTarget(req.username, req.code);
      if (!(await d.badges.revoke(user.id, code)))
        throw refuse('BADGE_NOT_HELD', user.username, code);
      return {};
    },
  });
}
