import type { MessageInitShape } from '@bufbuild/protobuf';
import { ChallengeRule, GameMode, RatingMode, type SeekRequestSchema } from '@tessera/protocol';
import {
  BOTS,
  CORRESPONDENCE_TURN_CHOICES,
  DEFAULT_CORRESPONDENCE_TURN,
  INITIAL_TIME_CHOICES,
  MAX_INCREMENT_SECONDS,
  MAX_TIME_BANK_MINUTES,
  MAX_OVERTIME_MINUTES,
  RATING_RANGE_MAX,
  RATING_RANGE_MIN,
  RATING_RANGE_STEP,
  TIME_BANK_CHOICES,
  USERNAME_MAX,
  VARIANTS,
  type BotId,
  type VariantId,
} from '../constants.ts';

/**
 * The three seek forms' values, defaults, checks and wire form
 * (docs/product/gameplay.md §3 "Seek form fields", §5 "Seek forms"). Pure: the
 * components only render what this module decides.
 */
export type SeekFormKind = 'seek' | 'bot' | 'match';

export type Visibility = 'all' | 'established' | 'followed';

export interface SeekFormValues {
  lexicon: string;
  variant: VariantId;
  challengeRule: ChallengeRule;
  gameMode: 'realtime' | 'correspondence';
  initialTimeSeconds: number;
  /** Extra time as overtime minutes or as an increment in seconds (incOrOT). */
  extraKind: 'overtime' | 'increment';
  /** As typed, so a bad value can be shown and refused. */
  extraTime: string;
  rated: boolean;
  /** ± points around the seeker's rating. */
  ratingRange: number;
  visibility: Visibility;
  friend: string;
  botType: BotId;
  correspondenceTurnSeconds: number;
  /** Correspondence only: each player's reserve once a turn's time is up (0: none). */
  timeBankMinutes: number;
}

export type SeekFormErrors = Partial<Record<keyof SeekFormValues, string>>;

export const REQUIRED = 'This field is required.';

export const TITLES: Record<SeekFormKind, string> = {
  seek: 'Create a game',
  bot: 'Play a computer',
  match: 'Match a friend',
};

/** The spec's default seek, with the server's default lexicon in place of CSW24. */
export function defaultValues(defaultLexicon: string): SeekFormValues {
  return {
    lexicon: defaultLexicon,
    variant: 'classic',
    challengeRule: ChallengeRule.DOUBLE,
    gameMode: 'realtime',
    initialTimeSeconds: 20 * 60,
    extraKind: 'overtime',
    extraTime: '1',
    rated: true,
    ratingRange: 300,
    visibility: 'all',
    friend: '',
    botType: 'BetterBot',
    correspondenceTurnSeconds: DEFAULT_CORRESPONDENCE_TURN,
    timeBankMinutes: 0,
  };
}

export function storageKey(kind: SeekFormKind): string {
  return `tessera.seekForm.${kind}`;
}

/** The last values sent from this form, or the defaults; anything stale or unknown falls back. */
export function rememberedValues(
  kind: SeekFormKind,
  defaultLexicon: string,
  offered: readonly string[],
  storage: Pick<Storage, 'getItem'> = localStorage,
): SeekFormValues {
  const d = defaultValues(defaultLexicon);
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(storage.getItem(storageKey(kind)) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const v = { ...d } as Record<string, unknown>;
  for (const key of Object.keys(d) as (keyof SeekFormValues)[]) {
    if (typeof saved[key] === typeof d[key]) v[key] = saved[key];
  }
  const out = v as unknown as SeekFormValues;
  if (!offered.includes(out.lexicon)) out.lexicon = offered.includes(d.lexicon) ? d.lexicon : '';
  if (!VARIANTS.some((x) => x.id === out.variant)) out.variant = d.variant;
  if (!(out.challengeRule >= ChallengeRule.VOID && out.challengeRule <= ChallengeRule.TRIPLE))
    out.challengeRule = d.challengeRule;
  if (out.gameMode !== 'realtime' && out.gameMode !== 'correspondence') out.gameMode = d.gameMode;
  if (!INITIAL_TIME_CHOICES.includes(out.initialTimeSeconds))
    out.initialTimeSeconds = d.initialTimeSeconds;
  if (out.extraKind !== 'overtime' && out.extraKind !== 'increment') out.extraKind = d.extraKind;
  if (
    out.ratingRange < RATING_RANGE_MIN ||
    out.ratingRange > RATING_RANGE_MAX ||
    out.ratingRange % RATING_RANGE_STEP !== 0
  )
    out.ratingRange = d.ratingRange;
  if (!['all', 'established', 'followed'].includes(out.visibility)) out.visibility = d.visibility;
  if (!BOTS.some((b) => b.id === out.botType)) out.botType = d.botType;
  if (!CORRESPONDENCE_TURN_CHOICES.includes(out.correspondenceTurnSeconds))
    out.correspondenceTurnSeconds = d.correspondenceTurnSeconds;
  if (!TIME_BANK_CHOICES.includes(out.timeBankMinutes)) out.timeBankMinutes = d.timeBankMinutes;
  return out;
}

export function remember(
  kind: SeekFormKind,
  values: SeekFormValues,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(storageKey(kind), JSON.stringify(values));
  } catch {
    // Storage full or unavailable: the form just starts from the defaults next time.
  }
}

