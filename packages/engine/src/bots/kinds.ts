/**
 * Bot kinds (what the engine can do) and the user-facing bots (what players
 * pick), with the level each stands for (docs/product/gameplay.md §9).
 *
 * Engine kinds:
 * - `hasty`: the move of highest static equity (score + leave).
 * - `common1`..`common4`: moves whose every word is in the common-English
 *   lexicon, chosen with less care at lower levels.
 * - `prob1`..`prob5`: any legal move, chosen at random with weights that
 *   favour better moves more strongly at higher levels, and with shorter
 *   words at the lowest levels.
 * - `noleave`: the highest-scoring move (equity without leave values).
 * - `simming`: Monte-Carlo simulation of the top candidates.
 * - `hasty-endgame`: hasty, plus the exact endgame solver once the bag is
 *   empty and the pre-endgame search with one tile in the bag.
 * - `simming-infer`: simming, guessing the opponent's kept tiles from their
 *   last play, plus the endgame and pre-endgame searches.
 */

export const BOT_KINDS = [
  'hasty',
  'common1',
  'common2',
  'common3',
  'common4',
  'prob1',
  'prob2',
  'prob3',
  'prob4',
  'prob5',
  'noleave',
  'simming',
  'hasty-endgame',
  'simming-infer',
] as const;

export type BotKind = (typeof BOT_KINDS)[number];

export function isBotKind(name: string): name is BotKind {
  return (BOT_KINDS as readonly string[]).includes(name);
}

export type BotLevel = 'beginner' | 'easy' | 'intermediate' | 'expert' | 'master' | 'grandmaster';

export interface UserBot {
  readonly name: string;
  readonly level: BotLevel;
  /** Kind used when the lexicon has a common-word list. */
  readonly common: BotKind;
  /** Kind used otherwise. */
  readonly fallback: BotKind;
  /** Average score the spec expects (§9), shown in the lobby and the documentation table. */
  readonly specAverage: number;
  /** Only the void challenge rule (the bot never challenges). */
  readonly voidOnly: boolean;
  /** Needs a membership with games left, or the Special Access Player role. */
  readonly gated: boolean;
}

/**
 * The one list of user-facing bots, weakest first: the server's seats and the
 * web's lobby derive theirs from it.
 */
export const USER_BOTS = [
  {
    name: 'BeginnerBot',
    level: 'beginner',
    common: 'common1',
    fallback: 'prob1',
    specAverage: 240,
    voidOnly: true,
    gated: false,
  },
  {
    name: 'BasicBot',
    level: 'easy',
    common: 'common2',
    fallback: 'prob2',
    specAverage: 330,
    voidOnly: false,
    gated: false,
  },
  {
    name: 'BetterBot',
    level: 'intermediate',
    common: 'common3',
    fallback: 'prob3',
    specAverage: 370,
    voidOnly: false,
    gated: false,
  },
  {
    name: 'STEEBot',
    level: 'expert',
    common: 'prob4',
    fallback: 'prob4',
    specAverage: 410,
    voidOnly: false,
    gated: false,
  },
  {
    name: 'HastyBot',
    level: 'master',
    common: 'hasty',
    fallback: 'hasty',
    specAverage: 460,
    voidOnly: false,
    gated: false,
  },
  {
    name: 'BestBot',
    level: 'grandmaster',
    common: 'simming-infer',
    fallback: 'simming-infer',
    specAverage: 470,
    voidOnly: false,
    gated: true,
  },
] as const satisfies readonly UserBot[];

export type UserBotName = (typeof USER_BOTS)[number]['name'];

export function isUserBotName(name: string): name is UserBotName {
  return USER_BOTS.some((b) => b.name === name);
}

/**
 * Lexicons with a common-word list (docs/product/gameplay.md §5: CSW, NWL and
 * RD; here also the free English lists ENABLE and SCOWL-EN, whose common
 * words are COMMON-EN). German (RD) has no free common list yet, so its bots
 * fall back to the probabilistic kinds.
 */
export function hasCommonWords(lexicon: string): boolean {
  const upper = lexicon.toUpperCase();
  return (
    upper.startsWith('CSW') ||
    upper.startsWith('NWL') ||
    upper.startsWith('SCOWL') ||
    upper.startsWith('ENABLE')
  );
}

/** The engine kind for a user-facing bot name or an engine kind (case-insensitive names). */
export function resolveBot(name: string, lexicon: string): BotKind | null {
  if (isBotKind(name)) return name;
  const bot = USER_BOTS.find((b) => b.name.toLowerCase() === name.toLowerCase());
  if (!bot) return null;
  return hasCommonWords(lexicon) ? bot.common : bot.fallback;
}
