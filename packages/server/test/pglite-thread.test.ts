import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database, type Db } from '../src/storage/database.ts';
import { DataDirInUse } from '../src/storage/data-dir-lock.ts';
import { isUniqueViolation } from '../src/storage/errors.ts';
import { pglitePool } from '../src/storage/pglite-pool.ts';
import { PgliteThread } from '../src/storage/pglite-thread.ts';

// PGlite on a worker thread of ours (PGLITE_WORKER, decision 0155) must answer
// exactly as PGlite on the main thread does, and leave the main thread free.

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(pgliteWorker: boolean, dataDir = 'memory://'): Promise<Database> {
  const d = await openDatabase({ dataDir, pgliteWorker });
  opened.push(d);
  return d;
}

const MIXED = sql<Record<string, unknown>>`SELECT 1::int8 AS big, 1.5::numeric AS num,
  '{"x":[1,"y"]}'::jsonb AS doc, ${new Date(86_400_000)}::timestamptz AS at,
  ${Buffer.from([1, 2, 255])}::bytea AS bytes, ARRAY[3, 4]::int[] AS list,
  NULL::text AS nothing, ${'é'} AS word, true AS yes`;

describe('PGlite on a worker thread', () => {
  it('is what PGLITE_WORKER=1 or on asks for, and off by default', () => {
    // A secret key given, so loading a config writes no key file.
    const setting = (value?: string) =>
      loadConfig({ SECRET_KEY: 'k', PGLITE_WORKER: value }).pgliteWorker;
    expect(setting()).toBe(false);
    expect(setting('1')).toBe(true);
    expect(setting('on')).toBe(true);
    expect(setting('off')).toBe(false);
  });

  it('returns the same values, parsed the same way, and the same counts of written rows', async () => {
    const [main, thread] = await Promise.all([open(false), open(true)]);
    const answers = [];
    for (const { db } of [main, thread]) {
      const row = (await MIXED.execute(db)).rows[0]!;
      await sql`CREATE TABLE t (id int PRIMARY KEY)`.execute(db);
      const inserted = await sql`INSERT INTO t VALUES (1), (2), (3)`.execute(db);
      const selected = await sql`SELECT id FROM t ORDER BY id`.execute(db);
      answers.push({ row, inserted: inserted.numAffectedRows, selected });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]!.row).toMatchObject({ big: 1, at: new Date(86_400_000) });
    expect(answers[1]!.inserted).toBe(3n);
  });

  it("carries Postgres' error fields across, so a unique violation is still one", async () => {
    const errors = [];
    for (const { db } of [await open(false), await open(true)]) {
      await sql`CREATE TABLE u (id int PRIMARY KEY)`.execute(db);
      await sql`INSERT INTO u VALUES (1)`.execute(db);
      errors.push(await sql`INSERT INTO u VALUES (1)`.execute(db).catch((e: unknown) => e));
    }
    const [inProcess, onThread] = errors as Record<string, unknown>[];
    expect(onThread).toBeInstanceOf(Error);
    expect(isUniqueViolation(onThread)).toBe(true);
    for (const field of ['message', 'code', 'detail', 'constraint', 'table', 'severity'])
      expect(onThread![field]).toBe(inProcess![field]);
  });

  it('gives a transaction the one connection until it ends: a query sent meanwhile waits for it', async () => {
    const { db } = await open(true);
    await sql`CREATE TABLE v (id int)`.execute(db);
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    const tx = db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO v VALUES (1)`.execute(trx);
        inside();
        // Let the query below be sent before this transaction ends.
        await new Promise((r) => setImmediate(r));
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await begun;
    // Sent while the transaction holds the connection: run inside it, it would see the row.
    const seen = await sql<{ n: number }>`SELECT count(*)::int AS n FROM v`.execute(db);
    expect(await tx).toBe('rolled back');
    expect(seen.rows[0]!.n).toBe(0);
  });

  it("sends a transaction's BEGIN with its first statement, and still commits or rolls back all of it", async () => {
    const thread = await PgliteThread.open('memory://');
    const sent: string[] = [];
    const query = thread.query.bind(thread);
    const beginWith = thread.beginWith.bind(thread);
    thread.query = (text, params) => (sent.push(text), query(text, params));
    thread.beginWith = (text, params) => (sent.push(`begin; ${text}`), beginWith(text, params));
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: pglitePool(thread) }) });
    try {
      await sql`CREATE TABLE b (id int)`.execute(db);
      sent.length = 0;
      await db.transaction().execute(async (tx) => {
        await sql`INSERT INTO b VALUES (1)`.execute(tx);
        await sql`INSERT INTO b VALUES (2)`.execute(tx);
      });
      expect(sent).toEqual([
        'begin; INSERT INTO b VALUES (1)',
        'INSERT INTO b VALUES (2)',
        'commit',
      ]);
      const failed = db.transaction().execute(async (tx) => {
        await sql`INSERT INTO b VALUES (3)`.execute(tx);
        throw new Error('roll back');
      });
      await expect(failed).rejects.toThrow('roll back');
      // A transaction with no statement sends nothing at all.
      sent.length = 0;
      await db.transaction().execute(async () => {});
      expect(sent).toEqual([]);
      const ids = await sql<{ id: number }>`SELECT id FROM b ORDER BY id`.execute(db);
      expect(ids.rows.map((r) => r.id)).toEqual([1, 2]);
    } finally {
      await db.destroy();
    }
  });

  it('runs no statement of a transaction whose BEGIN failed, until its ROLLBACK', async () => {
    const thread = await PgliteThread.open('memory://');
    try {
      await thread.query('CREATE TABLE f (id int)');
      // A transaction already failed: a BEGIN now fails too.
      await thread.query('begin');
      await expect(thread.query('SELECT 1/0')).rejects.toThrow();
      await expect(thread.beginWith('INSERT INTO f VALUES (1)')).rejects.toMatchObject({
        code: '25P02',
      });
      await expect(thread.query('INSERT INTO f VALUES (2)')).rejects.toMatchObject({
        code: '25P02',
      });
      await thread.query('rollback');
      await thread.query('INSERT INTO f VALUES (3)');
      expect((await thread.query<{ id: number }>('SELECT id FROM f')).rows).toEqual([{ id: 3 }]);
    } finally {
      await thread.close();
    }
  });

  it('leaves the event loop free while a statement runs', async () => {
    const { db } = await open(true);
    let answered = false;
    const statement = sql`SELECT pg_sleep(1)`.execute(db).then(() => (answered = true));
    // On the main thread the statement would hold the loop for its whole second.
    const answeredWhenTimerRan = await new Promise<boolean>((r) =>
      setTimeout(() => r(answered), 20),
    );
    await statement;
    expect(answeredWhenTimerRan).toBe(false);
  });

  it('runs several statements in one text with exec', async () => {
    const thread = await PgliteThread.open('memory://');
    try {
      const results = await thread.exec(
        'CREATE TABLE w (id int); INSERT INTO w VALUES (7); SELECT id FROM w',
      );
      expect(results.map((r) => r.command)).toEqual(['CREATE', 'INSERT', 'SELECT']);
      expect(results[2]!.rows).toEqual([{ id: 7 }]);
    } finally {
      await thread.close();
    }
    await expect(thread.query('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('refuses every statement, and says so once, when the thread has died', async () => {
    const heard: Error[] = [];
    const thread = await PgliteThread.open('memory://', (e) => heard.push(e));
    // As if PGlite had thrown outside a statement and ended the thread.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(thread.query('SELECT 1')).rejects.toThrow(/PGlite thread stopped/);
    await expect(thread.query('SELECT 1')).rejects.toThrow(/PGlite thread stopped/);
    expect(heard).toHaveLength(1);
    await thread.close();
  });

  it('keeps the data folder locked by this process, and what was written is there after closing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pglite-thread-'));
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir, pgliteWorker: true });
    await sql`CREATE TABLE kept (id int)`.execute(first.db);
    await sql`INSERT INTO kept VALUES (42)`.execute(first.db);
    await expect(openDatabase({ dataDir, pgliteWorker: true })).rejects.toBeInstanceOf(
      DataDirInUse,
    );
    await first.close();
    const again = await open(false, dataDir);
    expect((await sql`SELECT id FROM kept`.execute(again.db)).rows).toEqual([{ id: 42 }]);
  });
});
