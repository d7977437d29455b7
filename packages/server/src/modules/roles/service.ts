import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { AuthorizationService, refuse } from '@tessera/protocol';
import type { Accounts } from '../auth/index.ts';
import type { Access } from './access.ts';
import { isRoleName, ROLES, type Roles } from './roles.ts';

export const ROLE_TABLE_PAGE = 20;

export function roleRoutes(
  router: ConnectRouter,
  d: { roles: Roles; access: Access; accounts: Accounts },
): void {
  const requireManager = (ctx: HandlerContext) =>
    d.access.requirePermission(ctx, 'can_manage_roles');
  const target = async (username: string, roleName: string) => {
    if (!isRoleName(roleName)) throw refuse('ROLE_UNKNOWN', roleName);
    const user = await d.accounts.findByUsername(username);
    if (!user) throw refuse('USER_UNKNOWN');
    return { user, role: roleName };
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
    async getUsersWithRoles(req, ctx) {
      await requireManager(ctx);
      const holders = await d.roles.holders();
      const names = await d.accounts.usernames([...new Set(holders.map((h) => h.userId))]);
      const rows = holders
        .filter((h) => names.has(h.userId))
        .map((h) => ({ username: names.get(h.userId)!, roleName: h.role }))
        .sort(
          (a, b) => a.username.localeCompare(b.username) || a.roleName.localeCompare(b.roleName),
        );
      const limit = req.limit > 0 ? Math.min(req.limit, 100) : ROLE_TABLE_PAGE;
      const offset = Math.max(0, req.offset);
      return { userAndRoleObjs: rows.slice(offset, offset + limit), total: rows.length };
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
      await requireManager(ctx);
      const { user, role } = await target(req.username, req.roleName);
      await d.roles.grant(user.id, role);
      return {};
    },
    async removeRole(req, ctx) {
      await requireManager(ctx);
      const { user, role } = await target(req.username, req.roleName);
      await d.roles.revoke(user.id, role);
      return {};
    },
  });
}
