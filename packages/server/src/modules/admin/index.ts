import type { Accounts } from '../auth/index.ts';
import type { ModuleParts } from '../module.ts';
import type { Access } from '../roles/index.ts';
import { adminRoutes } from './service.ts';

export { EMAIL_SEARCH_LIMIT, EMAIL_SEARCH_MIN } from './service.ts';

/**
 * AdminService (docs/product/community.md §2.6, §7 "Admin"): the console's
 * "See User Details" search. It owns no table: it asks the auth module's
 * accounts, and the roles module's access check guards every call.
 */
export function createAdminModule(deps: {
  accounts: Pick<Accounts, 'adminDetails'>;
  access: Access;
}): ModuleParts {
  return {
    module: { name: 'admin', routes: (router) => adminRoutes(router, deps) },
    api: undefined,
  };
}
