import type { Transport } from '@connectrpc/connect';

/**
 * Wraps a transport to count the unary calls made through it, by method
 * name ("GetAPIKey"), and to fail the methods named in `failures` with the
 * given error instead of reaching the server.
 */
export function spyTransport(inner: Transport, failures: Record<string, Error> = {}) {
  const calls: string[] = [];
  const transport: Transport = {
    unary(method, ...rest) {
      calls.push(method.name);
      const failure = failures[method.name];
      return failure ? Promise.reject(failure) : inner.unary(method, ...rest);
    },
    stream: (...args) => inner.stream(...args),
  };
  return {
    transport,
    /** How many times `method` was called. */
    count: (method: string) => calls.filter((c) => c === method).length,
  };
}
