import type { ServerModule } from '../module.ts';
import type { Access } from './access.ts';
import type { Accounts } from '../auth/index.ts';
import type { Roles } from './roles.ts';
import { roleRoutes } from './service.ts';

export { createAccess, type Access } from './access.ts';
export {
  createRoles,
  isRoleName,
  permsForRoles,
  roleMigrations,
  ROLES,
  type Permission,
  type RoleName,
  type Roles,
} from './roles.ts';

/** AuthorizationService: who holds which role; granting needs can_manage_roles. */
export function createRolesModule(deps: {
  roles: Roles;
  access: Access;
  accounts: Accounts;
}): ServerModule {
  return { name: 'roles', routes: (router) => roleRoutes(router, deps) };
}
