/**
 * Numbers with meaning in the rules (docs/product/gameplay.md §9), and the names of variants and
 * challenge rules.
 */
import type { BoardLayoutName } from '../board/layouts.ts';
import type { LetterSetName } from '../tiles/letter-sets.ts';

export { RACK_SIZE } from '../tiles/rack.ts';

/** Points for playing all seven tiles of a full rack in one move. */
export const BINGO_BONUS = 50;
/** This many scoreless turns in a row end the game (CONSECUTIVE_ZEROES). */
export const MAX_SCORELESS_TURNS = 6;
/** Tiles the bag must hold for an exchange (1 for some file-based lexicons). */
export const DEFAULT_EXCHANGE_MIN_BAG = 7;
/** Points lost per started minute of overtime. */
export const OVERTIME_PENALTY_PER_MINUTE = 10;
export const MILLIS_PER_MINUTE = 60_000;
/** Going out earns this multiple of the opponent's remaining rack value. */
export const END_RACK_MULTIPLIER = 2;

export type Variant = 'classic' | 'wordsmog' | 'classic_super';
export const VARIANTS: readonly Variant[] = ['classic', 'wordsmog', 'classic_super'];

export function isVariant(name: string): name is Variant {
  return (VARIANTS as readonly string[]).includes(name);
}

export type ChallengeRule = 'VOID' | 'SINGLE' | 'DOUBLE' | 'FIVE_POINT' | 'TEN_POINT' | 'TRIPLE';
export const CHALLENGE_RULES: readonly ChallengeRule[] = [
  'VOID',
  'SINGLE',
  'DOUBLE',
  'FIVE_POINT',
  'TEN_POINT',
  'TRIPLE',
];

export function isChallengeRule(name: string): name is ChallengeRule {
  return (CHALLENGE_RULES as readonly string[]).includes(name);
}

/** Points the challenged player receives when a challenge of a valid play fails. */
export function challengeBonus(rule: ChallengeRule): number {
  return rule === 'FIVE_POINT' ? 5 : rule === 'TEN_POINT' ? 10 : 0;
}

/** Board and (where fixed) letter set of each variant. */
export function variantBoard(variant: Variant): BoardLayoutName {
  return variant === 'classic_super' ? 'SuperCrosswordGame' : 'CrosswordGame';
}

export function variantLetterSet(variant: Variant): LetterSetName | null {
  return variant === 'classic_super' ? 'english_super' : null;
}
