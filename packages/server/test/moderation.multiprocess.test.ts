import {
  ClientGameplayEvent_Type as Action,
  ClientGameplayEventSchema,
  MessageType,
  renderError,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import { gameRequest, startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';
import { mod, moderatorAndPlayer, namedEnd, post } from './moderation-helpers.ts';

/**
 * Every moderator action bites where it matters, over the real socket and
 * RPC paths, with the player on the peer process (another process in
 * two-process mode): and stops biting when removed or when it runs out
 * (the scheduler's expiry job).
 */
const server = useTestServer();

const HOUR = 3600;
const apply = (cookie: string, actions: Record<string, unknown>[]) =>
  mod(server, 'ApplyActions', { actions }, cookie);
const remove = (cookie: string, actions: Record<string, unknown>[]) =>
  mod(server, 'RemoveActions', { actions }, cookie);

describe('MUTE', () => {
  it('refuses the muted user’s lines on every channel, naming the end, until removed', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    const friend = await registerUser(server);
    const pm = `chat.pm.${[player.userId, friend.userId].sort().join('_')}`;
    expect(await post(socket, 'chat.lobby', 'before the mute')).toBe('posted');

    const r = await apply(moderator.cookie, [
      { userId: player.userId, type: 'MUTE', duration: 2 * HOUR, note: 'spam' },
    ]);
    expect(r.status).toBe(200);
    const refusal = await post(socket, 'chat.lobby', 'hello?');
    expect(refusal).toMatch(/^You are muted and cannot chat until \d{4}-/);
    const end = namedEnd(refusal).getTime();
    expect(Math.abs(end - (Date.now() + 2 * HOUR * 1000))).toBeLessThan(60_000);
    expect(await post(socket, 'chat.tournament.someevent', 'hi')).toBe(refusal);
    expect(await post(socket, pm, 'psst')).toBe(refusal);

    const active = await mod<{
      actions: Record<string, { note: string; applierUsername: string }>;
    }>(server, 'GetActions', { userId: player.userId }, moderator.cookie);
    expect(active.body.actions.MUTE).toMatchObject({
      note: 'spam',
      applierUsername: moderator.username,
    });

    expect((await remove(moderator.cookie, [{ userId: player.userId, type: 'MUTE' }])).status).toBe(
      200,
    );
    expect(await post(socket, 'chat.lobby', 'I am back')).toBe('posted');
    const history = await mod<{ actions: { type?: string; removerUsername: string }[] }>(
      server,
      'GetActionHistory',
      { userId: player.userId },
      moderator.cookie,
    );
    // MUTE is the enum's zero value, which JSON leaves out.
    expect(history.body.actions[0].type).toBeUndefined();
    expect(history.body.actions[0].removerUsername).toBe(moderator.username);
    socket.close();
  }, 60_000);

  it('refuses the players’ room of a game, and runs out through the scheduler', async () => {
    const p = await twoPlayers(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    const gameId = await startGame(p.sa, p.sb);
    await apply(moderator.cookie, [{ userId: p.b.userId, type: 'MUTE', duration: 1 }]);
    const from = p.sb.received.length;
    expect(await post(p.sb, `chat.game.${gameId}`, 'gg')).toMatch(/until/);
    // The expiry job tells the user; from then on the line goes through.
    await p.sb.nextWhere(
      MessageType.SERVER_MESSAGE,
      (m) => /no longer muted/.test(m.message as string),
      from,
      30_000,
    );
    expect(await post(p.sb, `chat.game.${gameId}`, 'gg')).toBe('posted');
    const history = await mod<{ actions: { removerUsername: string }[] }>(
      server,
      'GetActionHistory',
      { userId: p.b.userId },
      moderator.cookie,
    );
    expect(history.body.actions[0].removerUsername).toBe('(expired)');
    p.close();
  }, 60_000);
});

describe('REMOVE_CHAT', () => {
  it('deletes the line from the history and from every socket in the channel', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    const watcher = await TestSocket.withToken(server, undefined, '/');
    await watcher.next(MessageType.SESSION_INFO);
    expect(await post(socket, 'chat.lobby', 'something rude')).toBe('posted');
    const line = (await server.services.chat.history('chat.lobby')).find(
      (l) => l.message === 'something rude',
    )!;
    const from = watcher.received.length;
    const r = await apply(moderator.cookie, [
      { userId: player.userId, type: 'REMOVE_CHAT', channel: 'chat.lobby', messageId: line.id },
    ]);
    expect(r.status).toBe(200);
    await watcher.nextWhere(MessageType.CHAT_MESSAGE_DELETED, (m) => m.id === line.id, from);
    expect((await server.services.chat.history('chat.lobby')).some((l) => l.id === line.id)).toBe(
      false,
    );
    const history = await mod<{ actions: { type: string; chatText: string }[] }>(
      server,
      'GetActionHistory',
      { userId: player.userId },
      moderator.cookie,
    );
    expect(history.body.actions[0]).toMatchObject({
      type: 'MOD_ACTION_TYPE_REMOVE_CHAT',
      chatText: 'something rude',
    });
    // Gone already: a second removal is told so.
    const again = await apply(moderator.cookie, [
      { userId: player.userId, type: 'REMOVE_CHAT', channel: 'chat.lobby', messageId: line.id },
    ]);
    expect(again.status).toBe(404);
    socket.close();
    watcher.close();
  }, 60_000);
});

describe('SUSPEND_ACCOUNT', () => {
  it('closes the open sockets at once, refuses sign-in and the API key, until removed', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    const key = (
      await rpc<{ key: string }>(
        server,
        'AuthenticationService',
        'GetAPIKey',
        {},
        {
          cookie: player.cookie,
        },
      )
    ).body.key;
    await apply(moderator.cookie, [
      { userId: player.userId, type: 'SUSPEND_ACCOUNT', duration: 24 * HOUR },
    ]);
    await socket.waitClosed(10_000);

    const login = await rpc(server, 'AuthenticationService', 'Login', {
      username: player.username,
      password: player.password,
    });
    expect(login.status).toBe(403);
    expect(login.error).toMatch(/^Your account is suspended until \d{4}-/);
    const byKey = await rpc(
      server,
      'AuthenticationService',
      'GetSession',
      {},
      {
        headers: { 'x-api-key': key },
      },
    );
    expect(byKey.status).toBe(403);
    expect(byKey.error).toMatch(/suspended until/);
    // The old session is gone too.
    const old = await rpc(server, 'ModService', 'GetOwnActions', {}, { cookie: player.cookie });
    expect(old.status).toBe(401);

    await remove(moderator.cookie, [{ userId: player.userId, type: 'SUSPEND_ACCOUNT' }]);
    const again = await rpc(server, 'AuthenticationService', 'Login', {
      username: player.username,
      password: player.password,
    });
    expect(again.status).toBe(200);
    const session = await rpc(
      server,
      'AuthenticationService',
      'GetSession',
      {},
      {
        headers: { 'x-api-key': key },
      },
    );
    expect(session.body).toMatchObject({ loggedIn: true, userId: player.userId });
  }, 60_000);

  it('runs out through the scheduler', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    await apply(moderator.cookie, [
      { userId: player.userId, type: 'SUSPEND_ACCOUNT', duration: 1 },
    ]);
    await socket.waitClosed(10_000);
    await vi.waitFor(
      async () => {
        const h = await mod<{ actions: { removerUsername: string }[] }>(
          server,
          'GetActionHistory',
          { userId: player.userId },
          moderator.cookie,
        );
        expect(h.body.actions[0].removerUsername).toBe('(expired)');
      },
      { timeout: 30_000, interval: 200 },
    );
    const login = await rpc(server, 'AuthenticationService', 'Login', {
      username: player.username,
      password: player.password,
    });
    expect(login.status).toBe(200);
  }, 60_000);
});

