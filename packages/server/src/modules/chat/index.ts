import { ChatMessageSchema, MessageType } from '@tessera/protocol';
import type { Bus } from '../../bus/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import { Chat, type ChatPolicy } from './chat.ts';

export { chatMigrations, pmChannel, routeChannel, type ChatPolicy } from './chat.ts';

/** The chat module's face: channels, their history and who may read or post. */
export type ChatApi = Pick<Chat, 'post' | 'record' | 'activeChannels' | 'canRead' | 'history'>;

/**
 * Chat channels (lobby, game, observers, tournament, private). Posting comes
 * in over the socket (CHAT_MESSAGE); lines reach every process's sockets in
 * the channel over the bus.
 */
export function createChatModule(deps: {
  db: Db;
  gateway: Gateway;
  bus: Bus;
  policy: ChatPolicy;
}): ChatApi {
  const chat = new Chat(deps.db, deps.gateway, deps.bus, deps.policy);
  deps.gateway.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (conn, m) =>
    chat.post({ userId: conn.user.userId, username: conn.user.username }, m.channel, m.message),
  );
  return chat;
}
