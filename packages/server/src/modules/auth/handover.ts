import type { ConnectRouter } from '@connectrpc/connect';
import { refuse, SignedCookieService } from '@tessera/protocol';
import { sha256, type Accounts } from './accounts.ts';
import type { SessionResolver } from './session.ts';
import { readToken, signToken } from './signed-token.ts';

/**
 * The signed-cookie handover (docs/product/community.md §4.6, decision 0129).
 * `getSignedCookie` gives a signed-in caller a JWT (HS256) naming their
 * account and, by hash, the session it came from, valid for two minutes;
 * `installSignedCookie` checks the signature, the expiry and that the
 * session is still open, and opens a new session of that account on this
 * address. The token is signed with a key of its own derived from the
 * server's secret, so a socket token is never accepted as one.
 */
export const HANDOVER_TTL_SECONDS = 120;

export interface HandoverClaims {
  /** user id */
  uid: string;
  /** sha256 of the session the token was made from */
  sid: string;
  /** what the token is for: always 'handover' */
  aud: 'handover';
  /** expiry, seconds since the epoch */
  exp: number;
}

/** The handover's own key, so that a socket token is never accepted as one. */
const handoverKey = (secret: string) => `${secret}:handover`;

export function issueHandoverToken(
  userId: string,
  session: string,
  secret: string,
  now = Date.now(),
): string {
  const claims: HandoverClaims = {
    uid: userId,
    sid: sha256(session),
    aud: 'handover',
    exp: Math.floor(now / 1000) + HANDOVER_TTL_SECONDS,
  };
  return signToken(claims, handoverKey(secret));
}

export function verifyHandoverToken(
  token: string,
  secret: string,
  now = Date.now(),
): HandoverClaims | undefined {
  const c = readToken(token, handoverKey(secret), now);
  if (!c || c.aud !== 'handover' || typeof c.uid !== 'string' || typeof c.sid !== 'string') {
    return undefined;
  }
  return c as unknown as HandoverClaims;
}

export function handoverRoutes(
  router: ConnectRouter,
  d: { accounts: Accounts; sessions: SessionResolver; secretKey: string },
): void {
  router.service(SignedCookieService, {
    async getSignedCookie(_req, ctx) {
      const session = d.sessions.sessionId(ctx);
      const user = session ? await d.accounts.sessionAccount(session) : undefined;
      // The spec's raw words, which the old address's page recognises (§4.6).
      if (!session || !user) throw refuse('AUTHENTICATION_NEEDED');
      return { jwt: issueHandoverToken(user.id, session, d.secretKey) };
    },

    async installSignedCookie(req, ctx) {
      const claims = verifyHandoverToken(req.jwt, d.secretKey);
      const user = claims && (await d.accounts.sessionHashAccount(claims.sid));
      if (!claims || !user || user.id !== claims.uid) throw refuse('SIGNED_COOKIE_INVALID');
      d.sessions.setSession(ctx, await d.accounts.openSession(user.id));
      return { username: user.username };
    },
  });
}
