import { GameEndReason, MessageType, SeekRequestSchema, JoinPathSchema } from '@tessera/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestMove, gameRequest, sendMove, updateAfter } from './game-helpers.ts';
import { registerUser, startTestServer, type TestServer, TestSocket } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

/** A person (played by the test's oracle) against a bot, to the end. */
async function playAgainst(botType: string) {
  const u = await registerUser(server);
  if (botType === 'BestBot') await server.core.roles.grant(u.userId, 'Special Access Player');
  const s = await TestSocket.withToken(server, u.cookie, '/');
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
});
