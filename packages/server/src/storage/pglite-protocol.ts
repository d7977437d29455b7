/**
 * The messages between the main thread and the thread that owns PGlite when
 * PGLITE_WORKER is on (decision 0155; pglite-thread.ts, pglite-worker.ts).
 * Everything here crosses a structured clone: rows keep their Dates, numbers,
 * parsed JSON and byte arrays as PGlite's parsers made them in the thread.
 */

export const INT8_OID = 20;

/** The type parsers PGlite opens with on either thread: int8 as a number, as on pg (database.ts). */
export const PGLITE_PARSERS = { [INT8_OID]: (v: string) => Number(v) };

/** What the thread is given to open PGlite with. */
export interface PgliteThreadData {
  /** PGlite's data folder or 'memory://'. */
  dir: string;
}

export type PgliteRequest =
  /** `begin`: open a transaction first, in the same message (pglite-pool.ts). */
  | { id: number; op: 'query'; sql: string; params: unknown[]; begin?: true }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' };

/** What a statement answers: the fields the pool reads (pglite-pool.ts), without the column list. */
export interface PgliteResult<R = unknown> {
  rows: R[];
  /** 'INSERT', 'UPDATE', …: Kysely reports affected rows only for writes. */
  command?: string;
  rowCount?: number;
  affectedRows?: number;
}

/**
 * An error as it crossed: PGlite's errors carry Postgres' fields (`code`,
 * `detail`, `constraint`, …) as own properties, and also the query's options,
 * whose parsers are functions a clone refuses, so only plain values travel.
 */
export interface PgliteErrorData {
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

/** Id 0 answers the opening; the others answer the request with the same id. */
export type PgliteReply =
  | { id: number; result: PgliteResult }
  | { id: number; results: PgliteResult[] }
  | { id: number; done: true }
  | { id: number; error: PgliteErrorData };

export function errorData(e: unknown): PgliteErrorData {
  if (!(e instanceof Error)) return { message: String(e), fields: {} };
  const fields: PgliteErrorData['fields'] = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v))
      fields[k] = v as string | number | boolean | null;
  }
  // `name` is an own property on PGlite's errors, inherited on plain ones.
  if (!('name' in fields) && e.name !== 'Error') fields.name = e.name;
  return { message: e.message, stack: e.stack, fields };
}

export function errorFromData(d: PgliteErrorData): Error {
  const err = new Error(d.message);
  Object.assign(err, d.fields);
  if (d.stack) err.stack = d.stack;
  return err;
}
