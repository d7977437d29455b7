import {
  ChatMessage_EntityType,
  ChatMessageSchema,
  MessageType,
  NewGameEventSchema,
  SeekRequestSchema,
} from '@tessera/protocol';
import type { SocketClient } from '../realtime/socket-client.ts';
import type { SessionStore } from '../session/session-store.ts';
import { isPmChannel } from '../stores/channels.ts';
import type { SoundPlayer } from './sound-player.ts';

/**
 * Sounds for what can happen on any page with a socket: a game starting for
 * this connection, a match request to the user, a private message from
 * someone else (docs/product/community.md §4.2). Game-room sounds are played by the
 * room itself (features/game/state/use-game-connection.ts).
 */
export function wireSounds(
  socket: SocketClient,
  session: SessionStore,
  sounds: SoundPlayer,
  isBlocked: (userId: string) => boolean,
): void {
  socket.on(MessageType.NEW_GAME_EVENT, NewGameEventSchema, (m) => {
    const cid = socket.getSnapshot().sessionInfo?.connectionId;
    if (cid && (m.requesterCid === cid || m.accepterCid === cid)) sounds.play('startGame');
  });
  socket.on(MessageType.SEEK_REQUEST, SeekRequestSchema, (m) => {
    const me = session.getSnapshot().userId;
    if (me && m.receiverIsPermanent && m.receivingUser?.userId === me) sounds.play('matchRequest');
  });
  socket.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (m) => {
    const me = session.getSnapshot().userId;
    if (
      me &&
      isPmChannel(m.channel) &&
      m.entityType === ChatMessage_EntityType.USER_CHAT &&
      m.senderId !== me &&
      !isBlocked(m.senderId)
    )
      sounds.play('receiveChat');
  });
}