/** Seeks from `s`; resolves to 'sought' (the lobby lists the seek) or the refusal's text. */
async function seek(s: TestSocket, rated: boolean): Promise<string> {
  const from = s.received.length;
  s.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
    gameRequest: gameRequest({ rated }),
    minimumRatingRange: -500,
    maximumRatingRange: 500,
  });
  const answer = () =>
    s.received
      .slice(from)
      .find((r) => r.type === MessageType.ERROR_MESSAGE || r.type === MessageType.SEEK_REQUEST);
  await s.until(() => !!answer(), 10_000);
  const got = answer()!;
  return got.type === MessageType.ERROR_MESSAGE
    ? renderError(got.message.message as string)
    : 'sought';
}

describe('SUSPEND_RATED_GAMES and SUSPEND_GAMES', () => {
  it('refuses rated seeks and accepting a rated seek, but not casual games', async () => {
    const p = await twoPlayers(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    await apply(moderator.cookie, [
      { userId: p.b.userId, type: 'SUSPEND_RATED_GAMES', duration: 48 * HOUR, note: 'sandbagging' },
    ]);
    expect(await seek(p.sb, true)).toMatch(
      /^You cannot play rated games until \d{4}-.*Reason: sandbagging$/,
    );
    // A's rated seek cannot be accepted by B.
    const fromB = p.sb.received.length;
    expect(await seek(p.sa, true)).toBe('sought');
    const offered = (await p.sb.next(MessageType.SEEK_REQUEST, fromB)) as {
      gameRequest: { requestId: string };
    };
    const before = p.sb.received.length;
    p.sb.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId: offered.gameRequest.requestId,
    });
    await p.sb.barrier();
    const refusal = p.sb.received.slice(before).find((r) => r.type === MessageType.ERROR_MESSAGE);
    expect(refusal).toBeDefined();
    // A cancels the rated seek (processing one's own seek cancels it), then a casual game goes.
    p.sa.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId: offered.gameRequest.requestId,
    });
    await p.sa.barrier();
    const gameId = await startGame(p.sb, p.sa, { rated: false });
    expect(gameId).toBeTruthy();
    p.close();
  }, 60_000);

  it('SUSPEND_GAMES refuses even casual games; removal lifts it', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    await apply(moderator.cookie, [{ userId: player.userId, type: 'SUSPEND_GAMES', duration: 0 }]);
    expect(await seek(socket, false)).toBe(
      'You cannot start new games until a moderator lifts it.',
    );
    await remove(moderator.cookie, [{ userId: player.userId, type: 'SUSPEND_GAMES' }]);
    expect(await seek(socket, false)).toBe('sought');
    socket.close();
  }, 60_000);
});

