import type { GameInfo } from '@tessera/protocol';
import { DEFAULT_RATING, ESTABLISHED_DEVIATION } from './constants.ts';
import type { LobbyState, ProfileRating, SoughtGame } from './lobby-store.ts';

/** The lists the lobby's tabs show, derived from the lobby state for one user. */

const isRematch = (s: SoughtGame) => s.rematchFor !== '';

/**
 * Whether this user may see an open seek (spec §5 "Seek visibility"): their
 * own always; anyone else's only if the user's rating in the seek's rating
 * key (1500 when they have none) lies within the seeker's rating plus the
 * seek's minimum and maximum range, and, when the seeker asks for an
 * established rating, the user's deviation is at most 90.
 */
export function seekVisible(
  s: SoughtGame,
  me: string,
  ratings: Readonly<Record<string, ProfileRating>> | null,
): boolean {
  if (s.seekerId === me || s.receiverIsPermanent) return true;
  const mine = ratings?.[s.ratingKey];
  if (s.requireEstablishedRating && !(mine && mine.deviation <= ESTABLISHED_DEVIATION)) {
    return false;
  }
  const seeker = Number(s.userRating);
  if (s.userRating.trim() === '' || !Number.isFinite(seeker)) return true;
  if (s.minRatingRange === 0 && s.maxRatingRange === 0) return true;
  const rating = mine?.rating ?? DEFAULT_RATING;
  return rating >= seeker + s.minRatingRange && rating <= seeker + s.maxRatingRange;
}

/** Open seeks this user may see and take (own included), real time or correspondence. */
export function openSeeks(
  state: LobbyState,
  me: string,
  correspondence: boolean,
  lexicon = '',
): SoughtGame[] {
  return state.seeks.filter(
    (s) =>
      !s.receiverIsPermanent &&
      s.correspondence === correspondence &&
      (lexicon === '' || s.lexicon === lexicon) &&
      seekVisible(s, me, state.ratings),
  );
}

/** Match requests addressed to this user (rematches are answered in the game room). */
export function incomingMatches(state: LobbyState, me: string, correspondence: boolean) {
  return state.seeks.filter(
    (s) =>
      s.receiverIsPermanent &&
      s.receiverId === me &&
      s.correspondence === correspondence &&
      !isRematch(s),
  );
}

/** Match requests this user has sent and that wait for an answer. */
export function outgoingMatches(state: LobbyState, me: string, correspondence: boolean) {
  return state.seeks.filter(
    (s) =>
      s.receiverIsPermanent &&
      s.seekerId === me &&
      s.correspondence === correspondence &&
      !isRematch(s),
  );
}

export function myGames(games: readonly GameInfo[], me: string): GameInfo[] {
  return me ? games.filter((g) => g.players.some((p) => p.userId === me)) : [];
}

export function isMyTurn(g: GameInfo, me: string): boolean {
  return g.players[g.playerOnTurn]?.userId === me;
}

export function opponentOf(g: GameInfo, me: string) {
  return g.players.find((p) => p.userId !== me) ?? g.players[0];
}

/** Time left for the player on turn, now. */
export function remainingMs(g: GameInfo, now: number): number {
  const asOf = Date.parse(g.lastUpdate);
  const elapsed = Number.isFinite(asOf) ? Math.max(0, now - asOf) : 0;
  return Number(g.onTurnRemainingMs) - elapsed;
}

/** Correspondence games: the user's turn first, then least time remaining (spec §2). */
export function sortCorrespondence(
  games: readonly GameInfo[],
  me: string,
  now: number,
): GameInfo[] {
  return [...games].sort((a, b) => {
    const turn = Number(isMyTurn(b, me)) - Number(isMyTurn(a, me));
    return turn || remainingMs(a, now) - remainingMs(b, now);
  });
}

/** The Correspondence tab's badge: games awaiting the user's move plus match requests to them. */
export function correspondenceBadge(state: LobbyState, me: string): number {
  if (!me) return 0;
  const onTurn = state.correspondenceGames.filter((g) => isMyTurn(g, me)).length;
  return onTurn + incomingMatches(state, me, true).length;
}
