import { ChatMessageSchema, MessageType } from '@tessera/protocol';
import type { Bus } from '../../bus/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import {
  type ChannelRoute,
  Chat,
  type ChatLine,
  type ChatPolicy,
  type ChatSender,
} from './chat.ts';

export {
  chatMigrations,
  pmChannel,
  routeChannel,
  type ChatLine,
  type ChatPolicy,
  type ChatSender,
} from './chat.ts';

/** The chat module's face: channels, their history and who may read or post. */
export interface ChatApi {
  /** Checks a user's line (channel, length, mute, flood) and posts it. */
  post(sender: ChatSender, channel: string, text: string): Promise<void>;
  /** Stores a line for a routed channel and fans it out, with no checks. */
  record(sender: ChatSender, channel: string, route: ChannelRoute, text: string): Promise<void>;
  /** Channels with recent lines that concern the user, newest first. */
  activeChannels: Chat['activeChannels'];
  /** May this user (empty for a visitor) read the channel? */
  canRead(channel: string, userId: string): Promise<boolean>;
  /** The channel's kept lines, oldest first. */
  history(channel: string): Promise<ChatLine[]>;
  /** One kept line of a channel, or undefined. */
  line(channel: string, id: string): Promise<ChatLine | undefined>;
  /** A line with up to `each` lines either side, oldest first (a report's context). */
  around(channel: string, id: string, each: number): Promise<ChatLine[]>;
  /** Deletes a line and removes it live on every socket in its channel; returns it. */
  remove(channel: string, id: string): Promise<ChatLine | undefined>;
}

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
}): ModuleParts<ChatApi> {
  const chat = new Chat(deps.db, deps.gateway, deps.bus, deps.policy);
  deps.gateway.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (conn, m) =>
    chat.post({ userId: conn.user.userId, username: conn.user.username }, m.channel, m.message),
  );
  return { module: { name: 'chat' }, api: chat };
}
