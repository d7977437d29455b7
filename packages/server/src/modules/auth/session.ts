import { refuse } from '@tessera/protocol';
import type { HandlerContext } from '@connectrpc/connect';
import { cookieFromHeader, readCookie, setCookie } from '../../http/context.ts';
import type { Account, Accounts } from './accounts.ts';
import { SESSION_TTL_SECONDS } from './accounts.ts';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from './device.ts';

export const SESSION_COOKIE = 'tessera_session';

/**
 * Who is calling: the session cookie, or an API key in the X-Api-Key header
 * for scripts. Other modules use `currentUser`/`requireUser` and never read
 * the auth tables themselves.
 */
export class SessionResolver {
  constructor(
    private readonly accounts: Accounts,
    private readonly secureCookies: boolean,
  ) {}

  async currentUser(ctx: HandlerContext): Promise<Account | undefined> {
    const apiKey = ctx.requestHeader.get('x-api-key');
    if (apiKey) return this.accounts.apiKeyAccount(apiKey);
    return this.accounts.sessionAccount(readCookie(ctx, SESSION_COOKIE));
  }

  /** The session cookie's account for a plain HTTP route (no API keys there). */
  async userOfCookieHeader(cookie: string | undefined): Promise<Account | undefined> {
    return this.accounts.sessionAccount(cookieFromHeader(cookie, SESSION_COOKIE));
  }

  async requireUser(ctx: HandlerContext): Promise<Account> {
    const user = await this.currentUser(ctx);
    if (!user) throw refuse('NOT_LOGGED_IN');
    return user;
  }

  setSession(ctx: HandlerContext, session: string): void {
    setCookie(ctx, SESSION_COOKIE, session, {
      maxAgeSeconds: SESSION_TTL_SECONDS,
      secure: this.secureCookies,
    });
  }

  /** The signed device cookie (decision 0118): kept through sign-outs, for a year. */
  setDevice(ctx: HandlerContext, device: string): void {
    setCookie(ctx, DEVICE_COOKIE, device, {
      maxAgeSeconds: DEVICE_TTL_SECONDS,
      secure: this.secureCookies,
    });
  }

  clearSession(ctx: HandlerContext): void {
    setCookie(ctx, SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: this.secureCookies });
  }

  sessionId(ctx: HandlerContext): string | undefined {
    return readCookie(ctx, SESSION_COOKIE);
  }
}
