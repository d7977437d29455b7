import { MessageType } from '@tessera/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGame } from './game-helpers.ts';
import { registerUser, rpc, startTestServer, type TestServer, TestSocket } from './harness.ts';

// B connects to the peer: another process in two-process mode (harness.ts).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const chatLine = (s: TestSocket, text: string, from = 0) =>
  s.nextWhere(MessageType.CHAT_MESSAGE, (m) => m.message === text, from);

describe('presence', () => {
  it('lists who is in the lobby, counts visitors without naming them, and announces arrivals', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const sa = await TestSocket.withToken(server, a.cookie, '/');
    const first = (await sa.nextWhere(MessageType.PRESENCE_LIST, (m) => m.channel === 'lobby')) as {
      entries: { username: string }[];
    };
    expect(first.entries.map((e) => e.username)).toContain(a.username);
    const sb = await TestSocket.withToken(await server.peer(), b.cookie, '/');
    expect(
      await sa.nextWhere(
        MessageType.PRESENCE_ENTRY,
        (m) => m.username === b.username && !m.deleting,
      ),
    ).toMatchObject({ userId: b.userId, channel: 'lobby' });
    const visitor = await TestSocket.open(server, '?path=/');
    const seen = (await visitor.nextWhere(
      MessageType.PRESENCE_LIST,
      (m) => m.channel === 'lobby',
    )) as {
      entries: { username: string }[];
      anonymousCount: number;
    };
    expect(seen.anonymousCount).toBeGreaterThanOrEqual(1);
    expect(seen.entries.every((e) => e.username !== '')).toBe(true);
    sb.close();
    expect(
      await sa.nextWhere(
        MessageType.PRESENCE_ENTRY,
        (m) => m.userId === b.userId && m.deleting === true,
      ),
    ).toBeTruthy();
    sa.close();
    visitor.close();
  });

  it('tells a player when the opponent leaves the game room and comes back', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const sa = await TestSocket.withToken(server, a.cookie, '/');
    let sb = await TestSocket.withToken(await server.peer(), b.cookie, '/');
    const gameId = await startGame(sa, sb);
    const from = sa.received.length;
    sb.close();
    await chatLine(sa, 'Opponent is no longer in this room.', from);
    sb = await TestSocket.withToken(await server.peer(), b.cookie, `/game/${gameId}`);
    await chatLine(sa, 'Opponent has returned to this room.', from);
    sa.close();
    sb.close();
  });

  it('shows which friends are online', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    await rpc(server, 'SocializeService', 'AddFollow', { uuid: b.userId }, { cookie: a.cookie });
    const follows = () =>
      rpc<{ users: { uuid: string; online?: boolean }[] }>(
        server,
        'SocializeService',
        'GetFollows',
        {},
        { cookie: a.cookie },
      );
    expect((await follows()).body.users).toEqual([{ uuid: b.userId, username: b.username }]);
    const sb = await TestSocket.withToken(await server.peer(), b.cookie, '/');
    await sb.next(MessageType.PRESENCE_LIST);
    expect((await follows()).body.users[0].online).toBe(true);
    sb.close();
    await new Promise((r) => setTimeout(r, 300));
    expect((await follows()).body.users[0].online ?? false).toBe(false);
  });
});
