/**
 * What a director may say about a player beyond who they are: the name
 * printed on exports, scorecards and the kiosk, the class for class prizes,
 * and the board of an over-the-board game. The limits keep a TSH `.t` file
 * readable: a name with `;` or `#` would split or end its line, and one
 * ending in a number would read as part of the rating.
 */
import { refuse } from '@tessera/protocol';
import { echoed } from '@tessera/tournament';

const NAME_MAX = 40;
const BOARD_MAX = 9999;

/** A trimmed player name, or undefined for none; refuses what a `.t` file cannot hold. */
export function playerName(raw: string): string | undefined {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return undefined;
  if (name.length > NAME_MAX || /[;#\p{Cc}]/u.test(name) || /(^|\s)-?\d+$/.test(name))
    throw refuse('TOURNAMENT_PLAYER_NAME_INVALID', echoed(name));
  return name;
}

/** A class name ("A", "B", "2" …), or undefined for none. */
export function className(raw: string): string | undefined {
  const c = raw.trim();
  if (!c) return undefined;
  if (!/^[\p{L}\p{N}]{1,8}$/u.test(c)) throw refuse('TOURNAMENT_CLASS_INVALID', echoed(c));
  return c;
}

/** The highest rating a director may give a player: above any rating system's scale. */
export const RATING_MAX = 4000;

/** A player's rating as given by a director: a whole number from 0 to RATING_MAX. */
export function playerRating(raw: number, who: string): number {
  if (!Number.isInteger(raw) || raw < 0 || raw > RATING_MAX)
    throw refuse('TOURNAMENT_RATING_RANGE', RATING_MAX, who.slice(0, 40), raw);
  return raw;
}

/** A board number, or undefined for none (0). */
export function boardNumber(raw: number): number | undefined {
  if (raw === 0) return undefined;
  if (!Number.isInteger(raw) || raw < 1 || raw > BOARD_MAX)
    throw refuse('TOURNAMENT_BOARD_INVALID', raw);
  return raw;
}
