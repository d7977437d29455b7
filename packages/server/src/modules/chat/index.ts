import { ChatMessageSchema, MessageType } from '@tessera/protocol';
import type { Bus } from '../../bus/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import { Chat, type ChatPolicy } from './chat.ts';

export { Chat, chatMigrations, pmChannel, routeChannel } from './chat.ts';
export { socialRoutes } from './service.ts';

export function createChat(db: Db, gateway: Gateway, bus: Bus, policy: ChatPolicy): Chat {
  const chat = new Chat(db, gateway, bus, policy);
  gateway.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (conn, m) =>
    chat.post({ userId: conn.user.userId, username: conn.user.username }, m.channel, m.message),
  );
  return chat;
}
