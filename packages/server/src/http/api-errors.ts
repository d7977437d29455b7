import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { codeFromString } from '@connectrpc/connect/protocol-connect';
import { Refusal, refuse } from '@tessera/protocol';
import type { FastifyRequest } from 'fastify';
import { kRequest } from './context.ts';

/**
 * The HTTP edge of a refusal: a handler's Refusal goes out as a ConnectError
 * with its key's Connect code and the catalogue's "<code>;<params>". Any
 * other exception is logged and answered INTERNAL, so every failure of a
 * handler leaves here in the catalogue form. What happened is noted against
 * the request (`handlerOutcome`), so the route can tell a handler's failures
 * from those Connect made before any handler ran.
 */
export const refusalsToConnect: Interceptor = (next) => async (req) => {
  const http = req.contextValues.get(kRequest);
  if (http) outcomes.set(http, null);
  try {
    return await next(req);
  } catch (err) {
    const answer = err instanceof Refusal ? connectError(err) : internal(err, http);
    if (http) outcomes.set(http, answer);
    throw answer;
  }
};

const outcomes = new WeakMap<FastifyRequest, ConnectError | null>();

/**
 * undefined: no handler ran for this request; null: one ran and did not
 * fail; otherwise the failure it answered with.
 */
export function handlerOutcome(req: FastifyRequest): ConnectError | null | undefined {
  return outcomes.get(req);
}

function internal(err: unknown, http: FastifyRequest | undefined): ConnectError {
  http?.log.error({ err }, 'internal error');
  return connectError(refuse('INTERNAL'));
}

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
