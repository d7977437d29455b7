import {
  ChatMessageSchema,
  ClientGameplayEvent_Type as Action,
  ClientGameplayEventSchema,
  MessageType,
  renderError,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

/**
 * A game's two chat rooms stay apart while it is played: watchers cannot
 * post in the players' room, and players neither read nor post in the
 * watchers' room until the game is over.
 */
const server = useTestServer();

async function post(s: TestSocket, channel: string, message: string) {
  const from = s.received.length;
  s.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message });
  // Handled after the line: a refusal, if any, has arrived by then.
  await s.barrier();
  const error = s.received.slice(from).find((r) => r.type === MessageType.ERROR_MESSAGE);
  return error ? renderError(error.message.message as string) : 'posted';
}

describe('the players’ and the watchers’ chat', () => {
  it('keeps coaching out of a game in progress, and opens up when it ends', async () => {
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb);
    const players = `chat.game.${gameId}`;
    const watchers = `chat.gametv.${gameId}`;
    const w = await registerUser(server);
    const ws = await TestSocket.withToken(server, w.cookie, `/game/${gameId}`);
    await ws.next(MessageType.SESSION_INFO);

    expect(await post(ws, players, 'play the Q!')).toMatch(/cannot post to channel/);
    expect(await post(ws, watchers, 'the Q goes on the triple')).toBe('posted');
    expect(await post(p.sa, players, 'good luck')).toBe('posted');
    expect(await post(p.sa, watchers, 'hello watchers')).toMatch(/cannot post to channel/);
    const read = (cookie: string, channel: string) =>
      rpc(server, 'SocializeService', 'GetChatsForChannel', { channel }, { cookie });
    expect((await read(p.a.cookie, watchers)).status).toBe(403);
    expect((await read(w.cookie, players)).status).toBe(200);
    const lines = async (channel: string) =>
      (await server.services.chat.history(channel)).map((l) => l.message);
    expect(await lines(players)).toEqual(['good luck']);
    expect(await lines(watchers)).toEqual(['the Q goes on the triple']);

    p.sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: Action.RESIGN,
    });
    await p.sa.next(MessageType.GAME_ENDED_EVENT);
    const after = await read(p.a.cookie, watchers);
    expect(after.status).toBe(200);
    expect((after.body.messages as { message: string }[]).map((m) => m.message)).toEqual([
      'the Q goes on the triple',
    ]);
    p.close();
    ws.close();
  }, 60_000);
});
