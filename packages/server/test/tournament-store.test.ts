/**
 * Issue 36, item 12 (decision 0147): a change folds its entries onto the
 * state this process cached, checked against the tournaments row under its
 * lock, and writes the whole state only every few entries. Two stores on one
 * database stand for two server processes: what one changes the other sees;
 * a transaction rolled back is never seen; a store started afresh (a restart
 * after a crash) folds the snapshot and the log after it to the same state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMeta, emptyState, fold, type LogBody } from '@tessera/tournament';
import { openDatabase, type Database } from '../src/storage/database.ts';
import { migrate } from '../src/storage/migrate.ts';
import { TournamentStore, tournamentMigrations } from '../src/modules/tournament/store.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db, [{ module: 'tournament', migrations: tournamentMigrations }]);
});
afterAll(() => database.close());

const P = ['u1:ann', 'u2:bob', 'u3:cat', 'u4:dan'];
let made = 0;

/** A started tournament of four players (round 0 paired and open), by `store`. */
async function event(store: TournamentStore): Promise<string> {
  const id = `t${++made}`;
  await database.db.transaction().execute((tx) =>
    store.create(tx, id, 'u0:td', {
      kind: 'created',
      meta: { ...emptyMeta(), name: 'T', slug: `/tournament/${id}` },
      executiveDirector: 'u0:td',
      directors: [],
    }),
  );
  await change(store, id, [
    { kind: 'division.added', division: 'A' },
    {
      kind: 'players.added',
      division: 'A',
      players: P.map((p, i) => ({ id: p, rating: 2000 - i })),
    },
    {
      kind: 'round.controls',
      division: 'A',
      roundControls: [{ pairingMethod: 'manual' }, { pairingMethod: 'manual' }],
    },
    {
      kind: 'pairings.set',
      division: 'A',
      round: 0,
      pairs: [
        { a: P[0], b: P[1] },
        { a: P[2], b: P[3] },
      ],
    },
    { kind: 'round.started', division: 'A', round: 0 },
  ]);
  return id;
}

function change(store: TournamentStore, id: string, bodies: LogBody[]) {
  return database.db.transaction().execute((tx) => store.change(tx, id, 'u0:td', () => bodies));
}

const result = (a: string, b: string, scoreA: number): LogBody => ({
  kind: 'result.set',
  division: 'A',
  round: 0,
  a,
  b,
  scoreA,
  scoreB: 350,
  endReason: 2,
});
const scoreOf = async (store: TournamentStore, id: string, p: number) =>
  (await store.state(id))!.divisions[0].rounds[0][p]?.score;

describe('the tournament store (issue 36 item 12)', () => {
  it('two stores on one database: a change made by one is seen by the other, both ways', async () => {
    const one = new TournamentStore(database.db);
    const two = new TournamentStore(database.db);
    const id = await event(one);
    // Both have the state cached now.
    expect(await scoreOf(two, id, 0)).toBeUndefined();
    await change(one, id, [result(P[0], P[1], 400)]);
    expect(await scoreOf(two, id, 0)).toBe(400);
    await change(two, id, [result(P[2], P[3], 410)]);
    expect(await scoreOf(one, id, 2)).toBe(410);
    // A change by one decides on the other's result, never on its own older cache.
    let seen: number | undefined;
    await database.db.transaction().execute((tx) =>
      one.change(tx, id, 'u0:td', (s) => {
        seen = s.divisions[0].rounds[0][2]?.score;
        return [result(P[0], P[1], 420)];
      }),
    );
    expect(seen).toBe(410);
    expect(await scoreOf(two, id, 0)).toBe(420);
    expect(await scoreOf(one, id, 0)).toBe(420);
  });

  it('a change whose transaction rolls back is never seen, not even by the store that folded it', async () => {
    const one = new TournamentStore(database.db);
    const id = await event(one);
    await change(one, id, [result(P[0], P[1], 400)]);
    await expect(
      database.db.transaction().execute(async (tx) => {
        await one.change(tx, id, 'u0:td', () => [result(P[0], P[1], 999)]);
        throw new Error('the commit never happens');
      }),
    ).rejects.toThrow('the commit never happens');
    expect(await scoreOf(one, id, 0)).toBe(400);
    // Another process's change takes the rolled-back seq: the seq alone
    // would make the state folded in the rolled-back transaction look current.
    const two = new TournamentStore(database.db);
    const next = await change(two, id, [result(P[2], P[3], 300)]);
    expect(next.entries[0].seq).toBe((await one.log(id)).at(-1)!.seq);
    expect(await scoreOf(one, id, 0)).toBe(400);
    expect(await scoreOf(one, id, 2)).toBe(300);
    const after = await change(one, id, [result(P[0], P[1], 405)]);
    expect(after.state.divisions[0].rounds[0][2]?.score).toBe(300);
  });

  it('a result writes its entry, not the whole state; a store started afresh folds the snapshot and the log to the same state', async () => {
    const one = new TournamentStore(database.db, 3);
    const id = await event(one);
    const snapshot = async () => {
      const row = await one.db
        .selectFrom('tournaments')
        .select(['state', 'seq', 'snapshot_seq'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { ...row, json: JSON.stringify(row.state) };
    };
    const before = await snapshot();
    await change(one, id, [result(P[0], P[1], 400)]);
    const after = await snapshot();
    // The log moved on; the snapshot did not (fewer than 3 entries since).
    expect(Number(after.seq)).toBe(Number(before.seq) + 1);
    expect(after.json).toBe(before.json);
    await change(one, id, [result(P[2], P[3], 380)]);
    await change(one, id, [result(P[0], P[1], 401)]);
    const later = await snapshot();
    expect(Number(later.snapshot_seq)).toBe(Number(later.seq));
    await change(one, id, [result(P[0], P[1], 402)]);
    // A restart: a new store, no cache, the snapshot behind the log.
    const restarted = new TournamentStore(database.db, 3);
    const whole = fold(await one.log(id), emptyState(id));
    expect(await restarted.state(id)).toEqual(whole);
    expect(await one.state(id)).toEqual(whole);
    expect(whole.divisions[0].rounds[0][0]?.score).toBe(402);
  });
});
