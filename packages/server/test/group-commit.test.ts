import { create } from '@bufbuild/protobuf';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  clientMove,
  refuse,
  Refusal,
} from '@tessera/protocol';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bestMove } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';

/**
 * Group commit (decision 0142): moves on several games that arrive together
 * are written by one transaction, each answered after it commits; a refused
 * move stays out of it; a failed statement fails them all, none stored.
 */
const server = useTestServer();

const request = {
  lexicon: DEFAULT_LEXICON,
  variant: 'classic',
  challengeRule: 'DOUBLE',
  initialTimeSeconds: 1200,
  incrementSeconds: 0,
  maxOvertimeMinutes: 1,
  correspondence: false,
  rated: false,
  botType: '',
  requestId: 'group-commit',
  originalRequestId: '',
  timeBankMinutes: 0,
};

async function newGames(n: number): Promise<string[]> {
  const p = await registerUser(server);
  const q = await registerUser(server);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = await server.services.games.create({
      request,
      seats: [
        { userId: p.userId, nickname: p.username, isBot: false },
        { userId: q.userId, nickname: q.username, isBot: false },
      ],
      ratingKey: `${DEFAULT_LEXICON}.classic.regular`,
    });
    ids.push(row.id);
  }
  return ids;
}

/** The move the player on turn would make, as the socket handler hands it to the game module. */
async function moveOf(gameId: string, byTheOther = false) {
  const m = await bestMove(server, gameId);
  const seat = byTheOther ? 1 - m.player : m.player;
  const userId = m.g.players[seat].userId!;
  const event = create(ClientGameplayEventSchema, clientMove(gameId, m.text, m.eventCount));
  return () => server.services.games.act(gameId, userId, event);
}

/** The changes of each committed transaction, while `work` runs. */
async function batchesDuring(work: () => Promise<unknown>): Promise<number[]> {
  const seen: number[] = [];
  const before = server.events.onTransaction;
  server.events.onTransaction = (seconds, committed, changes) => {
    if (committed) seen.push(changes);
    before?.(seconds, committed, changes);
  };
  try {
    await work();
  } finally {
    server.events.onTransaction = before;
  }
  return seen;
}

const storedRow = async (id: string) => (await server.services.games.row(id))!;
/** Games whose end a tournament-like game.ended subscriber refuses (after the game's writes). */
const refusedEnds = new Set<string>();
beforeAll(() =>
  server.events.inTransaction('game.ended', 'test', async ({ row }) => {
    if (refusedEnds.has(row.id)) throw refuse('TOURNAMENT_NOT_FOUND');
  }),
);

