import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Throwaway databases on a PostgreSQL server, for tests and benchmarks that
 * need a fresh, empty database each run. `base` is a URL the caller may
 * create databases with; the new database's URL differs only in its name.
 */
export async function createScratchDatabase(
  base: string,
  prefix = 'tessera_test',
): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(base: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`not a scratch database: ${name}`);
  await asAdmin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function asAdmin(base: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
