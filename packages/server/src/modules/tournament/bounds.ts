/**
 * The bounds of the tournament service's inputs (issue 36): every text has a
 * length cap and every time a range, so an input out of bounds is refused
 * with its catalogue code instead of failing somewhere deeper with a 500.
 * The spec gives division names 1 to 24 characters (rules.ts); the other caps
 * are ours, generous for real use and small next to a 64 KB socket message.
 */
import { refuse } from '@tessera/protocol';

export const TEXT_CAPS = {
  name: 200,
  description: 20_000,
  disclaimer: 20_000,
  logo: 2_000,
  color: 32,
  tileStyle: 64,
  boardStyle: 64,
  password: 200,
  slug: 120,
  settingField: 64,
} as const;

/** Settings fields a club may leave free, at most. */
export const MAX_SETTING_FIELDS = 32;

/** Log entries one GetTournamentLog call returns at most. */
export const LOG_PAGE_MAX = 10_000;

/** 9999-12-31T23:59:59Z, the last second a date field may name. */
const LAST_SECOND = 253_402_300_799;

/** Refuses a text longer than its cap (in characters, as the spec counts them). */
export function capText(field: keyof typeof TEXT_CAPS, value: string): void {
  if ([...value.slice(0, TEXT_CAPS[field] * 2 + 2)].length > TEXT_CAPS[field])
    throw refuse('TOURNAMENT_FIELD_TOO_LONG', field, TEXT_CAPS[field]);
}

/** A wire timestamp's seconds (0 when absent), refused outside 1970-9999. */
export function timeSeconds(t?: { seconds: bigint }): number {
  if (!t) return 0;
  if (t.seconds < 0n || t.seconds > BigInt(LAST_SECOND)) throw refuse('TOURNAMENT_TIME_INVALID');
  return Number(t.seconds);
}

/**
 * Players a division holds at most (decision 0123): a Swiss of this many
 * pairs within the pairing deadline on one worker, and a round's pairings
 * and standings stay a few socket messages.
 */
export const MAX_DIVISION_PLAYERS = 1_000;
