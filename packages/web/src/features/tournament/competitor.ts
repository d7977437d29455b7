import { competitorStatus, type CompetitorStatus, type Outcome } from '@tessera/tournament';
import { pairingOf, type Division, type MatchResult, type Pairing } from './model.ts';

/**
 * The competitor status card (docs/product/tournaments.md §4 "Competitor
 * status (player card)"): which state the user is in (computed by the
 * tournament package, as the server does), and what the card says and
 * offers in it.
 */
export type { CompetitorStatus };

/**
 * A round counts as late for a pair of players when it has been open this
 * long and neither of them said they are ready (the spec leaves when
 * ROUND_LATE applies to us; decision 0102).
 */
export const ROUND_LATE_MS = 10 * 60_000;

export interface CompetitorInput {
  division: Division;
  /** The user as a division player id ("{userID}:{username}"). */
  personId: string;
  checkedIn: boolean;
  checkinsOpen: boolean;
  started: boolean;
  finished: boolean;
  /** When this page saw the current round start (ms); undefined when not seen. */
  roundStartedAt?: number;
  now: number;
}

export interface CompetitorState {
  status: CompetitorStatus;
  /** 0-based round the state is about (the current one). */
  round: number;
  pairing?: Pairing;
  /** The game to resume in ROUND_GAME_ACTIVE. */
  gameId?: string;
}

/** The outcomes of a pairing with oneself that have a status of their own. */
const SELF_PLAY: Partial<Record<MatchResult, Outcome>> = {
  BYE: 'bye',
  FORFEIT_LOSS: 'forfeit_loss',
  FORFEIT_WIN: 'forfeit_win',
};

/** The user's state, or null when the card has nothing to say (no pairing in a started round). */
export function competitorState(input: CompetitorInput): CompetitorState | null {
  const { division, personId } = input;
  const round = division.currentRound;
  const pairing = input.started ? pairingOf(division, round, personId) : undefined;
  const me = pairing?.players[0] === personId ? 0 : 1;
  const game = pairing?.games[0];
  const status = competitorStatus({
    round: input.started ? round : -1,
    numRounds: division.numRounds,
    checkinsOpen: input.checkinsOpen,
    checkedIn: input.checkedIn,
    pairing: pairing && {
      self: pairing.players[0] === pairing.players[1] ? SELF_PLAY[pairing.outcomes[0]] : undefined,
      decided: pairing.outcomes[me] !== 'NO_RESULT' || (!!game && game.endReason !== 'NONE'),
      gameId: game?.id || undefined,
      ready: pairing.readyStates[me] !== '',
      opponentReady: pairing.readyStates[1 - me] !== '',
      late: input.roundStartedAt !== undefined && input.now - input.roundStartedAt > ROUND_LATE_MS,
    },
  });
  if (!status) return input.finished ? { status: 'POSTTOURNEY', round } : null;
  if (status === 'PRETOURNEY' || status === 'NOT_CHECKED_IN') return { status, round };
  return {
    status,
    round,
    pairing,
    ...(status === 'ROUND_GAME_ACTIVE' ? { gameId: game?.id } : {}),
  };
}

/** The ready button's label in the states that have one (§2 "Competitor status card"). */
export function readyButtonLabel(status: CompetitorStatus): string | null {
  switch (status) {
    case 'ROUND_OPEN':
      return "I'm ready";
    case 'ROUND_LATE':
      return 'Start your game!';
    case 'ROUND_OPPONENT_WAITING':
      return 'Your opponent is waiting!';
    case 'PRETOURNEY':
    case 'NOT_CHECKED_IN':
    case 'ROUND_BYE':
    case 'ROUND_FORFEIT_LOSS':
    case 'ROUND_FORFEIT_WIN':
    case 'ROUND_READY':
    case 'ROUND_GAME_ACTIVE':
    case 'ROUND_GAME_FINISHED':
    case 'POSTTOURNEY':
      return null;
  }
}

/**
 * The card's lines. `round` is 0-based; the card speaks 1-based. `name` is
 * the tournament's.
 */
export function competitorMessages(
  state: CompetitorState,
  name: string,
  numRounds: number,
): string[] {
  const n = state.round + 1;
  const last = state.round >= numRounds - 1;
  switch (state.status) {
    case 'PRETOURNEY':
      return [
        `Thanks for registering for ${name}!`,
        'Your pairings will show here once it starts.',
      ];
    case 'NOT_CHECKED_IN':
      return ['Check-ins are open.', 'Please check in so that you are paired.'];
    case 'ROUND_BYE':
      return last
        ? [`You have a bye for round ${n}.`]
        : [`You have a bye for round ${n}.`, `Please return in time for round ${n + 1}.`];
    case 'ROUND_FORFEIT_LOSS':
      return [`You forfeited round ${n}.`, 'Please check in with the director.'];
    case 'ROUND_FORFEIT_WIN':
      return [`You won round ${n} by forfeit.`];
    case 'ROUND_OPEN':
      return [`Time to start round ${n}!`];
    case 'ROUND_LATE':
      return [`Round ${n} has started and your game has not.`, 'Start your game!'];
    case 'ROUND_OPPONENT_WAITING':
      return ['Your opponent is waiting!'];
    case 'ROUND_READY':
      return ['Waiting for opponent'];
    case 'ROUND_GAME_ACTIVE':
      return [`Good luck in your round ${n} game!`];
    case 'ROUND_GAME_FINISHED':
      return [`Your round ${n} score has been recorded.`, 'Good luck in your next game!'];
    case 'POSTTOURNEY':
      return [`Your round ${n} score has been recorded.`, `Thanks for playing in ${name}!`];
  }
}
