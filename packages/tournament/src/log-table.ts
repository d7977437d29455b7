import type { LogBody, LogBodyOf, LogKind } from './state.ts';

/**
 * One handler per kind of log entry, each given the body of its own kind.
 * Whatever reads the log (the fold, the server's broadcast, the web's log
 * view) is such a table, so a new kind that one of them does not handle is a
 * compile error there, not an entry silently ignored (decision 0111).
 */
export type LogTable<R, Args extends unknown[] = []> = {
  [K in LogKind]: (body: LogBodyOf<K>, ...args: Args) => R;
};

/** Calls the table's handler for the body's kind. */
export function byKind<R, Args extends unknown[]>(
  table: LogTable<R, Args>,
  body: LogBody,
  ...args: Args
): R {
  // TypeScript cannot tie the handler picked by `body.kind` to that body's
  // type; the mapped type above is what guarantees the pairing.
  const handler = table[body.kind] as (b: LogBody, ...a: Args) => R;
  return handler(body, ...args);
}
