import type { GameInfo } from '@tessera/protocol';
import type { LobbyState, SoughtGame } from '../../stores/lobby-store.ts';

/** The lists the lobby's tabs show, derived from the lobby state for one user. */

const isRematch = (s: SoughtGame) => s.rematchFor !== '';

/** Open seeks anyone may take (own included), real time or correspondence. */
export function openSeeks(state: LobbyState, correspondence: boolean, lexicon = ''): SoughtGame[] {
  return state.seeks.filter(
    (s) =>
      !s.receiverIsPermanent &&
      s.correspondence === correspondence &&
      (lexicon === '' || s.lexicon === lexicon),
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

/** Correspondence games: the user's turn first, then least time remaining (docs/product/gameplay.md §2). */
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
