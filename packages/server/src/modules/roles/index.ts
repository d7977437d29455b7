import type { Db } from '../../storage/database.ts';
import type { AuthApi } from '../auth/index.ts';
import type { ModuleParts } from '../module.ts';
import { type Access, createAccess } from './access.ts';
import { type Badges, badgeMigrations, createBadges } from './badges.ts';
import { createRoles, roleMigrations as baseRoleMigrations, type Roles } from './roles.ts';
import { roleRoutes } from './service.ts';

export type { Access } from './access.ts';
export { BADGES, isBadgeCode, type BadgeCode, type Badges } from './badges.ts';
export {
  isRoleName,
  permsForRoles,
  ROLES,
  type Permission,
  type RoleName,
  type Roles,
} from './roles.ts';

/** The roles module's face: who holds which role, and the permission check of every service. */
export interface RolesApi {
  roles: Roles;
  /** Badges worn next to names (decision 0134: held here, beside the roles). */
  badges: Badges;
  access: Access;
}

/** The module's tables: roles, then badges. */
export const roleMigrations = [...baseRoleMigrations, ...badgeMigrations];

/**
 * AuthorizationService: who holds which role and badge; granting a role needs
 * can_manage_roles, a badge can_manage_badges.
 */
export function createRolesModule(deps: { db: Db; auth: AuthApi }): ModuleParts<RolesApi> {
  const roles = createRoles(deps.db);
  const badges = createBadges(deps.db);
  const access = createAccess(deps.auth.sessions, roles);
  const routes = { roles, badges, access, accounts: deps.auth.accounts };
  return {
    module: { name: 'roles', routes: (router) => roleRoutes(router, routes) },
    api: { roles, badges, access },
  };
}
