/**
 * A player's rating for a division: the rating module's figure for the
 * division's lexicon, variant and time control, so seeds at registration
 * are real (a new player gets the rating module's starting figure). A
 * division without game settings yet has no rating to look up: 0.
 */
import { ratingKey, timeClass } from '@tessera/protocol';
import type { RatingLookup } from './context.ts';
import { division, type TState } from '@tessera/tournament';
import { stored } from './play.ts';

export async function divisionRating(
  s: TState,
  divisionName: string,
  userId: string,
  lookup: RatingLookup,
  lexiconName: (name: string) => string | undefined,
): Promise<number> {
  const gameRequest = division(s, divisionName)?.extras.gameRequest;
  if (!gameRequest) return 0;
  let r;
  try {
    r = stored(gameRequest, lexiconName);
  } catch {
    return 0;
  }
  const key = ratingKey(
    r.lexicon,
    r.variant,
    // The key tournament games are rated under (play.ts startGame).
    timeClass(r.initialTimeSeconds, r.maxOvertimeMinutes, r.incrementSeconds, false),
  );
  const [found] = await lookup([{ userId, key }]);
  return Math.round(found?.rating ?? 0);
}
