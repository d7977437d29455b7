import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  ClientGameplayEvent_Type,
  type ClientGameplayEventSchema,
} from './gen/tessera/v1/gameplay_pb.ts';

/**
 * The client event for a move written as GCG text: "8D WO.RD" places tiles,
 * "-ABC" exchanges those tiles, "-" passes. For tools that play from text
 * (tests, benchmarks, bots driven from outside the browser).
 */
export function clientMove(
  gameId: string,
  text: string,
  eventCount: number,
): MessageInitShape<typeof ClientGameplayEventSchema> {
  if (text === '-') return { gameId, eventCount, type: ClientGameplayEvent_Type.PASS };
  if (text.startsWith('-')) {
    return { gameId, eventCount, type: ClientGameplayEvent_Type.EXCHANGE, tiles: text.slice(1) };
  }
  const [positionCoords, tiles] = text.split(' ');
  return {
    gameId,
    eventCount,
    type: ClientGameplayEvent_Type.TILE_PLACEMENT,
    positionCoords,
    tiles,
  };
}
