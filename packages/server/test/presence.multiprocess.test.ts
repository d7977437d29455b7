import { MessageType } from '@tessera/protocol';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { NAMED_PRESENCE_MAX } from '../src/config.ts';
import { LIST_REFRESH_MS } from '../src/modules/presence/presence.ts';
import { startGame } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

// B connects to the peer: another process in two-process mode (harness.ts).
const server = useTestServer();

const chatLine = (s: TestSocket, text: string, from = 0) =>
  s.nextWhere(MessageType.CHAT_MESSAGE, (m) => m.message === text, from);

describe('presence', () => {
  it('tells the lobby of arriving visitors as one count, not one message each', async () => {
    const u = await registerUser(server);
    const watcher = await TestSocket.withToken(server, u.cookie, '/');
    await watcher.next(MessageType.PRESENCE_LIST);
    const from = watcher.received.length;
    const visitors = await Promise.all(
      Array.from({ length: 20 }, () => TestSocket.open(server, '?path=/')),
    );
    const anonymousEntries = () =>
      watcher.received
        .slice(from)
        .filter((r) => r.type === MessageType.PRESENCE_ENTRY && r.message.isAnonymous);
    const count = () =>
      anonymousEntries().reduce((n, r) => n + (r.message.anonymousDelta as number), 0);
    await watcher.until(() => count() >= 20);
    await watcher.barrier();
    const entries = anonymousEntries();
    expect(count()).toBe(20);
    expect(entries.length).toBeLessThanOrEqual(4);
    for (const v of visitors) v.close();
    watcher.close();
  });

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

  it('counts a crowded lobby of 2,000 signed-in users: a sample of names and counts of arrivals', async () => {
    // Sockets held by another process, as its presence rows.
    await sql`INSERT INTO presence (conn_id, realm, user_id, username, process_id)
      SELECT 'crowd-' || g, 'lobby', gen_random_uuid()::text, 'crowd' || g, 'elsewhere'
      FROM generate_series(1, 2000) g`.execute(server.core.database.db);
    try {
      // Time under test: the realm's list is read from storage again once it is LIST_REFRESH_MS old.
      await new Promise((r) => setTimeout(r, LIST_REFRESH_MS + 100));
      const [a, b] = [await registerUser(server), await registerUser(server)];
      const sa = await TestSocket.withToken(server, a.cookie, '/');
      const list = (await sa.nextWhere(
        MessageType.PRESENCE_LIST,
        (m) => m.channel === 'lobby',
      )) as {
        entries: { username: string }[];
        namedCount: number;
        continued: boolean;
      };
      // One message: the arrival and a sample of the others, with how many there are.
      expect(list.continued).toBe(false);
      expect(list.entries).toHaveLength(NAMED_PRESENCE_MAX);
      expect(list.entries[0].username).toBe(a.username);
      expect(list.namedCount).toBeGreaterThanOrEqual(2001);

      // a's own arrival comes back to a as a count, not a name.
      await sa.nextWhere(
        MessageType.PRESENCE_ENTRY,
        (m) => m.channel === 'lobby' && (m.namedDelta as number) >= 1 && m.userId === '',
      );
      // Another player arrives and leaves: counted, not named.
      const from = sa.received.length;
      const counts = () =>
        sa.received
          .slice(from)
          .filter((m) => m.type === MessageType.PRESENCE_ENTRY && m.message.channel === 'lobby')
          .map((m) => m.message as { namedDelta: number; userId: string });
      const net = () => counts().reduce((n, m) => n + m.namedDelta, 0);
      const sb = await TestSocket.withToken(server, b.cookie, '/');
      await sa.until(() => net() === 1);
      sb.close();
      await sa.until(() => net() === 0);
      expect(counts().every((m) => m.userId === '')).toBe(true);
      await sa.barrier();
      const named = sa.received
        .slice(from)
        .filter((m) => m.type === MessageType.PRESENCE_ENTRY && m.message.userId === b.userId);
      expect(named).toEqual([]);
      sa.close();
    } finally {
      await sql`DELETE FROM presence WHERE process_id = 'elsewhere'`.execute(
        server.core.database.db,
      );
    }
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
    await vi.waitFor(
      async () => expect((await follows()).body.users[0].online ?? false).toBe(false),
      { timeout: 5000, interval: 100 },
    );
  });
});
