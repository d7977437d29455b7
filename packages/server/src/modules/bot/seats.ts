import { isUserBotName, USER_BOTS, type UserBotName } from '@tessera/engine/ai';
import type { BotSeats } from '../lobby/index.ts';
import type { Memberships } from '../membership/index.ts';
import type { BotDeps } from './deps.ts';

/** The user-facing bots, weakest first: the engine's list (docs/product/gameplay.md §9). */
export type BotName = UserBotName;
export const BOT_NAMES: readonly BotName[] = USER_BOTS.map((b) => b.name);

export function isBotName(name: string): name is BotName {
  return isUserBotName(name);
}

/** A gated bot needs a membership with games left, or the Special Access Player role. */
function isGated(name: BotName): boolean {
  return USER_BOTS.some((b) => b.name === name && b.gated);
}

/**
 * Seats for bot games: each bot plays under its own account. Which bots can
 * be seated depends on which the bot engine can run (`available`).
 */
export function createBotSeats(
  ctx: Pick<BotDeps, 'accounts' | 'memberships'>,
  available: () => readonly string[] = () => [],
): BotSeats {
  const { memberships } = ctx;
  return {
    async seat(botType, user) {
      const refusal = await refusalFor(memberships, available, botType, user, true);
      if (refusal) return refusal;
      const account = await ctx.accounts.ensureBotAccount(botType);
      return { userId: account.id, nickname: account.username };
    },
  };
}

export interface BotRefusal {
  refused: 'BOT_LOCKED' | 'BOT_QUOTA';
  params: (string | number)[];
}

/**
 * Why a user cannot play a bot now, or undefined when they can. With `take`
 * a gated game of the monthly allowance is used up; without, it is only
 * looked at (the bot form's hint, BotService.GetBotAccess).
 */
export async function refusalFor(
  memberships: Memberships,
  available: () => readonly string[],
  botType: string,
  user: { userId: string; perms: string[] },
  take: boolean,
): Promise<BotRefusal | undefined> {
  const locked = (what: string) => ({ refused: 'BOT_LOCKED' as const, params: [what] });
  if (!isBotName(botType)) return locked(botType.slice(0, 40) || 'That bot');
  if (!available().includes(botType))
    return locked(`${botType} (bots are not running on this server)`);
  if (!isGated(botType) || user.perms.includes('can_play_special_bots')) return undefined;
  // Last, so a refused request never uses up a game of the allowance.
  const gated = take
    ? await memberships.takeGatedGame(user.userId)
    : await memberships.gatedGameOpen(user.userId);
  if (!gated.allowed && gated.reason === 'not-member') return locked(botType);
  if (!gated.allowed && gated.reason === 'quota') {
    return { refused: 'BOT_QUOTA', params: [gated.used, formatDate(gated.nextDate)] };
  }
  return undefined;
}

/** "December 1, 2026": the day a monthly allowance starts again (UTC). */
function formatDate(d: Date): string {
  return d.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
