import { GameEndReason, MessageType, SeekRequestSchema, JoinPathSchema } from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import { bestMove, gameRequest, sendMove, updateAfter } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

/** A person (played by the test's oracle) against a bot, to the end. */
async function playAgainst(botType: string) {
  const u = await registerUser(server);
  if (botType === 'BestBot') await server.core.roles.grant(u.userId, 'Special Access Player');
  // On the peer process in two-process mode: the test's oracle reads through this one.
  const s = await TestSocket.withToken(await server.peer(), u.cookie, '/');
  await s.next(MessageType.SESSION_INFO);
  s.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
    gameRequest: {
      ...gameRequest({ initialTimeSeconds: 60, maxOvertimeMinutes: 1 }),
      playerVsBot: true,
      botType,
    },
  });
  const { gameId } = (await s.next(MessageType.NEW_GAME_EVENT)) as { gameId: string };
  s.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${gameId}` });
  for (let turns = 0; turns < 200; turns++) {
    const row = (await server.services.games.row(gameId))!;
    if (row.ended_at) break;
    const humanIndex = row.player0_id === u.userId ? 0 : 1;
    if (row.player_on_turn === humanIndex) {
      const m = await bestMove(server, gameId);
      if (m.player !== humanIndex) continue;
      sendMove(s, gameId, m.text);
      await updateAfter(s, m.eventCount);
    } else {
      await updateAfter(s, row.event_count, 0).catch(() => undefined);
    }
  }
  const ended = (await s.next(MessageType.GAME_ENDED_EVENT, 0, 30_000)) as {
    endReason: number;
    scores: number[];
  };
  const row = (await server.services.games.row(gameId))!;
  s.close();
  return { ended, row, botIndex: row.bot_index };
}

describe('games against bots', () => {
  it.each(['BeginnerBot', 'BasicBot', 'BetterBot', 'STEEBot', 'HastyBot', 'BestBot'])(
    'a person plays %s to the end, and the bot never breaks a rule',
    async (botType) => {
      const { ended, row, botIndex } = await playAgainst(botType);
      expect([GameEndReason.STANDARD, GameEndReason.CONSECUTIVE_ZEROES]).toContain(ended.endReason);
      expect(ended.scores[botIndex]).toBeGreaterThan(0);
      expect(row.rated).toBe(false);
      if (botType === 'BeginnerBot') expect(row.request.challengeRule).toBe('VOID');
    },
    180_000,
  );

  it('lets only a player of a bot game ask its bot to move, and only on the bot’s turn', async () => {
    const u = await registerUser(server);
    const s = await TestSocket.withToken(server, u.cookie, '/');
    await s.next(MessageType.SESSION_INFO);
    s.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: {
        ...gameRequest({ correspondence: true }),
        playerVsBot: true,
        botType: 'HastyBot',
      },
    });
    const { gameId } = (await s.next(MessageType.NEW_GAME_EVENT)) as { gameId: string };
    // Wait for the bot's opening move if it went first: then it is the person's turn.
    await vi.waitFor(
      async () => {
        const row = (await server.services.games.row(gameId))!;
        if (row.player_on_turn === row.bot_index) throw new Error('the bot never moved');
      },
      { timeout: 10_000, interval: 100 },
    );
    const unfreeze = (cookie?: string, id = gameId) =>
      rpc<{ prompted: boolean }>(
        server,
        'GameMetadataService',
        'UnfreezeBot',
        { gameId: id },
        { cookie },
      );

    expect((await unfreeze(u.cookie)).error).toBe('It is not the bot’s turn.');
    expect((await unfreeze()).error).toBe('You must be logged in to do that.');
    const other = await registerUser(server);
    expect((await unfreeze(other.cookie)).error).toBe('You are not playing in this game.');
    expect((await unfreeze(u.cookie, 'no-such-game')).error).toBe(
      'These are not the games you are looking for.',
    );
    s.close();
  });

  it('keeps BestBot for special access players', async () => {
    const u = await registerUser(server);
    const s = await TestSocket.withToken(server, u.cookie, '/');
    await s.next(MessageType.SESSION_INFO);
    s.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: { ...gameRequest(), playerVsBot: true, botType: 'BestBot' },
    });
    const err = (await s.next(MessageType.ERROR_MESSAGE)) as { message: string };
    expect((await import('@tessera/protocol')).renderError(err.message)).toBe(
      'BestBot is only available to members and special access players.',
    );
    s.close();
  });

  it('lets members play BestBot up to their tier allowance each month', async () => {
    const { Memberships } = await import('../src/index.ts');
    const { renderError } = await import('@tessera/protocol');
    const memberships = new Memberships(server.core.database.db);
    const u = await registerUser(server);
    const s = await TestSocket.withToken(server, u.cookie, '/');
    await s.next(MessageType.SESSION_INFO);
    let from = 0;
    /** Asks for a correspondence game against BestBot: the game id, or the error shown. */
    const ask = async () => {
      s.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
        gameRequest: {
          ...gameRequest({ correspondence: true }),
          playerVsBot: true,
          botType: 'BestBot',
        },
      });
      const quiet = (p: Promise<Record<string, unknown>>) =>
        p.catch((): Record<string, unknown> => ({}));
      const reply = await Promise.race([
        quiet(s.next(MessageType.NEW_GAME_EVENT, from)),
        quiet(s.next(MessageType.ERROR_MESSAGE, from)),
      ]);
      from = s.received.length;
      return typeof reply.gameId === 'string'
        ? reply.gameId
        : renderError(String((reply as { message: string }).message));
    };

    // A tier counts only once the membership account is linked.
    await memberships.set(u.userId, 'Chihuahua', null);
    expect(await ask()).toBe('BestBot is only available to members and special access players.');
    await memberships.set(u.userId, 'Chihuahua', 'member-123');
    for (let i = 0; i < 4; i++) expect(await ask()).toMatch(/^[\w-]{6,}$/);
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const date = next.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(await ask()).toBe(`You've used your 4 games this month. You can play again on ${date}.`);
    expect(await memberships.used(u.userId)).toBe(4);
    // A bigger tier gives more games at once; the other bots were never counted.
    await memberships.set(u.userId, 'Dalmatian', 'member-123');
    expect(await ask()).toMatch(/^[\w-]{6,}$/);
    expect(await memberships.used(u.userId)).toBe(5);
    s.close();
  });
});
