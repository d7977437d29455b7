import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  DeclineSeekRequestSchema,
  GameMetaEvent_Type,
  GameMetaEventSchema,
  MessageType,
  ReadyForGameSchema,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
  TimedOutSchema,
} from '@tessera/protocol';
import type { SocketClient } from '../../../realtime/socket-client.ts';
import type { NotificationStore } from '../../../ui/notifications.ts';
import type { GameStore } from '../../../board/state/game-store.ts';

export const NOT_CONNECTED_TEXT = 'Not connected to the server; try again in a moment.';

/**
 * What a player sends from the game room (docs/product/gameplay.md §7 "Socket").
 * Every gameplay action carries the number of events the page has, so the
 * server refuses one made on a position the player had not seen yet.
 */
export class GameActions {
  constructor(
    private readonly socket: SocketClient,
    private readonly store: GameStore,
    private readonly notifications: NotificationStore,
  ) {}

  private gameplay(
    type: ClientGameplayEvent_Type,
    fields: { positionCoords?: string; tiles?: string } = {},
  ): boolean {
    const { gameId, eventCount } = this.store.getSnapshot();
    const sent = this.socket.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      type,
      gameId,
      eventCount,
      ...fields,
    });
    if (!sent) this.notifications.show('warning', NOT_CONNECTED_TEXT);
    return sent;
  }

  play(coords: string, tiles: string): boolean {
    return this.gameplay(ClientGameplayEvent_Type.TILE_PLACEMENT, {
      positionCoords: coords,
      tiles,
    });
  }

  pass(): boolean {
    return this.gameplay(ClientGameplayEvent_Type.PASS);
  }

  /** `tiles` in rack notation, '?' for a blank. */
  exchange(tiles: string): boolean {
    return this.gameplay(ClientGameplayEvent_Type.EXCHANGE, { tiles });
  }

  challenge(): boolean {
    return this.gameplay(ClientGameplayEvent_Type.CHALLENGE_PLAY);
  }

  resign(): boolean {
    return this.gameplay(ClientGameplayEvent_Type.RESIGN);
  }

  /** Asks for the whole state again (after a missed message, or on arrival). */
  ready(): boolean {
    return this.socket.send(MessageType.READY_FOR_GAME, ReadyForGameSchema, {
      gameId: this.store.gameId,
    });
  }

  /** A hint that the running clock has run out; the server's clock decides. */
  timedOut(userId: string): boolean {
    return this.socket.send(MessageType.TIMED_OUT, TimedOutSchema, {
      gameId: this.store.gameId,
      userId,
    });
  }

  meta(type: GameMetaEvent_Type, origEventId = ''): boolean {
    const sent = this.socket.send(MessageType.GAME_META_EVENT, GameMetaEventSchema, {
      type,
      gameId: this.store.gameId,
      origEventId,
    });
    if (!sent) this.notifications.show('warning', NOT_CONNECTED_TEXT);
    return sent;
  }

  requestCancel(): boolean {
    return this.meta(GameMetaEvent_Type.REQUEST_ABORT);
  }

  nudge(): boolean {
    return this.meta(GameMetaEvent_Type.REQUEST_ADJUDICATION);
  }

  /** A rematch: the same game request, addressed by the server to the same opponent. */
  rematch(): boolean {
    const { request, gameId } = this.store.getSnapshot();
    const sent = this.socket.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: request?.raw ? { ...request.raw, requestId: '' } : undefined,
      rematchFor: gameId,
    });
    if (!sent) this.notifications.show('warning', NOT_CONNECTED_TEXT);
    return sent;
  }

  acceptSeek(requestId: string): boolean {
    return this.socket.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId,
    });
  }

  declineSeek(requestId: string): boolean {
    return this.socket.send(MessageType.DECLINE_SEEK_REQUEST, DeclineSeekRequestSchema, {
      requestId,
    });
  }
}
