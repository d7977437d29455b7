/**
 * The competitor status (docs/product/tournaments.md §4 "Competitor status
 * (player card)"): which state a player is in for their division's current
 * round. The server (GetCompetitorState) and the web's card compute it here
 * from what each knows of the player's pairing.
 */
import type { Outcome } from '@tessera/pairing';

export type CompetitorStatus =
  | 'PRETOURNEY'
  | 'NOT_CHECKED_IN'
  | 'ROUND_BYE'
  | 'ROUND_FORFEIT_LOSS'
  | 'ROUND_FORFEIT_WIN'
  | 'ROUND_OPEN'
  | 'ROUND_OPPONENT_WAITING'
  | 'ROUND_READY'
  | 'ROUND_GAME_ACTIVE'
  | 'ROUND_GAME_FINISHED'
  | 'POSTTOURNEY'
  | 'ROUND_LATE';

/** What the status depends on: the player's division and their pairing in its current round. */
export interface CompetitorRound {
  /** The division's current round, 0-based; -1 before its first round opens. */
  round: number;
  numRounds: number;
  checkinsOpen: boolean;
  checkedIn: boolean;
  /** The player's pairing in the current round; absent when they have none. */
  pairing?: {
    /** Paired with themselves (a bye or a forfeit): the outcome they were given. */
    self?: Outcome;
    /** The game has a result. */
    decided: boolean;
    /** The game being played on the site. */
    gameId?: string;
    ready: boolean;
    opponentReady: boolean;
    /** Open long enough without a ready mark to count as late (only the web measures it). */
    late?: boolean;
  };
}

const SELF_PLAY: Partial<Record<Outcome, CompetitorStatus>> = {
  bye: 'ROUND_BYE',
  forfeit_loss: 'ROUND_FORFEIT_LOSS',
  forfeit_win: 'ROUND_FORFEIT_WIN',
};

/** The player's status; undefined in an open round where they are not paired (the caller says what then). */
export function competitorStatus(c: CompetitorRound): CompetitorStatus | undefined {
  if (c.round < 0) return c.checkinsOpen && !c.checkedIn ? 'NOT_CHECKED_IN' : 'PRETOURNEY';
  const p = c.pairing;
  if (!p) return undefined;
  const self = p.self && SELF_PLAY[p.self];
  if (self) return self;
  if (p.decided) return c.round >= c.numRounds - 1 ? 'POSTTOURNEY' : 'ROUND_GAME_FINISHED';
  if (p.gameId) return 'ROUND_GAME_ACTIVE';
  if (p.ready) return 'ROUND_READY';
  if (p.opponentReady) return 'ROUND_OPPONENT_WAITING';
  return p.late ? 'ROUND_LATE' : 'ROUND_OPEN';
}
