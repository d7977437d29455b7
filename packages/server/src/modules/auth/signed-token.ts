import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact JWTs (HS256) signed with a server key: the socket token and the
 * signed-cookie handover both use them, each with a key of its own so that
 * one is never accepted as the other.
 */
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, key: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/** The token for these claims, signed with `key`. */
export function signToken(claims: object, key: string): string {
  const body = b64(JSON.stringify(claims));
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, key)}`;
}

/**
 * The claims of a token signed with `key` whose `exp` (seconds since the
 * epoch) has not passed; undefined for anything else. The caller checks the
 * claims' own shape.
 */
export function readToken(
  token: string,
  key: string,
  now: number,
): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, key));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const c = claims as Record<string, unknown>;
    if (typeof c.exp !== 'number' || c.exp * 1000 < now) return undefined;
    return c;
  } catch {
    return undefined;
  }
}
