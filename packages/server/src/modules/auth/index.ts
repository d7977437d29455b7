import type { Config } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { Mailer } from '../mail/index.ts';
import type { ModuleParts } from '../module.ts';
import { Accounts } from './accounts.ts';
import { handoverRoutes } from './handover.ts';
import { authRoutes } from './service.ts';
import { SessionResolver } from './session.ts';

export { Accounts, type Account, type AccountDetails, type AdminUserDetails } from './accounts.ts';
export { authMigrations, type AuthTables } from './migrations.ts';
export { NAME_MAX, parseBirthDate, validateEmail } from './validation.ts';
export { SessionResolver } from './session.ts';
export { verifySocketToken, type SocketClaims } from './socket-token.ts';

/** The auth module's face: accounts, and the signed-in caller of a request. */
export interface AuthApi {
  accounts: Accounts;
  sessions: SessionResolver;
}

/** AuthenticationService and RegistrationService: accounts, sessions, socket tokens. */
export function createAuthModule(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'secretKey' | 'frontEndVersion'>;
  mailer: Mailer;
  /** The permissions a user holds (from the roles module), put in socket tokens. */
  permsOf(userId: string): Promise<string[]>;
}): ModuleParts<AuthApi> {
  const { config } = deps;
  const accounts = new Accounts(deps.db, {
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
  });
  const sessions = new SessionResolver(accounts, config.publicUrl.startsWith('https:'));
  const routes = {
    accounts,
    sessions,
    permsOf: deps.permsOf,
    secretKey: config.secretKey,
    frontEndVersion: config.frontEndVersion,
  };
  return {
    module: {
      name: 'auth',
      routes: (router) => {
        authRoutes(router, routes);
        handoverRoutes(router, routes);
      },
    },
    api: { accounts, sessions },
  };
}
