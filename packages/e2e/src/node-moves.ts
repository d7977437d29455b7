import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import type { NodeSocket } from './node-socket.ts';

/** Sends a move in GCG text ("8D WORD", "-ABC" to exchange, "-" to pass) from Node. */
export function sendGcgMove(s: NodeSocket, gameId: string, text: string, eventCount: number): void {
  const common = { gameId, eventCount };
  if (text === '-') {
    s.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      ...common,
      type: ClientGameplayEvent_Type.PASS,
    });
  } else if (text.startsWith('-')) {
    s.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      ...common,
      type: ClientGameplayEvent_Type.EXCHANGE,
      tiles: text.slice(1),
    });
  } else {
    const [positionCoords, tiles] = text.split(' ');
    s.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      ...common,
      type: ClientGameplayEvent_Type.TILE_PLACEMENT,
      positionCoords,
      tiles,
    });
  }
}
