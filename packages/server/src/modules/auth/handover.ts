import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConnectRouter } from '@connectrpc/connect';
import { refuse, SignedCookieService } from '@tessera/protocol';
import { sha256, type Accounts } from './accounts.ts';
import type { SessionResolver } from './session.ts';

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

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, secret: string): string {
  return createHmac('sha256', `${secret}:handover`).update(data).digest('base64url');
}

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
  const body = b64(JSON.stringify(claims));
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

export function verifyHandoverToken(
  token: string,
  secret: string,
  now = Date.now(),
): HandoverClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const c = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as HandoverClaims;
    if (c.aud !== 'handover' || typeof c.uid !== 'string' || typeof c.sid !== 'string') {
      return undefined;
    }
    if (typeof c.exp !== 'number' || c.exp * 1000 < now) return undefined;
    return c;
  } catch {
    return undefined;
  }
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
