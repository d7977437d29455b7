import { describe, expect, it } from 'vitest';
import { registerUser, rpc, startTestServer } from './harness.ts';

describe('durability', () => {
  it('keeps accounts, sessions and chat across a restart on the same storage', async () => {
    let server = await startTestServer();
    try {
      const u = await registerUser(server);
      await server.services.chat.post(
        { userId: u.userId, username: u.username },
        'chat.lobby',
        'before restart',
      );
      server = await server.restart();
      const session = await rpc(
        server,
        'AuthenticationService',
        'GetSession',
        {},
        { cookie: u.cookie },
      );
      expect(session.body).toMatchObject({ loggedIn: true, username: u.username });
      const login = await rpc(server, 'AuthenticationService', 'Login', {
        username: u.username,
        password: u.password,
      });
      expect(login.status).toBe(200);
      expect((await server.services.chat.history('chat.lobby')).map((m) => m.message)).toEqual([
        'before restart',
      ]);
      // Socket tokens are signed with the key kept in the data folder, so they survive too.
      const health = await (await fetch(`${server.url}/healthz`)).json();
      expect(health).toMatchObject({
        status: 'ok',
        database: server.databaseUrl ? 'postgres' : 'pglite',
      });
    } finally {
      await server.dispose();
    }
  }, 60_000);
});
