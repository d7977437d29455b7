import type { Db } from '../../storage/database.ts';
import type { AuthApi } from '../auth/index.ts';
import type { ModuleParts } from '../module.ts';
import { type Access, createAccess } from './access.ts';
import { createRoles, type Roles } from './roles.ts';
import { roleRoutes } from './service.ts';

export type { Access } from './access.ts';
export {
  isRoleName,
  permsForRoles,
  roleMigrations,
  ROLES,
  type Permission,
  type RoleName,
  type Roles,
} from './roles.ts';

/** The roles module's face: who holds which role, and the permission check of every service. */
export interface RolesApi {
  roles: Roles;
  access: Access;
}

/** AuthorizationService: who holds which role; granting needs can_manage_roles. */
export function createRolesModule(deps: { db: Db; auth: AuthApi }): ModuleParts<RolesApi> {
  const roles = createRoles(deps.db);
  const access = createAccess(deps.auth.sessions, roles);
  const routes = { roles, access, accounts: deps.auth.accounts };
  return {
    module: { name: 'roles', routes: (router) => roleRoutes(router, routes) },
    api: { roles, access },
  };
}