const eventCount = async (id: string) => (await server.services.games.row(id))!.event_count;
const storedEvents = async (id: string) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*) AS n FROM game_events WHERE game_id = ${id}`.execute(
        server.core.database.db,
      )
    ).rows[0].n,
  );

describe('group commit', () => {
  it('writes moves on several games that arrive together in one transaction', async () => {
    const ids = await newGames(3);
    const moves = await Promise.all(ids.map((id) => moveOf(id)));
    const batches = await batchesDuring(() => Promise.all(moves.map((act) => act())));
    expect(batches).toContain(3);
    for (const id of ids) expect(await eventCount(id)).toBe(1);
  }, 60_000);

  it('keeps a refused move out of the batch and stores the others', async () => {
    const [a, b, c] = await newGames(3);
    const moves = [await moveOf(a), await moveOf(b, true), await moveOf(c)];
    let refused: unknown;
    const batches = await batchesDuring(() =>
      Promise.all(
        moves.map((act) =>
          act().catch((e: unknown) => {
            refused = e;
          }),
        ),
      ),
    );
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).key).not.toBe('CHANGE_NOT_SAVED');
    expect(batches).toContain(2);
    expect([await eventCount(a), await eventCount(b), await eventCount(c)]).toEqual([1, 0, 1]);
    // The refused game is as it was: its player on turn can still move.
    await (
      await moveOf(b)
    )();
    expect(await eventCount(b)).toBe(1);
  }, 60_000);

  it("rolls back only a game's end its subscriber refused, storing the moves beside it", async () => {
    const ids = await newGames(5);
    const [a, b, c, d, e] = ids;
    refusedEnds.add(c);
    const resign = async (id: string) => {
      const m = await bestMove(server, id);
      const event = create(ClientGameplayEventSchema, {
        gameId: id,
        type: ClientGameplayEvent_Type.RESIGN,
      });
      return () => server.services.games.act(id, m.g.players[m.player].userId!, event);
    };
    // Moves around two resignations, one of them refused by a game.ended subscriber.
    const changes = [await moveOf(a), await resign(b), await resign(c), await moveOf(d)];
    changes.push(await moveOf(e));
    let answers: string[] = [];
    const batches = await batchesDuring(async () => {
      const settled = await Promise.allSettled(changes.map((act) => act()));
      answers = settled.map((o) => (o.status === 'fulfilled' ? 'ok' : (o.reason as Refusal).key));
    });
    expect(answers).toEqual(['ok', 'ok', 'TOURNAMENT_NOT_FOUND', 'ok', 'ok']);
    expect(batches).toContain(4);
    const rows = await Promise.all(ids.map(storedRow));
    expect(rows.map((r) => r.event_count)).toEqual([1, 1, 0, 1, 1]);
    expect(rows.map((r) => r.ended_at !== null)).toEqual([false, true, false, false, false]);
    expect(await storedEvents(c)).toBe(0);
  }, 60_000);

  it('fails every move of a batch when one statement fails, storing none', async () => {
    const [a, b] = await newGames(2);
    const moves = [await moveOf(a), await moveOf(b)];
    // A real constraint breaks b's write: its next event's index is taken.
    const db = server.core.database.db;
    await sql`INSERT INTO game_events (game_id, idx, event) VALUES (${b}, 0, '{}'::jsonb)`.execute(
      db,
    );
    const outcomes = await Promise.allSettled(moves.map((act) => act()));
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      const e = (o as PromiseRejectedResult).reason as Refusal;
      expect(e).toBeInstanceOf(Refusal);
      expect(e.key).toBe('CHANGE_NOT_SAVED');
    }
    expect([await eventCount(a), await eventCount(b)]).toEqual([0, 0]);
    expect(await storedEvents(a)).toBe(0);
    await sql`DELETE FROM game_events WHERE game_id = ${b}`.execute(db);
    // Nothing was half done: the same moves go through now.
    await Promise.all(moves.map((act) => act()));
    expect([await eventCount(a), await eventCount(b)]).toEqual([1, 1]);
    expect([await storedEvents(a), await storedEvents(b)]).toEqual([1, 1]);
  }, 60_000);
});

/**
 * A move on a game this process wrote last is decided on its cached row and
 * written by one statement that applies only if the row is unchanged; a
 * change from any other writer since (another process, the downtime
 * credit) sends it back to the row lock and a fresh read.
 */
describe('a move on the cached row', () => {
  const db = () => server.core.database.db;

  it('keeps what another writer changed in the row since this process wrote it', async () => {
    const [id] = await newGames(1);
    await (
      await moveOf(id)
    )();
    const before = (await server.services.games.row(id))!;
    const waiting = 1 - before.player_on_turn;
    // As another process's "add time" would: the clock changes, no event is added.
    const clock = {
      ...before.clock,
      remaining: before.clock.remaining.map((ms, i) => (i === waiting ? ms + 15_000 : ms)),
    };
    await sql`UPDATE games SET clock = ${JSON.stringify(clock)}::jsonb WHERE id = ${id}`.execute(
      db(),
    );
    await (
      await moveOf(id)
    )();
    const after = (await server.services.games.row(id))!;
    expect(after.event_count).toBe(2);
    expect(after.clock.remaining[waiting]).toBe(clock.remaining[waiting]);
  }, 60_000);

  it('refuses a move on a game another writer ended, appending nothing', async () => {
    const [id] = await newGames(1);
    await (
      await moveOf(id)
    )();
    const next = await moveOf(id);
    await sql`UPDATE games SET ended_at = now(), end_reason = 'CANCELLED', play_state = 'GAME_OVER'
      WHERE id = ${id}`.execute(db());
    await expect(next()).rejects.toMatchObject({ key: 'GAME_OVER' });
    expect(await storedEvents(id)).toBe(1);
  }, 60_000);
});
