import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  ChatMessageSchema,
  GameMetaEvent_Type,
  GameMetaEventSchema,
  JoinPathSchema,
  MessageType,
  renderError,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

/** The server side of the newcomer's audit (issue 25). */
const server = useTestServer();

const errorText = async (s: TestSocket, from: number) =>
  renderError((await s.next(MessageType.ERROR_MESSAGE, from)).message as string);

describe('game chat whatever the game id', () => {
  it('reads and posts in the chat of a game whose id holds an underscore', async () => {
    const a = await registerUser(server);
    // The watchers' room: anyone signed in who is not playing may post there.
    const channel = 'chat.gametv.Ab_c-9_xYz12';
    const read = await rpc(server, 'SocializeService', 'GetChatsForChannel', { channel });
    expect(read.status).toBe(200);
    const sa = await TestSocket.withToken(server, a.cookie);
    await sa.next(MessageType.SESSION_INFO);
    sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message: 'good luck' });
    await expect
      .poll(async () => (await server.services.chat.history(channel)).map((l) => l.message))
      .toEqual(['good luck']);
    expect(sa.received.some((m) => m.type === MessageType.ERROR_MESSAGE)).toBe(false);
    const players = 'chat.game.Ab_c-9_xYz12';
    expect(
      (await rpc(server, 'SocializeService', 'GetChatsForChannel', { channel: players })).status,
    ).toBe(200);
    sa.close();
  });
});

describe('a private line to someone who blocks you', () => {
  it('says plainly that the message could not be delivered', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const blocked = await rpc(
      server,
      'SocializeService',
      'AddBlock',
      { uuid: a.userId },
      {
        cookie: b.cookie,
      },
    );
    expect(blocked.status).toBe(200);
    const sa = await TestSocket.withToken(server, a.cookie);
    await sa.next(MessageType.SESSION_INFO);
    const channel = `chat.pm.${[a.userId, b.userId].sort().join('_')}`;
    const from = sa.received.length;
    sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message: 'hello?' });
    expect(await errorText(sa, from)).toBe('Your message could not be delivered.');
    sa.close();
  });
});

describe('an open request across a reload', () => {
  it('comes back in the refresher with the time it has left', async () => {
    const p = await twoPlayers(server);
    try {
      const gameId = await startGame(p.sa, p.sb);
      const fromB = p.sb.received.length;
      p.sa.send(MessageType.GAME_META_EVENT, GameMetaEventSchema, {
        gameId,
        type: GameMetaEvent_Type.REQUEST_ABORT,
      });
      const request = await p.sb.next(MessageType.GAME_META_EVENT, fromB);
      // B reloads the page: the socket joins the game again and gets the refresher.
      const from = p.sb.received.length;
      p.sb.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${gameId}` });
      const refresher = (await p.sb.next(MessageType.GAME_HISTORY_REFRESHER, from)) as {
        outstandingEvent?: { type: number; origEventId: string; playerId: string; expiry: number };
      };
      expect(refresher.outstandingEvent).toMatchObject({
        type: GameMetaEvent_Type.REQUEST_ABORT,
        origEventId: request.origEventId,
        playerId: p.a.userId,
      });
      expect(refresher.outstandingEvent!.expiry).toBeGreaterThan(50_000);
      expect(refresher.outstandingEvent!.expiry).toBeLessThanOrEqual(60_000);
    } finally {
      p.close();
    }
  });
});

describe('presence across a game room', () => {
  it('tells the players who watches and the watchers who plays', async () => {
    const p = await twoPlayers(server);
    const w = await registerUser(server);
    try {
      const gameId = await startGame(p.sa, p.sb);
      const from = p.sa.received.length;
      const sw = await TestSocket.withToken(server, w.cookie, `/game/${gameId}`);
      // The watcher hears who plays; the players hear the watcher arrive.
      const players = (await sw.nextWhere(
        MessageType.PRESENCE_LIST,
        (m) => m.channel === `game.${gameId}`,
      )) as { entries: { userId: string }[] };
      expect(players.entries.map((e) => e.userId).sort()).toEqual([p.a.userId, p.b.userId].sort());
      expect(
        await p.sa.nextWhere(
          MessageType.PRESENCE_ENTRY,
          (m) => m.channel === `gametv.${gameId}` && m.userId === w.userId,
          from,
        ),
      ).toMatchObject({ deleting: false });
      sw.close();
    } finally {
      p.close();
    }
  });
});

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../../cli/bin/tessera.mjs');

// With DATABASE_URL the suite runs on PostgreSQL, which several processes may share.
describe.skipIf(!!process.env.DATABASE_URL)(
  'operator commands beside a running server on embedded PGlite',
  () => {
    it('refuses clearly instead of opening the data folder a second time', async () => {
      const u = await registerUser(server);
      const r = await promisify(execFile)(
        process.execPath,
        [CLI, 'admin', 'membership', u.username, 'Dalmatian', 'acct-1'],
        { env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' } },
      ).then(
        () => ({ code: 0, err: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
      );
      expect(r.code).toBe(1);
      expect(r.err).toContain(`in use by process ${process.pid}`);
      expect(r.err).toContain('stop that server');
      // The server is unharmed and goes on answering from its database.
      const s = await rpc(server, 'AuthenticationService', 'GetSession', {}, { cookie: u.cookie });
      expect(s.body).toMatchObject({ userId: u.userId });
    }, 60_000);
  },
);
