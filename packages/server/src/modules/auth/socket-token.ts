import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived socket tokens: a compact JWT (HS256) signed with the server's
 * secret. The browser decodes the claims for its login state (username, user
 * id, connection id, perms); the socket gateway verifies the signature and
 * expiry before trusting them.
 */
export const SOCKET_TOKEN_TTL_SECONDS = 60;

export interface SocketClaims {
  /** username */
  unn: string;
  /** user id */
  uid: string;
  /** connection id */
  cid: string;
  perms: string[];
  /**
   * The user's credential generation when the token was issued (signed-in
   * tokens): the socket is refused once a password change, reset or closure
   * moved it on.
   */
  gen?: number;
  /** expiry, seconds since the epoch */
  exp: number;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function issueSocketToken(
  claims: Omit<SocketClaims, 'exp'>,
  secret: string,
  now = Date.now(),
): string {
  const body = b64(
    JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + SOCKET_TOKEN_TTL_SECONDS }),
  );
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

export function verifySocketToken(
  token: string,
  secret: string,
  now = Date.now(),
): SocketClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as SocketClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) return undefined;
    if (typeof claims.uid !== 'string' || typeof claims.unn !== 'string') return undefined;
    return { ...claims, perms: Array.isArray(claims.perms) ? claims.perms : [] };
  } catch {
    return undefined;
  }
}
