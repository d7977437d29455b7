import type { ConnectRouter } from '@connectrpc/connect';
import { BotService, errorMessage } from '@tessera/protocol';
import type { BotDeps } from './deps.ts';
import { BOT_NAMES, refusalFor } from './seats.ts';

/**
 * BotService: which bots the caller may play, so the bot form can say so
 * before a game is asked for. The same check as seating, without using up
 * a game of a member's allowance. A visitor is refused every bot: bot games
 * need an account.
 */
export function botRoutes(
  router: ConnectRouter,
  ctx: Pick<BotDeps, 'sessions' | 'roles' | 'memberships'>,
  available: () => readonly string[],
): void {
  const { memberships } = ctx;
  router.service(BotService, {
    async getBotAccess(_req, handler) {
      const me = await ctx.sessions.currentUser(handler);
      const user = me
        ? { userId: me.id, perms: await ctx.roles.permsOf(me.id) }
        : { userId: '', perms: [] };
      const bots = [];
      for (const botType of BOT_NAMES) {
        const refusal = me
          ? await refusalFor(memberships, available, botType, user, false)
          : { refused: 'NOT_LOGGED_IN' as const, params: [] };
        bots.push({
          botType,
          refusal: refusal ? errorMessage(refusal.refused, ...refusal.params) : '',
        });
      }
      return { bots };
    },
  });
}
