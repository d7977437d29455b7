import { readToken, signToken } from './signed-token.ts';

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

export function issueSocketToken(
  claims: Omit<SocketClaims, 'exp'>,
  secret: string,
  now = Date.now(),
): string {
  return signToken({ ...claims, exp: Math.floor(now / 1000) + SOCKET_TOKEN_TTL_SECONDS }, secret);
}

export function verifySocketToken(
  token: string,
  secret: string,
  now = Date.now(),
): SocketClaims | undefined {
  const c = readToken(token, secret, now) as Partial<SocketClaims> | undefined;
  if (!c || typeof c.uid !== 'string' || typeof c.unn !== 'string') return undefined;
  return { ...(c as SocketClaims), perms: Array.isArray(c.perms) ? c.perms : [] };
}
