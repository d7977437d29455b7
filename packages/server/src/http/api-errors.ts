import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { codeFromString } from '@connectrpc/connect/protocol-connect';
import { Refusal, refuse } from '@tessera/protocol';

/**
 * The HTTP edge of a refusal: a handler's Refusal goes out as a ConnectError
 * with its key's Connect code and the catalogue's "<code>;<params>".
 */
export const refusalsToConnect: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (err) {
    if (err instanceof Refusal) throw connectError(err);
    throw err;
  }
};

export function connectError(r: Refusal): ConnectError {
  return new ConnectError(r.message, codeFromString(r.connect) ?? Code.Unknown);
}

/** Text fields may not hold NUL (inside refusalsToConnect): PostgreSQL cannot store it and no form can type it. */
export const refuseControlCharacters: Interceptor = (next) => async (req) => {
  if (!req.stream && hasNul(req.message)) {
    throw refuse('INVALID_REQUEST', 'text must not contain NUL characters');
  }
  return next(req);
};

/** Does any text in a decoded message hold a NUL character? */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 16 || value === null || typeof value !== 'object') return false;
  if (value instanceof Uint8Array) return false;
  for (const v of Object.values(value)) if (hasNul(v, depth + 1)) return true;
  return false;
}
