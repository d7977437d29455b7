import { randomUUID } from 'node:crypto';
import type { ConnectRouter } from '@connectrpc/connect';
import { AuthenticationService, RegistrationService } from '@tessera/protocol';
import { clientIp, readCookie } from '../../http/context.ts';
import type { Accounts } from './accounts.ts';
import { DEVICE_COOKIE } from './device.ts';
import type { SessionResolver } from './session.ts';
import { issueSocketToken } from './socket-token.ts';

export interface AuthServiceDeps {
  accounts: Accounts;
  sessions: SessionResolver;
  /** The permissions a user holds (the roles module's), put in socket tokens. */
  permsOf(userId: string): Promise<string[]>;
  secretKey: string;
  frontEndVersion: string;
}

export function authRoutes(router: ConnectRouter, d: AuthServiceDeps): void {
  const { accounts, sessions } = d;

  router.service(RegistrationService, {
    async register(req, ctx) {
      const account = await accounts.register({
        username: req.username,
        password: req.password,
        email: req.email,
        birthDate: req.birthDate,
        firstName: req.firstName,
        lastName: req.lastName,
        countryCode: req.countryCode,
      });
      sessions.setSession(ctx, await accounts.openSession(account.id));
      return {};
    },
  });

  router.service(AuthenticationService, {
    async login(req, ctx) {
      const { session, device } = await accounts.login(
        req.username,
        req.password,
        clientIp(ctx),
        readCookie(ctx, DEVICE_COOKIE),
      );
      sessions.setSession(ctx, session);
      if (device) sessions.setDevice(ctx, device);
      return { message: 'Logged in', sessionId: session };
    },

    async logout(_req, ctx) {
      const session = sessions.sessionId(ctx);
      if (session) await accounts.closeSession(session);
      sessions.clearSession(ctx);
      return {};
    },

    async getSession(_req, ctx) {
      const user = await sessions.currentUser(ctx);
      if (!user) return { loggedIn: false };
      return {
        loggedIn: true,
        username: user.username,
        userId: user.id,
        perms: await d.permsOf(user.id),
        isChild: user.isChild === 2,
      };
    },

    // Visitors get a token too: it names an anonymous connection.
    async getSocketToken(_req, ctx) {
      const user = await sessions.currentUser(ctx);
      const cid = randomUUID();
      const token = issueSocketToken(
        {
          unn: user?.username ?? '',
          uid: user?.id ?? '',
          cid,
          perms: user ? await d.permsOf(user.id) : [],
          ...(user ? { gen: await accounts.credentialGeneration(user.id) } : {}),
        },
        d.secretKey,
      );
      return { token, cid, frontEndVersion: d.frontEndVersion };
    },

    async resetPasswordStep1(req, ctx) {
      await accounts.requestReset(req.email, clientIp(ctx));
      return {};
    },

    async resetPasswordStep2(req, ctx) {
      sessions.setDevice(ctx, await accounts.completeReset(req.resetCode, req.password));
      return {};
    },

    async changePassword(req, ctx) {
      const user = await sessions.requireUser(ctx);
      sessions.setSession(
        ctx,
        await accounts.changePassword(user.id, req.oldPassword, req.newPassword),
      );
      return {};
    },

    async notifyAccountClosure(req, ctx) {
      const user = await sessions.requireUser(ctx);
      await accounts.closeAccount(user.id, req.password);
      sessions.clearSession(ctx);
      return {};
    },

    async getAPIKey(req, ctx) {
      const user = await sessions.requireUser(ctx);
      return { key: await accounts.apiKey(user.id, req.reset) };
    },
  });
}
