import type { ServerModule } from '../module.ts';
import type { Roles } from '../roles/index.ts';
import type { Accounts } from './accounts.ts';
import { authRoutes } from './service.ts';
import type { SessionResolver } from './session.ts';

export { Accounts, type Account } from './accounts.ts';
export { authMigrations, type AuthTables } from './migrations.ts';
export { SessionResolver } from './session.ts';
export { verifySocketToken, type SocketClaims } from './socket-token.ts';

/** AuthenticationService and RegistrationService: accounts, sessions, socket tokens. */
export function createAuthModule(deps: {
  accounts: Accounts;
  sessions: SessionResolver;
  roles: Roles;
  secretKey: string;
  frontEndVersion: string;
}): ServerModule {
  return { name: 'auth', routes: (router) => authRoutes(router, deps) };
}
