import { MessageType, SeekRequestSchema } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { gameRequest, startGame } from './game-helpers.ts';
import { registerUser, TestSocket, TWO_PROCESSES, useTestServer } from './harness.ts';

/**
 * What a killed process leaves behind is cleared by the others within
 * seconds: its real-time seeks leave every lobby, and its sockets leave
 * their rooms, with the game room's "no longer in this room" notice.
 */
const server = useTestServer();

describe.runIf(TWO_PROCESSES)('a server process that is killed', () => {
  it('takes its seeks and its sockets’ presence with it', async () => {
    const peer = await server.peer();
    const [p, q, x, y] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const sp = await TestSocket.withToken(server, p.cookie, '/');
    const sq = await TestSocket.withToken(peer, q.cookie, '/');
    const sx = await TestSocket.withToken(peer, x.cookie, '/');
    const sy = await TestSocket.withToken(server, y.cookie, '/');
    for (const s of [sp, sq, sx, sy]) await s.next(MessageType.SESSION_INFO);
    const gameId = await startGame(sp, sq);

    sx.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: gameRequest(),
      minimumRatingRange: -500,
      maximumRatingRange: 500,
    });
    const seek = (await sy.next(MessageType.SEEK_REQUEST)) as {
      gameRequest: { requestId: string };
    };
    // q's arrival in the game's room is recorded (p is told of it) before q's process dies:
    // a socket that dies before its arrival is stored leaves nothing to clear.
    await sp.nextWhere(
      MessageType.PRESENCE_ENTRY,
      (m) => m.userId === q.userId && m.channel === `game.${gameId}` && !m.deleting,
      0,
      15_000,
    );
    const from = sp.received.length;
    await peer.kill!();

    const removed = await sy.nextWhere(
      MessageType.SOUGHT_GAME_REMOVED,
      (m) => m.requestId === seek.gameRequest.requestId,
      0,
      15_000,
    );
    expect(removed).toBeDefined();
    const notice = await sp.nextWhere(
      MessageType.CHAT_MESSAGE,
      (m) => m.message === 'Opponent is no longer in this room.' && m.senderId === q.userId,
      from,
      15_000,
    );
    expect(notice.channel).toBe(`chat.game.${gameId}`);
    for (const s of [sp, sy]) s.close();
  }, 60_000);
});
