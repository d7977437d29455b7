import { MessageType, SeekRequestSchema, SoughtGameProcessEventSchema } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { gameRequest } from './game-helpers.ts';
import { registerUser, TestSocket, TWO_PROCESSES, useTestServer } from './harness.ts';

/**
 * Issue 37, item 9: a seek made on a process that is then killed stays listed
 * until the live processes notice the silence (up to five seconds); accepting
 * it in that time must not start a game against a seeker nobody can reach.
 * A seeker connected to another process is still matched.
 */
const server = useTestServer();

const code = (m: Record<string, unknown>) => Number(String(m.message ?? '').split(';')[0]);

async function seekFrom(seeker: TestSocket, watcher: TestSocket): Promise<string> {
  const from = watcher.received.length;
  seeker.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
    gameRequest: gameRequest(),
    minimumRatingRange: -500,
    maximumRatingRange: 500,
  });
  const seek = (await watcher.next(MessageType.SEEK_REQUEST, from, 15_000)) as {
    gameRequest: { requestId: string };
  };
  return seek.gameRequest.requestId;
}

describe.runIf(TWO_PROCESSES)('accepting a seek', () => {
  it('starts the game when the seeker is connected to another process', async () => {
    const peer = await server.peer();
    const [x, y] = [await registerUser(server), await registerUser(server)];
    const sx = await TestSocket.withToken(peer, x.cookie, '/');
    const sy = await TestSocket.withToken(server, y.cookie, '/');
    for (const s of [sx, sy]) await s.next(MessageType.SESSION_INFO);
    const requestId = await seekFrom(sx, sy);
    sy.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, { requestId });
    await sy.next(MessageType.NEW_GAME_EVENT, 0, 15_000);
    await sx.next(MessageType.NEW_GAME_EVENT, 0, 15_000);
    for (const s of [sx, sy]) s.close();
  }, 60_000);

  it('is refused when the seeker’s process was killed, and the seek goes', async () => {
    const peer = await server.peer();
    const [x, y] = [await registerUser(server), await registerUser(server)];
    const sx = await TestSocket.withToken(peer, x.cookie, '/');
    const sy = await TestSocket.withToken(server, y.cookie, '/');
    for (const s of [sx, sy]) await s.next(MessageType.SESSION_INFO);
    const requestId = await seekFrom(sx, sy);
    await peer.kill!();

    // At once: well inside the five seconds before the live process clears the dead one's seeks.
    const from = sy.received.length;
    sy.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, { requestId });
    const refused = await sy.nextWhere(MessageType.ERROR_MESSAGE, () => true, from, 15_000);
    expect(code(refused)).toBe(1140);
    await sy.nextWhere(
      MessageType.SOUGHT_GAME_REMOVED,
      (m) => m.requestId === requestId,
      from,
      15_000,
    );
    await sy.barrier();
    expect(sy.received.slice(from).some((r) => r.type === MessageType.NEW_GAME_EVENT)).toBe(false);
    sy.close();
  }, 60_000);
});