describe('resets and deletion', () => {
  it('RESET_STATS_AND_RATINGS clears what a rated game left', async () => {
    const p = await twoPlayers(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    const gameId = await startGame(p.sa, p.sb);
    p.sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: Action.RESIGN,
    });
    await p.sa.next(MessageType.GAME_ENDED_EVENT);
    await vi.waitFor(async () =>
      expect(Object.keys(await server.services.ratings.allFor(p.a.userId)).length).toBe(1),
    );
    expect(Object.keys(await server.services.stats.of(p.a.userId)).length).toBe(1);
    const from = p.sa.received.length;
    await apply(moderator.cookie, [{ userId: p.a.userId, type: 'RESET_STATS_AND_RATINGS' }]);
    expect(await server.services.ratings.allFor(p.a.userId)).toEqual({});
    expect(await server.services.stats.of(p.a.userId)).toEqual({});
    // The player's screens hear of the reset ratings.
    await p.sa.next(MessageType.PROFILE_UPDATE, from);
    expect(Object.keys(await server.services.ratings.allFor(p.b.userId)).length).toBe(1);
    p.close();
  }, 60_000);

  it('DELETE_ACCOUNT erases the person, keeps the games under another name, and the name stays taken', async () => {
    const p = await twoPlayers(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    const gameId = await startGame(p.sa, p.sb);
    p.sb.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: Action.RESIGN,
    });
    await p.sb.next(MessageType.GAME_ENDED_EVENT);
    await apply(moderator.cookie, [
      { userId: p.b.userId, type: 'DELETE_ACCOUNT', emailType: 'DELETION' },
    ]);
    await p.sb.waitClosed(10_000);
    const names = await server.core.accounts.usernames([p.b.userId]);
    expect(names.get(p.b.userId)).toMatch(/^deleted-/);
    expect((await server.core.accounts.details([p.b.userId])).size).toBe(0);
    const login = await rpc(server, 'AuthenticationService', 'Login', {
      username: p.b.username,
      password: p.b.password,
    });
    expect(login.status).not.toBe(200);
    const again = await rpc(server, 'RegistrationService', 'Register', {
      username: p.b.username,
      password: 'another pass',
      email: `other-${p.b.username}@example.com`,
      birthDate: '1990-05-17',
    });
    expect(again.status).not.toBe(200);
    const row = await server.services.games.row(gameId);
    expect(row?.player1_id === p.b.userId || row?.player0_id === p.b.userId).toBe(true);
    const mail = await server.core.mailer.outbox(5);
    expect(mail.some((m) => /deleted/.test(m.body))).toBe(true);
    p.close();
  }, 60_000);
});

