import { PGlite } from '@electric-sql/pglite';
import { refuse, Refusal } from '@tessera/protocol';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  sql,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChangeWork, GroupCommit } from '../src/events/group-commit.ts';
import { EventHub } from '../src/events/hub.ts';
import type { Db } from '../src/storage/database.ts';
import { pglitePool } from '../src/storage/pglite-pool.ts';
import { PGLITE_PARSERS } from '../src/storage/pglite-protocol.ts';
import { PgliteThread } from '../src/storage/pglite-thread.ts';
import { createScratchDatabase, dropScratchDatabase } from '../src/storage/scratch-database.ts';

/**
 * A group-commit batch's changes run side by side on its transaction
 * (decision 0142): statements of distinct games are in flight together,
 * a game's changes stay in order, a change under a savepoint (a game's
 * end) writes alone and its refusal undoes only its own writes, and a
 * failed statement fails them all. On PGlite in process, on PGlite's
 * thread (where the pipelining pays), and on PostgreSQL when DATABASE_URL
 * is set.
 */

/** The statements in flight on the pool's connections: now, and the most seen at once. */
interface InFlight {
  now: number;
  most: number;
  /** The most seen at once while `alone` was set. */
  mostAlone: number;
  alone: boolean;
}

function counting(pool: PostgresPool, seen: InFlight): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      return {
        async query<R>(text: string, params: readonly unknown[]) {
          seen.now++;
          seen.most = Math.max(seen.most, seen.now);
          if (seen.alone) seen.mostAlone = Math.max(seen.mostAlone, seen.now);
          try {
            return (await client.query(text, params)) as PostgresQueryResult<R>;
          } finally {
            seen.now--;
          }
        },
        release: () => client.release(),
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

const engines: [string, () => Promise<{ pool: PostgresPool; drop(): Promise<void> }>][] = [
  [
    'PGlite in process',
    async () => {
      const pglite = await PGlite.create('memory://', { parsers: PGLITE_PARSERS });
      return { pool: pglitePool(pglite), drop: async () => {} };
    },
  ],
  [
    'PGlite on its thread',
    async () => ({ pool: pglitePool(await PgliteThread.open('memory://')), drop: async () => {} }),
  ],
];
const base = process.env.DATABASE_URL;
if (base) {
  engines.push([
    'PostgreSQL',
    async () => {
      const url = await createScratchDatabase(base);
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      return { pool, drop: () => dropScratchDatabase(base, url) };
    },
  ]);
}

type Work = ChangeWork<object, string>;

describe.each(engines)('a batch on %s', (_name, open) => {
  const seen: InFlight = { now: 0, most: 0, mostAlone: 0, alone: false };
  let db: Db;
  let drop: () => Promise<void>;
  let commits: GroupCommit<object>;
  let outcomes: boolean[];

  beforeAll(async () => {
    const engine = await open();
    drop = engine.drop;
    db = new Kysely({ dialect: new PostgresDialect({ pool: counting(engine.pool, seen) }) });
    await sql`CREATE TABLE t (k text PRIMARY KEY, n int NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });
  beforeEach(async () => {
    await sql`DELETE FROM t`.execute(db);
    await sql`INSERT INTO t VALUES ('shared', 0)`.execute(db);
    Object.assign(seen, { now: 0, most: 0, mostAlone: 0, alone: false });
    const hub = new EventHub<object>();
    outcomes = [];
    hub.onTransaction = (_s, committed) => outcomes.push(committed);
    commits = new GroupCommit(hub, db);
  });

  /** Runs the changes as one batch (queued in the same turn), each settled. */
  const batch = (changes: [key: string, work: Work][]) =>
    Promise.allSettled(changes.map(([key, work]) => commits.run(key, work)));
  const stored = async () =>
    Object.fromEntries(
      (await sql<{ k: string; n: number }>`SELECT k, n FROM t ORDER BY k`.execute(db)).rows.map(
        (r) => [r.k, r.n],
      ),
    );
  const insert =
    (k: string): Work =>
    async (tx, _publish, step) => {
      await step.writing(false);
      await sql`INSERT INTO t VALUES (${k}, 1)`.execute(tx);
      return k;
    };
  /** A game's end: adds one to the shared row under a savepoint, refused after if `refused`. */
  const end =
    (k: string, refused = false): Work =>
    async (tx, _publish, step) => {
      await step.writing(true);
      seen.alone = true;
      await sql`INSERT INTO t VALUES (${k}, 1)`.execute(tx);
      const { n } = (await sql<{ n: number }>`SELECT n FROM t WHERE k = 'shared'`.execute(tx))
        .rows[0];
      await sql`UPDATE t SET n = ${n + 1} WHERE k = 'shared'`.execute(tx);
      seen.alone = false;
      if (refused) throw refuse('GAME_OVER');
      return k;
    };
  const values = (settled: PromiseSettledResult<string>[]) =>
    settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Refusal).key));

  it('sends the statements of changes on distinct games together, in one transaction', async () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const settled = await batch(keys.map((k) => [k, insert(k)]));
    expect(values(settled)).toEqual(keys);
    expect(outcomes).toEqual([true]);
    expect(seen.most).toBeGreaterThan(1);
    expect(Object.keys(await stored())).toHaveLength(keys.length + 1);
  });

  it("runs one game's changes one after the other", async () => {
    // Each reads the game's row and writes what it read plus one: run side
    // by side, two would read the same number and one addition be lost.
    const add: Work = async (tx, _publish, step) => {
      const { n } = (await sql<{ n: number }>`SELECT n FROM t WHERE k = 'x'`.execute(tx)).rows[0];
      await step.writing(false);
      await sql`UPDATE t SET n = ${n + 1} WHERE k = 'x'`.execute(tx);
      return String(n + 1);
    };
    await sql`INSERT INTO t VALUES ('x', 0)`.execute(db);
    const settled = await batch([
      ['x', add],
      ['y', insert('y')],
      ['x', add],
      ['z', insert('z')],
      ['x', add],
    ]);
    expect(values(settled)).toEqual(['1', 'y', '2', 'z', '3']);
    expect(await stored()).toMatchObject({ x: 3, y: 1, z: 1 });
  });

  it("writes a game's end alone; refused, it undoes only its own writes", async () => {
    // The neighbours read a while first, so they would write during the end's savepoint.
    const slow =
      (k: string): Work =>
      async (tx, publish, step) => {
        for (let i = 0; i < 3; i++) await sql`SELECT count(*) FROM t`.execute(tx);
        return insert(k)(tx, publish, step);
      };
    const settled = await batch([
      ['a', insert('a')],
      ['b', slow('b')],
      ['ended', end('ended', true)],
      ['c', slow('c')],
      ['d', insert('d')],
    ]);
    expect(values(settled)).toEqual(['a', 'b', 'GAME_OVER', 'c', 'd']);
    expect(outcomes).toEqual([true]);
    expect(seen.mostAlone).toBe(1);
    expect(await stored()).toEqual({ a: 1, b: 1, c: 1, d: 1, shared: 0 });
  });

  it('writes two game ends of one batch one after the other, without a deadlock', async () => {
    // The second change's first write matches nothing: it reads again and ends its game instead.
    const again: Work = async (tx, publish, step) => {
      await step.writing(false);
      await sql`UPDATE t SET n = 9 WHERE k = 'nowhere'`.execute(tx);
      step.unwritten();
      return end('again')(tx, publish, step);
    };
    const settled = await batch([
      ['a', insert('a')],
      ['again', again],
      ['one', end('one')],
      ['b', insert('b')],
      ['two', end('two')],
      ['c', insert('c')],
    ]);
    expect(values(settled)).toEqual(['a', 'again', 'one', 'b', 'two', 'c']);
    expect(seen.mostAlone).toBe(1);
    // Three read-modify-writes of the shared row, none lost.
    expect((await stored()).shared).toBe(3);
  });

  it('fails every change when one statement fails, the reading and the waiting ones too', async () => {
    const settled = await batch([
      ['a', insert('a')],
      ['dup', insert('shared')],
      ['ended', end('ended')],
      [
        'slow',
        async (tx, publish, step) => {
          for (let i = 0; i < 3; i++) await sql`SELECT count(*) FROM t`.execute(tx);
          return insert('slow')(tx, publish, step);
        },
      ],
    ]);
    expect(values(settled)).toEqual(Array(4).fill('CHANGE_NOT_SAVED'));
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(Refusal);
    expect(outcomes).toEqual([false]);
    expect(await stored()).toEqual({ shared: 0 });
  });

  it('writes the changes again one at a time after a deadlock, though the others saw only its aftermath', async () => {
    let deadlocks = 1;
    const deadlocked: Work = async (tx, _publish, step) => {
      await step.writing(false);
      if (deadlocks-- > 0) {
        await sql`DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END $$`.execute(
          tx,
        );
      }
      await sql`INSERT INTO t VALUES ('deadlocked', 1)`.execute(tx);
      return 'deadlocked';
    };
    const settled = await batch([
      ['a', insert('a')],
      ['deadlocked', deadlocked],
      ['b', insert('b')],
    ]);
    expect(values(settled)).toEqual(['a', 'deadlocked', 'b']);
    expect(outcomes).toEqual([false, true, true, true]);
    expect(await stored()).toEqual({ a: 1, b: 1, deadlocked: 1, shared: 0 });
  });
});
