import { USER_BOTS } from '@tessera/engine/ai';
import { ChallengeRule } from '@tessera/protocol';

/**
 * Names and limits of the lobby (docs/product/gameplay.md §3, §5, §9).
 */

export const VARIANTS = [
  { id: 'classic', label: 'Classic' },
  { id: 'wordsmog', label: 'WordSmog' },
  { id: 'classic_super', label: 'Super (21×21)' },
] as const;
export type VariantId = (typeof VARIANTS)[number]['id'];

export function variantLabel(id: string): string {
  return VARIANTS.find((v) => v.id === id)?.label ?? id;
}

/** Challenge rules: the long label for forms, the short tag for lists. */
export const CHALLENGE_RULES: readonly { rule: ChallengeRule; label: string; tag: string }[] = [
  { rule: ChallengeRule.VOID, label: 'Void', tag: 'Void' },
  { rule: ChallengeRule.SINGLE, label: 'Single (x1)', tag: 'x1' },
  { rule: ChallengeRule.DOUBLE, label: 'Double (x2)', tag: 'x2' },
  { rule: ChallengeRule.FIVE_POINT, label: 'Five point (+5)', tag: '+5' },
  { rule: ChallengeRule.TEN_POINT, label: 'Ten point (+10)', tag: '+10' },
  { rule: ChallengeRule.TRIPLE, label: 'Triple (x3)', tag: 'x3' },
];

export function challengeRuleLabel(rule: ChallengeRule): string {
  return CHALLENGE_RULES.find((r) => r.rule === rule)?.label ?? 'Void';
}

export function challengeRuleTag(rule: ChallengeRule): string {
  return CHALLENGE_RULES.find((r) => r.rule === rule)?.tag ?? 'Void';
}

/** What a non-void rule means for the player accepting (the accept dialog's notice). */
export function challengeRuleNotice(rule: ChallengeRule): string | undefined {
  switch (rule) {
    case ChallengeRule.SINGLE:
      return 'Invalid words can be played and must be challenged off. A failed challenge costs nothing.';
    case ChallengeRule.DOUBLE:
      return 'Invalid words can be played and must be challenged off. A failed challenge loses your turn.';
    case ChallengeRule.FIVE_POINT:
      return 'Invalid words can be played and must be challenged off. A failed challenge gives your opponent 5 points.';
    case ChallengeRule.TEN_POINT:
      return 'Invalid words can be played and must be challenged off. A failed challenge gives your opponent 10 points.';
    case ChallengeRule.TRIPLE:
      return 'Invalid words can be played and must be challenged off. A failed challenge ends the game: you lose.';
    case ChallengeRule.VOID:
    case ChallengeRule.UNSPECIFIED:
    default:
      return undefined;
  }
}

/** The bots, weakest first, with their level and average score: the engine's list (docs/product/gameplay.md §9). */
export const BOTS = USER_BOTS.map((b) => ({
  id: b.name,
  level: b.level[0].toUpperCase() + b.level.slice(1),
  average: b.specAverage,
  voidOnly: b.voidOnly,
}));
export type BotId = (typeof BOTS)[number]['id'];

/** Initial time choices in seconds: 15, 30, 45 s; 1–25 min; 30–60 min by 5 (docs/product/gameplay.md §9). */
export const INITIAL_TIME_CHOICES: readonly number[] = [
  15,
  30,
  45,
  ...Array.from({ length: 25 }, (_, i) => (i + 1) * 60),
  ...Array.from({ length: 7 }, (_, i) => (30 + i * 5) * 60),
];

export const MAX_OVERTIME_MINUTES = 10;
export const MAX_INCREMENT_SECONDS = 60;
export const RATING_RANGE_MIN = 50;
export const RATING_RANGE_MAX = 500;
export const RATING_RANGE_STEP = 50;
/** Correspondence time per turn (seconds); 5 days by default (docs/product/gameplay.md §5). */
export const DEFAULT_CORRESPONDENCE_TURN = 432_000;
/**
 * Correspondence time bank choices in minutes: a reserve each player draws on
 * once a turn's time is used up. The server takes 0 to 30 days (lobby/validate.ts).
 */
export const MAX_TIME_BANK_MINUTES = 30 * 24 * 60;
export const TIME_BANK_CHOICES: readonly number[] = [0, 1, 2, 3, 7, 14, 30].map((d) => d * 1440);

export const CORRESPONDENCE_TURN_CHOICES: readonly number[] = [
  12 * 3600,
  86_400,
  2 * 86_400,
  3 * 86_400,
  DEFAULT_CORRESPONDENCE_TURN,
  7 * 86_400,
  10 * 86_400,
  14 * 86_400,
];
/** Usernames are at most 20 characters (docs/product/gameplay.md §9). */
export const USERNAME_MAX = 20;
/** An established rating has a deviation of at most this (docs/product/gameplay.md §9). */
export const ESTABLISHED_DEVIATION = 90;
/** Lexicons hidden unless the secret "all lexicons" setting is on (docs/product/gameplay.md §5 "Dictionaries"). */
export const HIDDEN_LEXICONS: readonly string[] = ['NSWL20', 'ECWL', 'CSW24X'];

export const NOT_CONNECTED = 'You are not connected to the server. Please try again in a moment.';
