import type { ConnectRouter } from '@connectrpc/connect';
import { ChatMessage_EntityType, SocializeService, refuse } from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { ChatApi } from '../chat/index.ts';
import type { PresenceApi } from '../presence/index.ts';
import type { Social } from './social.ts';

/** Active channels fetched when the chat list opens (docs/product/gameplay.md §7: 20 at offset 0). */
export const ACTIVE_CHANNELS_DEFAULT = 20;
const ACTIVE_CHANNELS_MAX = 100;
const UUID = /^[0-9a-f-]{36}$/;

/** SocializeService: friends, blocks and chat history over RPC. */
export function socialRoutes(
  router: ConnectRouter,
  d: {
    chat: ChatApi;
    social: Social;
    sessions: SessionResolver;
    accounts: Accounts;
    presence: PresenceApi;
  },
): void {
  const target = async (uuid: string) => {
    if (!UUID.test(uuid)) throw refuse('INVALID_REQUEST', 'uuid');
    const names = await d.accounts.usernames([uuid]);
    if (!names.has(uuid)) throw refuse('USER_UNKNOWN');
    return uuid;
  };
  const users = async (ids: string[]) => {
    const names = await d.accounts.usernames(ids);
    return ids.filter((id) => names.has(id)).map((id) => ({ uuid: id, username: names.get(id)! }));
  };

  router.service(SocializeService, {
    async addFollow(req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      await d.social.follow(me.id, await target(req.uuid));
      return {};
    },
    async removeFollow(req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      await d.social.unfollow(me.id, req.uuid);
      return {};
    },
    async getFollows(_req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      const list = await users(await d.social.following(me.id));
      const online = await d.presence.online(list.map((u) => u.uuid));
      return { users: list.map((u) => ({ ...u, online: online.has(u.uuid) })) };
    },
    async addBlock(req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      await d.social.block(me.id, await target(req.uuid));
      return {};
    },
    async removeBlock(req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      await d.social.unblock(me.id, req.uuid);
      return {};
    },
    async getBlocks(_req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      return { users: await users(await d.social.blocking(me.id)) };
    },
    async getFullBlocks(_req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      return { userIds: [...(await d.social.fullBlocks(me.id))] };
    },
    async getActiveChatChannels(req, ctx) {
      const me = await d.sessions.requireUser(ctx);
      const limit =
        req.number > 0 ? Math.min(req.number, ACTIVE_CHANNELS_MAX) : ACTIVE_CHANNELS_DEFAULT;
      const rows = await d.chat.activeChannels(
        me.id,
        limit,
        Math.max(0, req.offset),
        req.tournamentId,
      );
      const others = rows.flatMap((r) =>
        r.route?.kind === 'users' ? r.route.userIds.filter((u) => u !== me.id) : [],
      );
      const names = await d.accounts.usernames(others);
      return {
        channels: rows.map((r) => {
          const other =
            r.route?.kind === 'users' ? r.route.userIds.find((u) => u !== me.id) : undefined;
          return {
            name: r.channel,
            displayName: other
              ? `pm:${names.get(other) ?? 'unknown'}`
              : r.channel.replace(/^chat\./, ''),
            lastUpdate: BigInt(r.last.getTime()),
            lastMessage: r.lastMessage,
            hasUpdate: false,
          };
        }),
      };
    },
    async getChatsForChannel(req, ctx) {
      const me = await d.sessions.currentUser(ctx);
      if (!(await d.chat.canRead(req.channel, me?.id ?? ''))) {
        throw refuse('CHAT_CHANNEL_INVALID', req.channel.slice(0, 80));
      }
      const hidden = me ? await d.social.fullBlocks(me.id) : new Set<string>();
      const rows = await d.chat.history(req.channel);
      return {
        messages: rows
          .filter((r) => !hidden.has(r.sender_id))
          .map((r) => ({
            id: r.id,
            entityType: ChatMessage_EntityType.USER_CHAT,
            sender: r.sender,
            senderId: r.sender_id,
            message: r.message,
            channel: r.channel,
            timestamp: BigInt(new Date(r.created_at!).getTime()),
          })),
      };
    },
  });
}
