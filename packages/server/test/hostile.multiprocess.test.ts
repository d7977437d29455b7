import { create, toBinary } from '@bufbuild/protobuf';
import {
  ClientGameplayEvent_Type as Action,
  ClientGameplayEventSchema,
  encodeFrame,
  GameMetaEvent_Type as T,
  GameMetaEventSchema,
  MessageType,
  renderError,
  TimedOutSchema,
} from '@tessera/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, TWO_PROCESSES, useTestServer } from './harness.ts';

/**
 * Hostile input in a live game: whatever a client sends that it should not —
 * moves in other people's games, actions from observers, its own idea of the
 * clocks, replays, moves after the end, unreadable or oversized placements,
 * early timeout claims, floods — is refused with the catalogue's message and
 * leaves the stored game exactly as it was. The second player is on another
 * server process in two-process mode (harness.ts), so refusals are checked
 * across processes too.
 */
const server = useTestServer();
beforeAll(async () => {
  if (TWO_PROCESSES) {
    const peer = await server.peer();
    expect(peer.url).not.toBe(server.url);
    const health = await (await fetch(`${peer.url}/healthz`)).json();
    expect(health).toMatchObject({ bus: 'nats', database: 'postgres' });
  }
});

const NOT_A_PLAYER = 'You are not playing in this game.';
const NOT_LOGGED_IN = 'You must be logged in to do that.';
const NO_GAME = 'These are not the games you are looking for.';
const GAME_OVER = 'The game is over.';
const STALE = 'The game has moved on since you last saw it; your board was refreshed.';

async function game() {
  const p = await twoPlayers(server);
  const gameId = await startGame(p.sa, p.sb);
  const row = (await server.services.games.row(gameId))!;
  const seat = (i: number) =>
    (i === 0 ? row.player0_id : row.player1_id) === p.a.userId ? p.sa : p.sb;
  return { ...p, gameId, onTurn: seat(row.player_on_turn), offTurn: seat(1 - row.player_on_turn) };
}

/** Everything stored about a game, as the database and GetGameHistory on each process give it. */
async function stored(gameId: string) {
  const r = (await server.services.games.row(gameId))!;
  const histories = [];
  for (const target of new Set([server.url, (await server.peer()).url])) {
    const h = await rpc<{ history: Record<string, unknown> }>(
      { url: target },
      'GameMetadataService',
      'GetGameHistory',
      { gameId },
    );
    // Clock readings are as of the moment of the call; the stored clock is compared below.
    const { clocks: _, ...history } = h.body.history;
    histories.push(history);
  }
  return {
    histories,
    row: {
      events: r.event_count,
      scores: [r.score0, r.score1],
      onTurn: r.player_on_turn,
      playState: r.play_state,
      endReason: r.end_reason,
      clock: r.clock,
      flagAt: r.flag_at?.getTime() ?? null,
      meta: r.meta_event,
      updatedAt: r.updated_at?.getTime(),
      endedAt: r.ended_at?.getTime() ?? null,
    },
  };
}

/** The next error after `from`, as the user would read it. */
async function errorText(s: TestSocket, from: number) {
  return renderError((await s.next(MessageType.ERROR_MESSAGE, from)).message as string);
}

/** Sends one message and returns the error it brought back. */
async function refused(s: TestSocket, send: () => void) {
  const from = s.received.length;
  send();
  return errorText(s, from);
}

const action = (s: TestSocket, gameId: string, type: Action, more = {}) =>
  s.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, { gameId, type, ...more });
const meta = (s: TestSocket, gameId: string, type: T, more = {}) =>
  s.send(MessageType.GAME_META_EVENT, GameMetaEventSchema, { gameId, type, ...more });
const timedOut = (s: TestSocket, gameId: string, userId = '') =>
  s.send(MessageType.TIMED_OUT, TimedOutSchema, { gameId, userId });

async function anonymousIn(gameId: string) {
  const s = await TestSocket.open(server, `?path=${encodeURIComponent(`/game/${gameId}`)}`);
  await s.next(MessageType.GAME_HISTORY_REFRESHER);
  return s;
}

async function signedInWatcher(gameId: string) {
  const u = await registerUser(server);
  const s = await TestSocket.withToken(await server.peer(), u.cookie, `/game/${gameId}`);
  await s.next(MessageType.GAME_HISTORY_REFRESHER);
  return { u, s };
}

