/**
 * PostgreSQL's SQLSTATE for a row a unique index refused. PGlite and the
 * pg driver both put the SQLSTATE on the error's `code`, so callers test the
 * code, never the message's words.
 */
const UNIQUE_VIOLATION = '23505';

/** Did the database refuse this write because a unique index already holds its key? */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === UNIQUE_VIOLATION;
}