/** Why the challenge rule is fixed to Void, if it is. */
export function voidReason(
  kind: SeekFormKind,
  values: Pick<SeekFormValues, 'lexicon' | 'botType'>,
  voidOnlyLexicon: (name: string) => boolean,
): string | undefined {
  if (voidOnlyLexicon(values.lexicon)) return 'This dictionary is played with the Void rule only.';
  if (kind === 'bot' && BOTS.find((b) => b.id === values.botType)?.voidOnly)
    return `${values.botType} plays with the Void rule only.`;
  return undefined;
}

export function extraTimeLimit(kind: SeekFormValues['extraKind']): number {
  return kind === 'overtime' ? MAX_OVERTIME_MINUTES : MAX_INCREMENT_SECONDS;
}

export function validate(kind: SeekFormKind, v: SeekFormValues): SeekFormErrors {
  const errors: SeekFormErrors = {};
  if (!v.lexicon) errors.lexicon = REQUIRED;
  if (kind === 'match') {
    const friend = v.friend.trim();
    if (!friend) errors.friend = REQUIRED;
    else if (friend.length > USERNAME_MAX)
      errors.friend = `Usernames are at most ${USERNAME_MAX} characters.`;
  }
  if (v.gameMode === 'realtime') {
    const max = extraTimeLimit(v.extraKind);
    const text = v.extraTime.trim();
    const n = Number(text);
    if (text === '') errors.extraTime = REQUIRED;
    else if (!Number.isInteger(n) || n < 0 || n > max)
      errors.extraTime =
        v.extraKind === 'overtime'
          ? `Max overtime must be a whole number of minutes from 0 to ${max}.`
          : `Increment must be a whole number of seconds from 0 to ${max}.`;
  }
  if (
    v.gameMode === 'correspondence' &&
    !(
      Number.isInteger(v.timeBankMinutes) &&
      v.timeBankMinutes >= 0 &&
      v.timeBankMinutes <= MAX_TIME_BANK_MINUTES
    )
  )
    errors.timeBankMinutes = 'The time bank must be from none to 30 days.';
  return errors;
}

/** The SEEK_REQUEST or MATCH_REQUEST for valid values. */
export function toSeekRequest(
  kind: SeekFormKind,
  v: SeekFormValues,
  voidOnlyLexicon: (name: string) => boolean,
): MessageInitShape<typeof SeekRequestSchema> {
  const correspondence = v.gameMode === 'correspondence';
  const extra = correspondence ? 0 : Number(v.extraTime.trim());
  const rule = voidReason(kind, v, voidOnlyLexicon) ? ChallengeRule.VOID : v.challengeRule;
  const request: MessageInitShape<typeof SeekRequestSchema> = {
    gameRequest: {
      lexicon: v.lexicon,
      rules: { variantName: v.variant, boardLayoutName: 'CrosswordGame' },
      initialTimeSeconds: correspondence ? v.correspondenceTurnSeconds : v.initialTimeSeconds,
      incrementSeconds: v.extraKind === 'increment' ? extra : 0,
      maxOvertimeMinutes: v.extraKind === 'overtime' ? extra : 0,
      challengeRule: rule,
      gameMode: correspondence ? GameMode.CORRESPONDENCE : GameMode.REAL_TIME,
      ratingMode: v.rated ? RatingMode.RATED : RatingMode.CASUAL,
      playerVsBot: kind === 'bot',
      botType: kind === 'bot' ? v.botType : '',
      timeBankMinutes: correspondence ? v.timeBankMinutes : 0,
    },
  };
  if (kind === 'seek') {
    request.minimumRatingRange = -v.ratingRange;
    request.maximumRatingRange = v.ratingRange;
    request.requireEstablishedRating = v.visibility === 'established';
    request.onlyFollowedPlayers = v.visibility === 'followed';
  }
  if (kind === 'match') {
    request.receivingUser = { displayName: v.friend.trim() };
    request.receiverIsPermanent = true;
  }
  return request;
}
