import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import type { TestServer } from './harness.ts';

/**
 * Plays a real game to its end: one move, then the other player resigns.
 * The game has three events (the move, the resignation, the end). Returns the
 * players (still connected to the game's page) and the game id.
 */
export async function finishedGame(server: TestServer) {
  const p = await twoPlayers(server);
  const gameId = await startGame(p.sa, p.sb);
  const m = await bestMove(server, gameId);
  const mover = p.byId(m.g.players[m.player].userId);
  const from = mover.received.length;
  sendMove(mover, gameId, m.text);
  await updateAfter(mover, m.eventCount, from);
  const other = mover === p.sa ? p.sb : p.sa;
  other.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
    gameId,
    type: ClientGameplayEvent_Type.RESIGN,
  });
  await Promise.all([
    p.sa.next(MessageType.GAME_ENDED_EVENT),
    p.sb.next(MessageType.GAME_ENDED_EVENT),
  ]);
  return { ...p, gameId };
}
