import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { errorMessage } from '@tessera/protocol';

/** Text fields may not hold NUL: PostgreSQL cannot store it and no form can type it. */
export const refuseControlCharacters: Interceptor = (next) => async (req) => {
  if (!req.stream && hasNul(req.message)) {
    throw new ConnectError(
      errorMessage('INVALID_REQUEST', 'text must not contain NUL characters'),
      Code.InvalidArgument,
    );
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
