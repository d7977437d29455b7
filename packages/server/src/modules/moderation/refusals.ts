import { refuse, type Refusal } from '@tessera/protocol';
import type { ModActionRecord } from './actions.ts';

/** An end time as the catalogue's texts carry it (ISO 8601, UTC; the web shows local time). */
export const endText = (end: Date): string => end.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What a mute in force says to the muted user's line. */
export function muteRefusal(a: ModActionRecord | undefined): Refusal | undefined {
  if (!a) return undefined;
  return a.endTime
    ? refuse('MOD_MUTED_UNTIL', endText(a.endTime))
    : refuse('MOD_MUTED_INDEFINITELY');
}

/** What an account suspension says at sign-in and to the API key. */
export function accountRefusal(a: ModActionRecord | undefined): Refusal | undefined {
  if (!a) return undefined;
  return a.endTime
    ? refuse('MOD_ACCOUNT_SUSPENDED_UNTIL', endText(a.endTime))
    : refuse('MOD_ACCOUNT_SUSPENDED_INDEFINITELY');
}

/** What a games suspension (all games, or rated ones) says to a new game. */
export function gamesRefusal(
  all: ModActionRecord | undefined,
  rated: ModActionRecord | undefined,
): Refusal | undefined {
  if (all) {
    return all.endTime
      ? refuse('MOD_GAMES_SUSPENDED_UNTIL', endText(all.endTime))
      : refuse('MOD_GAMES_SUSPENDED_INDEFINITELY');
  }
  if (rated) {
    const why = rated.note || 'a moderator decided so';
    return rated.endTime
      ? refuse('MOD_RATED_GAMES_SUSPENDED_UNTIL', endText(rated.endTime), why)
      : refuse('MOD_RATED_GAMES_SUSPENDED_INDEFINITELY', why);
  }
  return undefined;
}