describe('hostile input in a live game', () => {
  it('refuses moves in a game the sender is not in, or in no game at all', async () => {
    const g = await game();
    const before = await stored(g.gameId);
    const move = await bestMove(server, g.gameId);
    const outsider = await registerUser(server);
    const so = await TestSocket.withToken(server, outsider.cookie);
    await so.next(MessageType.SESSION_INFO);

    expect(await refused(so, () => sendMove(so, g.gameId, move.text))).toBe(NOT_A_PLAYER);
    expect(await refused(so, () => action(so, g.gameId, Action.RESIGN))).toBe(NOT_A_PLAYER);
    expect(await refused(so, () => sendMove(so, g.gameId, '-'))).toBe(NOT_A_PLAYER);
    expect(await refused(so, () => timedOut(so, g.gameId))).toBe(NOT_A_PLAYER);
    for (const id of ['AAAAAAAAAAAA', '../games', "x' OR '1'='1", 'é', '', 'a'.repeat(65)]) {
      expect(await refused(so, () => sendMove(so, id, move.text))).toBe(NO_GAME);
      expect(await refused(so, () => meta(so, id, T.REQUEST_ABORT))).toBe(NO_GAME);
      expect(await refused(so, () => timedOut(so, id))).toBe(NO_GAME);
    }
    expect(await stored(g.gameId)).toEqual(before);
    so.close();
    g.close();
  });

  it('lets observers, signed in or not, neither play nor answer requests', async () => {
    const g = await game();
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    const req = (await g.offTurn.nextWhere(
      MessageType.GAME_META_EVENT,
      (m) => m.type === T.REQUEST_ABORT,
    )) as { origEventId: string };
    const before = await stored(g.gameId);
    const move = await bestMove(server, g.gameId);
    const { s: watcher } = await signedInWatcher(g.gameId);
    const anon = await anonymousIn(g.gameId);

    for (const [s, expected] of [
      [watcher, NOT_A_PLAYER],
      [anon, NOT_LOGGED_IN],
    ] as const) {
      expect(await refused(s, () => sendMove(s, g.gameId, move.text))).toBe(expected);
      expect(await refused(s, () => action(s, g.gameId, Action.RESIGN))).toBe(expected);
      expect(await refused(s, () => action(s, g.gameId, Action.CHALLENGE_PLAY))).toBe(expected);
      expect(await refused(s, () => timedOut(s, g.gameId))).toBe(expected);
      // Meta events: answers to the open request, new requests, added time.
      for (const type of [
        T.ABORT_ACCEPTED,
        T.ABORT_DENIED,
        T.ADJUDICATION_DENIED,
        T.TIMER_EXPIRED,
        T.REQUEST_ABORT,
        T.REQUEST_ADJUDICATION,
        T.ADD_TIME,
      ]) {
        const text = await refused(s, () =>
          meta(s, g.gameId, type, { origEventId: req.origEventId }),
        );
        expect(text, `meta ${type}`).toBe(expected);
      }
    }
    expect(await stored(g.gameId)).toEqual(before);
    for (const s of [watcher, anon]) s.close();
    g.close();
  });

  it('keeps its own clocks whatever timing a client sends', async () => {
    const g = await game();
    const move = await bestMove(server, g.gameId);
    const start = (await server.services.games.row(g.gameId))!;

    // The move with extra fields a forging client might add (field numbers the
    // message does not have, carrying an hour): decoded, kept as unknown, ignored.
    const payload = toBinary(
      ClientGameplayEventSchema,
      create(ClientGameplayEventSchema, {
        gameId: g.gameId,
        type: move.text.startsWith('-') ? Action.EXCHANGE : Action.TILE_PLACEMENT,
        positionCoords: move.text.startsWith('-') ? '' : move.text.split(' ')[0],
        tiles: move.text.startsWith('-') ? move.text.slice(1) : move.text.split(' ')[1],
      }),
    );
    const forged = new Uint8Array([
      ...payload,
      ...[0x30, ...varint(3_600_000)], // field 6, varint
      ...[0x48, ...varint(3_600_000)], // field 9
      ...[0xa0, 0x06, ...varint(99_999_999)], // field 100
    ]);
    const from = g.onTurn.received.length;
    g.onTurn.sendRaw(encodeFrame(MessageType.CLIENT_GAMEPLAY_EVENT, forged));
    const update = (await updateAfter(g.onTurn, 0, from)) as {
      clocks: { remainingMs: number[] };
      events: { millisRemaining: number }[];
    };
    const row = (await server.services.games.row(g.gameId))!;
    const mover = start.player_on_turn;
    const elapsed = row.clock.since - start.clock.since;
    // Ten minutes less the time the server saw pass, not the hour the client claimed.
    expect(row.clock.remaining[mover]).toBe(600_000 - elapsed);
    expect(update.clocks.remainingMs[mover]).toBe(600_000 - elapsed);
    expect(update.events[0].millisRemaining).toBeLessThanOrEqual(600_000);
    expect(update.events[0].millisRemaining).toBeGreaterThan(590_000);

    // A cancel request naming its own countdown and time stamp gets the server's.
    const nextOnTurn = g.offTurn;
    meta(nextOnTurn, g.gameId, T.REQUEST_ABORT, { expiry: 1, timestamp: 1n });
    const req = (await g.onTurn.nextWhere(
      MessageType.GAME_META_EVENT,
      (m) => m.type === T.REQUEST_ABORT,
    )) as { expiry: number; timestamp: bigint };
    expect(req.expiry).toBe(60_000);
    expect(Number(req.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const open = (await server.services.games.row(g.gameId))!.meta_event!;
    expect(open.expiresAt - open.createdAt).toBe(60_000);
    // Two sweeps later the request is still open and the game still on (time under test).
    await new Promise((r) => setTimeout(r, 1200));
    const still = (await server.services.games.row(g.gameId))!;
    expect(still.meta_event?.id).toBe(open.id);
    expect(still.ended_at).toBeNull();
    meta(g.onTurn, g.gameId, T.ABORT_DENIED, { origEventId: open.id });
    await g.offTurn.nextWhere(MessageType.GAME_META_EVENT, (m) => m.type === T.ABORT_DENIED);

    // Added time is the server's fifteen seconds, whatever "expiry" the client asks for.
    // The player on turn now (the one who requested the cancel) gives it to the other.
    const beforeAdd = (await server.services.games.row(g.gameId))!;
    meta(nextOnTurn, g.gameId, T.ADD_TIME, { expiry: 2_000_000_000, timestamp: 1n });
    await g.onTurn.nextWhere(MessageType.GAME_META_EVENT, (m) => m.type === T.ADD_TIME);
    const afterAdd = (await server.services.games.row(g.gameId))!;
    const { remaining: r0 } = beforeAdd.clock;
    const { remaining: r1 } = afterAdd.clock;
    const requester = afterAdd.player_on_turn;
    expect(r1[1 - requester]).toBe(r0[1 - requester] + 15_000);
    g.close();
  });

  it('answers an early timeout claim with its own clocks, and ends nothing', async () => {
    const g = await game();
    const before = await stored(g.gameId);
    const row = (await server.services.games.row(g.gameId))!;
    const onTurnId = row.player_on_turn === 0 ? row.player0_id : row.player1_id;
    for (const s of [g.offTurn, g.onTurn]) {
      const from = s.received.length;
      expect(await refused(s, () => timedOut(s, g.gameId, onTurnId))).toBe(
        'The clock on turn has not run out yet.',
      );
      const view = (await s.next(MessageType.GAME_HISTORY_REFRESHER, from)) as {
        history: { clocks: { remainingMs: number[] } };
      };
      expect(view.history.clocks.remainingMs[row.player_on_turn]).toBeGreaterThan(590_000);
    }
    expect(await stored(g.gameId)).toEqual(before);
    g.close();
  });

  it('refuses a replayed or stale event and sends the current state', async () => {
    const g = await game();
    const first = await bestMove(server, g.gameId);
    const x = g.onTurn;
    const y = g.offTurn;
    sendMove(x, g.gameId, first.text, first.eventCount);
    await updateAfter(x, first.eventCount);
    // The same event again: the count it carries is out of date.
    expect(await refused(x, () => sendMove(x, g.gameId, first.text, first.eventCount))).toBe(
      'It is not your turn.',
    );
    const second = await bestMove(server, g.gameId);
    sendMove(y, g.gameId, second.text, second.eventCount);
    await updateAfter(y, second.eventCount);
    const before = await stored(g.gameId);

    // Y's event once more, and X's next move computed for a position now gone.
    expect(await refused(y, () => sendMove(y, g.gameId, second.text, second.eventCount))).toBe(
      STALE,
    );
    const third = await bestMove(server, g.gameId);
    for (const count of [second.eventCount, -1, 2 ** 31 - 1]) {
      const from = x.received.length;
      expect(await refused(x, () => sendMove(x, g.gameId, third.text, count))).toBe(STALE);
      const view = (await x.next(MessageType.GAME_HISTORY_REFRESHER, from)) as {
        history: { events: unknown[] };
      };
      expect(view.history.events).toHaveLength(before.row.events);
    }
    // Replayed answers to a request that is no longer open.
    meta(x, g.gameId, T.REQUEST_ABORT);
    const req = (await y.nextWhere(
      MessageType.GAME_META_EVENT,
      (m) => m.type === T.REQUEST_ABORT,
    )) as { origEventId: string };
    meta(y, g.gameId, T.ABORT_DENIED, { origEventId: req.origEventId });
    await x.nextWhere(MessageType.GAME_META_EVENT, (m) => m.type === T.ABORT_DENIED);
    const afterDenial = await stored(g.gameId);
    for (const type of [T.ABORT_DENIED, T.ABORT_ACCEPTED]) {
      expect(
        await refused(y, () => meta(y, g.gameId, type, { origEventId: req.origEventId })),
      ).toBe('There is no such request to answer.');
    }
    expect(await stored(g.gameId)).toEqual(afterDenial);
    g.close();
  });

  it('accepts nothing once the game is over', async () => {
    const g = await game();
    const move = await bestMove(server, g.gameId);
    action(g.offTurn, g.gameId, Action.RESIGN);
    await g.onTurn.next(MessageType.GAME_ENDED_EVENT);
    const before = await stored(g.gameId);
    expect(before.row.endReason).toBe('RESIGNED');
    for (const s of [g.onTurn, g.offTurn]) {
      expect(await refused(s, () => sendMove(s, g.gameId, move.text))).toBe(GAME_OVER);
      expect(await refused(s, () => sendMove(s, g.gameId, '-'))).toBe(GAME_OVER);
      expect(await refused(s, () => action(s, g.gameId, Action.RESIGN))).toBe(GAME_OVER);
      expect(await refused(s, () => action(s, g.gameId, Action.CHALLENGE_PLAY))).toBe(GAME_OVER);
      expect(await refused(s, () => timedOut(s, g.gameId))).toBe(GAME_OVER);
      for (const type of [T.REQUEST_ABORT, T.REQUEST_ADJUDICATION, T.ADD_TIME, T.TIMER_EXPIRED])
        expect(await refused(s, () => meta(s, g.gameId, type))).toBe(GAME_OVER);
    }
    expect(await stored(g.gameId)).toEqual(before);
    g.close();
  });

  it('refuses malformed placements with a reason, whatever they contain', async () => {
    const g = await game();
    const s = g.onTurn;
    const before = await stored(g.gameId);
    const m = await bestMove(server, g.gameId);
    const unreadable = /^That move cannot be read: /;

    // Off the board, or not coordinates at all.
    for (const coords of [
      '16A',
      '8P',
      'A0',
      'P8',
      '0H',
      '99Z',
      'H',
      '',
      '8-H',
      '8H8H',
      'x'.repeat(60_000),
    ]) {
      const text = await refused(s, () =>
        action(s, g.gameId, Action.TILE_PLACEMENT, { positionCoords: coords, tiles: 'AT' }),
      );
      expect(text, coords.slice(0, 20)).toMatch(unreadable);
      expect(text.length).toBeLessThan(200);
    }
    // Strings no letter set has, including ones aimed at the error format and the page.
    for (const tiles of [
      '<script>alert(1)</script>',
      "'; DROP TABLE games; --",
      '1001;You win',
      'A\u0000B',
      '\u202eTAC',
      '😀😀',
      '[',
      'A'.repeat(60_000),
    ]) {
      // NUL is refused by the gateway before any handler reads the message.
      const expected = tiles.includes('\u0000')
        ? /^Invalid request: text must not contain NUL/
        : unreadable;
      const text = await refused(s, () =>
        action(s, g.gameId, Action.TILE_PLACEMENT, { positionCoords: '8H', tiles }),
      );
      expect(text, tiles.slice(0, 20)).toMatch(expected);
      expect(text.length).toBeLessThan(200);
      expect(
        await refused(s, () => action(s, g.gameId, Action.EXCHANGE, { tiles })),
        `exchange ${tiles.slice(0, 20)}`,
      ).toMatch(expected);
    }
    // Readable, but not this player's tiles.
    const missing = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => !m.rack.includes(l))!;
    expect(
      await refused(s, () =>
        action(s, g.gameId, Action.TILE_PLACEMENT, {
          positionCoords: '8H',
          tiles: missing.repeat(2),
        }),
      ),
    ).toBe('The tiles played are not all on the rack.');
    expect(await refused(s, () => action(s, g.gameId, Action.EXCHANGE, { tiles: missing }))).toBe(
      'The tiles played are not all on the rack.',
    );
    expect(await refused(s, () => action(s, g.gameId, Action.EXCHANGE, { tiles: '' }))).toBe(
      'Select at least one tile to exchange.',
    );
    expect(await refused(s, () => action(s, g.gameId, 99 as Action))).toBe(
      'That move cannot be read: unknown action type 99',
    );
    // A frame over the gateway's limit is refused before it is read; the socket stays.
    const big = new Uint8Array(70_000);
    expect(await refused(s, () => s.sendRaw(big))).toBe(
      'Frame too large: 70000 bytes (limit 65536)',
    );
    expect(s.closed).toBeUndefined();
    expect(await stored(g.gameId)).toEqual(before);
    g.close();
  });

  it('refuses a flood beyond the rate limit, applies an action at most once, and changes nothing else', async () => {
    const g = await game();
    const before = await stored(g.gameId);
    const total = 60;
    let from = g.offTurn.received.length;
    for (let i = 0; i < total; i++) sendMove(g.offTurn, g.gameId, '-');
    const errors = await waitErrors(g.offTurn, from, total);
    const texts = new Set(errors.map(renderError));
    expect(texts).toEqual(
      new Set(['It is not your turn.', 'Too many attempts; please try again in 1 seconds.']),
    );
    expect(errors.filter((e) => renderError(e).startsWith('Too many')).length).toBeGreaterThan(0);
    expect(await stored(g.gameId)).toEqual(before);

    // The player on turn sends the same pass many times: it is applied once.
    from = g.onTurn.received.length;
    for (let i = 0; i < total; i++) sendMove(g.onTurn, g.gameId, '-', before.row.events);
    const replies = await waitErrors(g.onTurn, from, total - 1);
    expect(replies).toHaveLength(total - 1);
    expect(new Set(replies.map(renderError))).toEqual(
      new Set(['It is not your turn.', 'Too many attempts; please try again in 1 seconds.']),
    );
    const after = (await server.services.games.row(g.gameId))!;
    expect(after.event_count).toBe(before.row.events + 1);

    // A flood that does not stop closes the connection (policy violation).
    const once = await stored(g.gameId);
    const id = (await g.onTurn.next(MessageType.SESSION_INFO)).connectionId;
    const conn = [...server.gateway.localConnections()].find((c) => c.id === id);
    for (let i = 0; i < 200; i++) sendMove(g.onTurn, g.gameId, '-');
    expect((await g.onTurn.waitClosed()).code).toBe(1008);
    // The closed socket's queued moves still run: wait for its queue to empty
    // (on this process; a socket on the peer process is checked at once).
    if (conn) await vi.waitFor(() => expect(conn.queued).toBe(0), { timeout: 10_000 });
    expect(await stored(g.gameId)).toEqual(once);
    g.close();
  });

  it('says when the bag is too small to exchange, in the catalogue’s words', async () => {
    const g = await game();
    for (let turns = 0; ; turns++) {
      const m = await bestMove(server, g.gameId);
      if (m.g.bag.size < 7) {
        expect(m.g.playState).toBe('PLAYING');
        const s = m.g.players[m.player].userId === g.a.userId ? g.sa : g.sb;
        const before = await stored(g.gameId);
        const text = await refused(s, () =>
          action(s, g.gameId, Action.EXCHANGE, { tiles: m.rack[0], eventCount: m.eventCount }),
        );
        expect(text).toBe(
          `You can only exchange while the bag holds at least 7 tiles; it holds ${m.g.bag.size}.`,
        );
        expect(await stored(g.gameId)).toEqual(before);
        break;
      }
      if (turns > 60) throw new Error('the bag never ran low');
      const s = m.g.players[m.player].userId === g.a.userId ? g.sa : g.sb;
      sendMove(s, g.gameId, m.text, m.eventCount);
      await updateAfter(s, m.eventCount);
    }
    g.close();
  }, 60_000);
});

/** Waits until `n` errors have arrived after `from`; returns their wire messages. */
async function waitErrors(s: TestSocket, from: number, n: number): Promise<string[]> {
  const errors = () =>
    s.received
      .slice(from)
      .filter((m) => m.type === MessageType.ERROR_MESSAGE)
      .map((m) => m.message.message as string);
  await s.until(() => errors().length >= n, 15_000).catch(() => undefined);
  return errors();
}

function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