describe('who may act on whom', () => {
  it('nobody acts on themselves, and a moderator cannot act on an administrator', async () => {
    const { moderator, socket } = await moderatorAndPlayer(server);
    const admin = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    const self = await apply(moderator.cookie, [{ userId: moderator.userId, type: 'MUTE' }]);
    expect(self.error).toBe('You cannot apply or remove a mod action on yourself.');
    const up = await apply(moderator.cookie, [{ userId: admin.userId, type: 'MUTE' }]);
    expect(up.error).toBe('Only an administrator can act on an administrator.');
    const down = await apply(admin.cookie, [
      { userId: moderator.userId, type: 'MUTE', duration: 60 },
    ]);
    expect(down.status).toBe(200);
    socket.close();
  }, 60_000);

  it('refuses ill-formed actions with the catalogue’s words', async () => {
    const { moderator, player, socket } = await moderatorAndPlayer(server);
    const cases: [Record<string, unknown>[], RegExp][] = [
      [[], /^Action is required\.$/],
      [
        [{ userId: player.userId, type: 'MUTE', duration: 4321 * HOUR }],
        /between 0 and 4320 hours/,
      ],
      [[{ userId: player.userId, type: 'MUTE', duration: -1 }], /between 0 and 4320 hours/],
      [[{ userId: player.userId, type: 'MUTE', note: 'x'.repeat(201) }], /at most 200 characters/],
      [[{ userId: 'nobody-at-all', type: 'MUTE' }], /does not exist/],
      [[{ userId: player.userId, type: 'REMOVE_CHAT' }], /needs the channel and the message/],
      [[{ userId: player.userId, type: 99 }], /no mod action of type 99/],
    ];
    for (const [actions, text] of cases) {
      const r = await apply(moderator.cookie, actions);
      expect(r.status, JSON.stringify(actions)).toBeGreaterThanOrEqual(400);
      expect(r.error).toMatch(text);
    }
    const notActive = await remove(moderator.cookie, [{ userId: player.userId, type: 'MUTE' }]);
    expect(notActive.error).toBe('There is no active MUTE action on this user.');
    const oneOff = await remove(moderator.cookie, [{ userId: player.userId, type: 'RESET_STATS' }]);
    expect(oneOff.error).toMatch(/cannot be removed/);
    socket.close();
  }, 60_000);
});
