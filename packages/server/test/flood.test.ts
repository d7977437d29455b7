import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  encodeSocketMessage,
  GameMetaEvent_Type as T,
  GameMetaEventSchema,
  LagMeasurementSchema,
  MessageType,
  ReadyForGameSchema,
  renderError,
  SeekRequestSchema,
} from '@tessera/protocol';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Connection, MAX_BUFFERED_BYTES } from '../src/socket/connection.ts';
import { gameRequest, startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, startTestServer, TestSocket, useTestServer } from './harness.ts';

/**
 * Flood limits count messages, not websocket frames: one 64 KiB frame can
 * hold thousands of small messages. A socket's messages are handled one at a
 * time, in order, so per-user limits (open seeks, games) hold within a
 * frame, and a client that stops reading is cut off instead of growing the
 * server's memory.
 */
const server = useTestServer();

/** Many messages in one websocket frame. */
function oneFrame(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
}

/**
 * Time under test: a flood beyond the bucket is answered over a window, at
 * the refill rate (20 a second), so its answers are counted after `ms`.
 */
const rateWindow = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ofType = (s: TestSocket, type: MessageType, from = 0) =>
  s.received.slice(from).filter((r) => r.type === type);

describe('socket floods', () => {
  it('charges every message of a frame against the rate limit', async () => {
    const s = await TestSocket.open(server, '?path=/');
    await s.next(MessageType.SESSION_INFO);
    const from = s.received.length;
    const probe = encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: 1n,
    });
    s.sendRaw(oneFrame(Array.from({ length: 500 }, () => probe)));
    await rateWindow(500);
    const answered = ofType(s, MessageType.LAG_MEASUREMENT, from).length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(41);
    const refusals = ofType(s, MessageType.ERROR_MESSAGE, from).map((r) =>
      renderError(r.message.message as string),
    );
    expect(refusals).toEqual(['Too many attempts; please try again in 1 seconds.']);
    s.close();
  });

  it('keeps the open-seek limit when twenty seeks arrive in one frame', async () => {
    const user = await registerUser(server);
    const s = await TestSocket.withToken(server, user.cookie, '/');
    await s.next(MessageType.SESSION_INFO);
    const seek = encodeSocketMessage(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: gameRequest({ correspondence: true }),
      minimumRatingRange: -500,
      maximumRatingRange: 500,
    });
    s.sendRaw(oneFrame(Array.from({ length: 20 }, () => seek)));
    // Within the bucket: all twenty are handled before the barrier.
    await s.barrier();
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM seeks WHERE seeker_id = ${user.userId}`.execute(
      server.core.database.db,
    );
    expect(rows[0].n).toBe(5);
    s.close();
  });

  it('answers a frame of game refreshes no faster than the rate allows', async () => {
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb);
    const from = p.sa.received.length;
    const ready = encodeSocketMessage(MessageType.READY_FOR_GAME, ReadyForGameSchema, { gameId });
    p.sa.sendRaw(oneFrame(Array.from({ length: 300 }, () => ready)));
    await rateWindow(2000);
    const answered = ofType(p.sa, MessageType.GAME_HISTORY_REFRESHER, from).length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(41);
    p.close();
  });

  it('lets a player give their opponent at most five minutes in a game', async () => {
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb, { initialTimeSeconds: 60 });
    const row = (await server.services.games.row(gameId))!;
    const giver = row.player0_id === p.a.userId ? 0 : 1;
    const addTime = encodeSocketMessage(MessageType.GAME_META_EVENT, GameMetaEventSchema, {
      gameId,
      type: T.ADD_TIME,
    });
    const from = p.sa.received.length;
    p.sa.sendRaw(oneFrame(Array.from({ length: 30 }, () => addTime)));
    // Within the bucket: all thirty are handled before the barrier.
    await p.sa.barrier();
    const after = (await server.services.games.row(gameId))!;
    expect(after.clock.added?.[1 - giver]).toBe(5 * 60_000);
    expect(after.clock.remaining[1 - giver]).toBeLessThanOrEqual(60_000 + 5 * 60_000);
    const refusals = ofType(p.sa, MessageType.ERROR_MESSAGE, from).map((r) =>
      renderError(r.message.message as string),
    );
    expect(refusals.length).toBe(10);
    expect(refusals[0]).toMatch(/at most 5 minutes/);
    p.close();
  });
});

describe('a client that stops reading', () => {
  it('is cut off once its unsent bytes pass the limit', async () => {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as { port: number }).port;
    const serverSide = new Promise<WebSocket>((r) => wss.once('connection', r));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((r) => client.once('open', r));
    // The client's socket stops reading: nothing it is sent is taken off the wire.
    (client as unknown as { _socket: { pause(): void } })._socket.pause();
    const ws = await serverSide;
    const conn = new Connection(
      randomUUID(),
      { userId: '', username: '', perms: [], anonymous: true },
      ws,
      {
        perSecond: 1,
        burst: 1,
      },
    );
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    while (ws.readyState === ws.OPEN && sent < (4 * MAX_BUFFERED_BYTES) / chunk.length) {
      conn.sendBytes(chunk);
      sent++;
    }
    expect(ws.readyState).not.toBe(ws.OPEN);
    expect(sent * chunk.length).toBeLessThan(4 * MAX_BUFFERED_BYTES);
    client.terminate();
    wss.close();
    http.close();
  });
});

describe('connections from one address', () => {
  it('refuses anonymous sockets past the per-address cap, and takes them again when some close', async () => {
    const own = await startTestServer({ socketsPerAddress: 5 });
    try {
      const open = () =>
        new Promise<{ ws?: WebSocket; status?: number }>((resolve) => {
          const ws = new WebSocket(`${own.url.replace('http', 'ws')}/ws?path=/`);
          ws.once('open', () => resolve({ ws }));
          ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
          ws.once('error', () => resolve({}));
        });
      const first = await Promise.all(Array.from({ length: 5 }, open));
      expect(first.every((r) => r.ws)).toBe(true);
      expect((await open()).status).toBe(429);
      first[0].ws!.close();
      // The freed place is taken once the server has seen the close.
      const again = await vi.waitFor(
        async () => {
          const r = await open();
          if (!r.ws) throw new Error(`refused with ${r.status}`);
          return r;
        },
        { timeout: 5000, interval: 50 },
      );
      for (const r of [...first, again]) r.ws?.close();
    } finally {
      await own.dispose();
    }
  });
});
