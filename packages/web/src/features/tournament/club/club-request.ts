import {
  ChallengeRule,
  GameMode,
  RatingMode,
  type GameRequest,
  type SeekRequestSchema,
} from '@tessera/protocol';
import type { MessageInitShape } from '@bufbuild/protobuf';

/**
 * A club's match request (docs/product/tournaments.md §2 "Games tab,
 * free-form mode"): the club's default settings, with the fields the club
 * lets its members choose (freeformClubSettingFields) taken from the form.
 */
export const CLUB_FIELDS = [
  'variant_name',
  'lexicon',
  'challenge_rule',
  'time',
  'rating_mode',
] as const;
export type ClubField = (typeof CLUB_FIELDS)[number];

/** How long the dialog's submit stays disabled after sending (§9). */
export const MATCH_SUBMIT_LOCK_MS = 500;

export interface ClubMatchValues {
  opponent: string;
  lexicon: string;
  variant: string;
  challengeRule: ChallengeRule;
  initialMinutes: number;
  rated: boolean;
}

export function initialValues(defaults: GameRequest | undefined, lexicon: string): ClubMatchValues {
  return {
    opponent: '',
    lexicon: defaults?.lexicon || lexicon,
    variant: defaults?.rules?.variantName || 'classic',
    challengeRule: defaults?.challengeRule ?? ChallengeRule.DOUBLE,
    initialMinutes: defaults?.initialTimeSeconds
      ? Math.round(defaults.initialTimeSeconds / 60)
      : 20,
    rated: defaults ? defaults.ratingMode === RatingMode.RATED : true,
  };
}

/** Which fields a member may change: all when the club fixes nothing. */
export function editable(
  defaults: GameRequest | undefined,
  fields: readonly string[],
): Set<ClubField> {
  if (!defaults) return new Set(CLUB_FIELDS);
  return new Set(CLUB_FIELDS.filter((f) => fields.includes(f)));
}

export function validateClubMatch(v: ClubMatchValues): { opponent?: string; lexicon?: string } {
  const errors: { opponent?: string; lexicon?: string } = {};
  if (!v.opponent.trim()) errors.opponent = 'This field is required.';
  if (!v.lexicon) errors.lexicon = 'This field is required.';
  return errors;
}

export function toClubRequest(
  tournamentId: string,
  v: ClubMatchValues,
  defaults: GameRequest | undefined,
): MessageInitShape<typeof SeekRequestSchema> {
  return {
    tournamentId,
    receivingUser: { displayName: v.opponent.trim() },
    receiverIsPermanent: true,
    gameRequest: {
      lexicon: v.lexicon,
      rules: { variantName: v.variant, boardLayoutName: 'CrosswordGame' },
      initialTimeSeconds: v.initialMinutes * 60,
      maxOvertimeMinutes: defaults ? defaults.maxOvertimeMinutes : 1,
      incrementSeconds: defaults ? defaults.incrementSeconds : 0,
      challengeRule: v.challengeRule,
      gameMode: GameMode.REAL_TIME,
      ratingMode: v.rated ? RatingMode.RATED : RatingMode.CASUAL,
    },
  };
}
