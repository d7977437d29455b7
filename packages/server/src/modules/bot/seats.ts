import type { BotSeats } from '../lobby/lobby.ts';
import type { ModuleContext } from '../module.ts';

/** The user-facing bots, weakest first (spec/gameplay.md §9). */
export const BOT_NAMES = [
  'BeginnerBot',
  'BasicBot',
  'BetterBot',
  'STEEBot',
  'HastyBot',
  'BestBot',
] as const;
export type BotName = (typeof BOT_NAMES)[number];
/** The top bot needs membership or the Special Access Player role. */
export const GATED_BOT: BotName = 'BestBot';

export function isBotName(name: string): name is BotName {
  return (BOT_NAMES as readonly string[]).includes(name);
}

/**
 * Seats for bot games: each bot plays under its own account. Which bots can
 * be seated depends on which the bot engine can run (`available`).
 */
export function createBotSeats(
  ctx: ModuleContext,
  available: () => readonly string[] = () => [],
): BotSeats {
  return {
    async seat(botType, user) {
      if (!isBotName(botType)) return `${botType.slice(0, 40) || 'That bot'}`;
      if (botType === GATED_BOT && !user.perms.includes('can_play_special_bots')) return botType;
      if (!available().includes(botType)) return `${botType} (bots are not running on this server)`;
      const account = await ctx.accounts.ensureBotAccount(botType);
      return { userId: account.id, nickname: account.username };
    },
  };
}
