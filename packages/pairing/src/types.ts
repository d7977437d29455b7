/**
 * The data model: plain data in (a division's players, every round's pairings
 * and whatever results are known, the round controls), pairings out. Field
 * names follow docs/product/tournaments.md §3 where the spec names them.
 * Players are identified by their index in `players` (their seed).
 */

/** Pairing methods of docs/product/tournaments.md §9, plus the Australian draw. */
export const PAIRING_METHODS = [
  'random',
  'round_robin',
  'king_of_the_hill',
  'elimination',
  'factor',
  'initial_fontes',
  'swiss',
  'quickpair',
  'manual',
  'team_round_robin',
  'interleaved_round_robin',
  'cop',
  'australian',
] as const;
export type PairingMethod = (typeof PAIRING_METHODS)[number];

/** Who goes first: decided by hand, at random, or balanced (automatic). */
export type FirstMethod = 'manual' | 'random' | 'automatic';

/** Pairing outcomes of docs/product/tournaments.md §4 (no result = absent). */
export type Outcome = 'win' | 'loss' | 'draw' | 'bye' | 'forfeit_win' | 'forfeit_loss' | 'void';

export interface Player {
  name: string;
  rating: number;
  /** Class for class prizes: 0 or absent = none, k = class k. */
  class?: number;
  /** The class as files and screens name it (TSH `class B`); absent: the number. */
  className?: string;
  /** Withdrawn: never paired again; past games still count for opponents. */
  removed?: boolean;
}

/**
 * One player's part of one round. A bye, forfeit or void is a pairing with
 * oneself (§4 "Competitor status"): `opponent` is the player's own index and
 * `outcome` says which; its `score` is the spread as entered (+50 / −50 by
 * default, §9). A game has `score` and `opponentScore` once it is scored; an
 * unscored game counts for repeats but not in standings (results may lag).
 */
export interface Slot {
  opponent: number;
  /** True when this player went first; absent when unknown. */
  first?: boolean;
  score?: number;
  opponentScore?: number;
  /** Explicit outcome; a scored game without one is decided by the scores. */
  outcome?: Outcome;
  /** The board played on (over the board events; TSH `board`); absent = none. */
  board?: number;
}

/** rounds[r][p]: player p's slot in round r (0-based), or null if unpaired. */
export type Rounds = (Slot | null)[][];

export type TiebreakKey = 'netWins' | 'wins' | 'spread' | 'points' | 'rating';

/** Division controls of §3 (0-based placements, as sent), plus Tessera's tiebreaks. */
export interface DivisionControls {
  /** Largest spread one game can count for; 0 = no cap. */
  spreadCap: number;
  gibsonize: boolean;
  gibsonSpread: number;
  /** Lowest place (0-based) a player can be gibsonized for. */
  minimumPlacement: number;
  /** Lowest place (0-based) a gibsonized player may take a bye from. */
  maximumByePlacement: number;
  /** Standings order; the seed always breaks what is left. Default net wins, spread. */
  tiebreaks: TiebreakKey[];
}

/** Round controls of §3 for one round, plus Tessera's additions (marked). */
export interface RoundControls {
  pairingMethod: PairingMethod;
  firstMethod: FirstMethod;
  gamesPerRound: number;
  factor: number;
  initialFontes: number;
  maxRepeats: number;
  allowOverMaxRepeats: boolean;
  repeatRelativeWeight: number;
  winDifferenceRelativeWeight: number;
  /** Spread cap for this round's games instead of the division's; 0 = use the division's. */
  spreadCapOverride: number;
  /** COP: gibson spread per round from the last round backwards. */
  gibsonSpreads: number[];
  hopefulnessThresholds: number[];
  controlLossThreshold: number;
  divisionSims: number;
  controlLossSims: number;
  /** 0-based round after which control loss is checked. */
  controlLossActivationRound: number;
  placePrizes: number;
  /** Tessera: class prize counts, classPrizes[k-1] for class k. */
  classPrizes: number[];
  /** Tessera: COP from round 1 (the spec allows it only from ⌈R/2⌉+1). */
  copFromRoundOne: boolean;
  /** Tessera: COP may give the same player a second bye. */
  allowRepeatByes: boolean;
  /** Tessera: COP gives the bye to the highest-ranked player with fewest byes. */
  topDownByes: boolean;
  /** Tessera, Australian draw: repeats before this round are forgiven (0 = none). */
  resetRound: number;
  /** Tessera, Australian draw: pairs of players (indices) who must not meet (same club, family …). */
  blockedPairs: [number, number][];
}

export interface Division {
  players: Player[];
  /** Total rounds of the event. */
  numRounds: number;
  /** Pairings and results so far; rounds beyond its length are unpaired. */
  rounds: Rounds;
  controls?: Partial<DivisionControls>;
  /** Controls per round (index = round); missing fields take the defaults. */
  roundControls?: Partial<RoundControls>[];
}

/** What a pairing call returns for one round. */
export interface RoundPairing {
  round: number;
  /** opponent[p]: the opponent's index, p itself for a bye, −1 left unpaired. */
  opponent: number[];
  /** first[p]: p goes first (a bye is never first). */
  first: boolean[];
  /** Gibsonized players when this round was paired. */
  gibsonized: boolean[];
}

export type PairingResult =
  | { ok: true; pairing: RoundPairing; log: string[] }
  | { ok: false; error: PairingError; log: string[] };

export interface PairingError {
  code: PairingErrorCode;
  message: string;
  /** Names of the players involved, when the error is about players. */
  players?: string[];
}

/** The pairing service error codes (docs/product/tournaments.md §8). */
export type PairingErrorCode =
  | 'INSUFFICIENT_PLAYERS'
  | 'INSUFFICIENT_ROUNDS'
  | 'TOO_MANY_PLAYERS'
  | 'EMPTY_NAME'
  | 'INVALID_PAIRINGS'
  | 'INVALID_GIBSON_SPREAD'
  | 'INVALID_THRESHOLDS'
  | 'INVALID_CONTROLS'
  | 'OVERCONSTRAINED'
  | 'TIMEOUT';
