import { voidOnly } from '../lexicon/index.ts';
import { isChallengeRule, isVariant, type ChallengeRule, type Variant } from '@tessera/engine';
import {
  ChallengeRule as WireChallengeRule,
  challengeRules,
  GameMode,
  type GameRequest,
  RatingMode,
  type SeekRequest,
} from '@tessera/protocol';
import { DEFAULT_CORRESPONDENCE_TURN_SECONDS, type StoredRequest } from '../game/index.ts';

/** Limits of the seek forms (docs/product/gameplay.md §5 and §9). */
export const MAX_OVERTIME_MINUTES = 10;
export const MAX_INCREMENT_SECONDS = 60;
export const RATING_RANGE_STEP = 50;
export const RATING_RANGE_MIN = 50;
export const RATING_RANGE_MAX = 500;
export const MIN_CORRESPONDENCE_TURN_SECONDS = 3600;
export const MAX_CORRESPONDENCE_TURN_SECONDS = 14 * 24 * 3600;
export const MAX_TIME_BANK_MINUTES = 30 * 24 * 60;

/** Initial time choices: 15, 30, 45 s; 1 to 25 minutes; 30 to 60 minutes in steps of 5. */
export function isInitialTimeChoice(seconds: number): boolean {
  if (seconds === 15 || seconds === 30 || seconds === 45) return true;
  if (seconds % 60 !== 0) return false;
  const minutes = seconds / 60;
  return (minutes >= 1 && minutes <= 25) || (minutes >= 30 && minutes <= 60 && minutes % 5 === 0);
}

export interface ValidatedRequest {
  request: StoredRequest;
  variant: Variant;
  challengeRule: ChallengeRule;
}

/**
 * Checks a game request and returns it in stored form, or the reason it is
 * refused (the text of SEEK_INVALID's parameter).
 */
export function validateGameRequest(
  req: GameRequest | undefined,
  lexiconExists: (name: string) => string | undefined,
): ValidatedRequest | string {
  if (!req) return 'the game request is missing';
  const lexicon = lexiconExists(req.lexicon);
  if (!req.lexicon) return 'This field is required.';
  if (!lexicon) return `unknown lexicon ${req.lexicon.slice(0, 40)}`;
  const variant = req.rules?.variantName || 'classic';
  if (!isVariant(variant)) return `unknown variant ${variant.slice(0, 40)}`;
  let rule = challengeRules.fromWire(req.challengeRule || WireChallengeRule.VOID);
  if (!rule || !isChallengeRule(rule)) return 'unknown challenge rule';
  if (voidOnly(lexicon)) rule = 'VOID';
  const correspondence = req.gameMode === GameMode.CORRESPONDENCE;
  if (req.gameMode !== GameMode.REAL_TIME && !correspondence) return 'unknown game mode';
  if (req.ratingMode !== RatingMode.RATED && req.ratingMode !== RatingMode.CASUAL)
    return 'unknown rating mode';
  let initial = req.initialTimeSeconds;
  if (correspondence) {
    initial ||= DEFAULT_CORRESPONDENCE_TURN_SECONDS;
    if (initial < MIN_CORRESPONDENCE_TURN_SECONDS || initial > MAX_CORRESPONDENCE_TURN_SECONDS) {
      return 'time per turn must be between 1 hour and 14 days';
    }
    if (req.timeBankMinutes < 0 || req.timeBankMinutes > MAX_TIME_BANK_MINUTES)
      return 'time bank out of range';
  } else {
    if (!isInitialTimeChoice(initial)) return 'initial time is not one of the choices';
    if (req.maxOvertimeMinutes < 0 || req.maxOvertimeMinutes > MAX_OVERTIME_MINUTES) {
      return `overtime must be 0 to ${MAX_OVERTIME_MINUTES} minutes`;
    }
    if (req.incrementSeconds < 0 || req.incrementSeconds > MAX_INCREMENT_SECONDS) {
      return `increment must be 0 to ${MAX_INCREMENT_SECONDS} seconds`;
    }
    if (req.incrementSeconds > 0 && req.maxOvertimeMinutes > 0)
      return 'choose increment or overtime, not both';
  }
  return {
    variant,
    challengeRule: rule,
    request: {
      lexicon,
      variant,
      challengeRule: rule,
      initialTimeSeconds: initial,
      incrementSeconds: correspondence ? 0 : req.incrementSeconds,
      maxOvertimeMinutes: correspondence ? 0 : req.maxOvertimeMinutes,
      correspondence,
      rated: req.ratingMode === RatingMode.RATED,
      botType: req.playerVsBot ? req.botType : '',
      requestId: '',
      originalRequestId: req.originalRequestId.slice(0, 64),
      timeBankMinutes: correspondence ? req.timeBankMinutes : 0,
    },
  };
}

/** Rating range bounds: multiples of 50 between 50 and 500 (the minimum is sent negative). */
export function validateRange(s: SeekRequest): string | undefined {
  if (s.receiverIsPermanent || s.rematchFor) return undefined;
  const lo = -s.minimumRatingRange;
  const hi = s.maximumRatingRange;
  for (const v of [lo, hi]) {
    if (v < RATING_RANGE_MIN || v > RATING_RANGE_MAX || v % RATING_RANGE_STEP !== 0) {
      return `rating range must be ${RATING_RANGE_MIN} to ${RATING_RANGE_MAX} in steps of ${RATING_RANGE_STEP}`;
    }
  }
  return undefined;
}
