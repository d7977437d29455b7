/**
 * `@tessera/pairing`: tournament pairings as a pure library (no I/O; Node and
 * browsers). Plain data in (a `Division`), a `RoundPairing` and a log out.
 * Anything not listed here is internal.
 */
export type {
  Division,
  DivisionControls,
  FirstMethod,
  Outcome,
  PairingError,
  PairingErrorCode,
  PairingMethod,
  PairingResult,
  Player,
  RoundControls,
  RoundPairing,
  Rounds,
  Slot,
  TiebreakKey,
} from './types.ts';
export { PAIRING_METHODS } from './types.ts';
export {
  BYE_SPREAD,
  DEFAULT_DIVISION_CONTROLS,
  DEFAULT_ROUND_CONTROLS,
  defaultActivationRound,
  FORFEIT_SPREAD,
} from './controls.ts';
export { directorPairFirst, pairRound, type PairOptions } from './pair.ts';
export type { CopPhase, PhaseMillis } from './cop/deadline.ts';
export {
  canCatch,
  computeStandings,
  isRoundScored,
  scoredRounds,
  standingsByRound,
  type Standing,
} from './standings.ts';
export {
  firstCopRound,
  MAX_PLAYERS,
  MESSAGES,
  validateDivision,
  validateDivisionControls,
  validateRoundAt,
  validateRoundControls,
  validateRoundRanges,
  problem,
  type RoundsBefore,
  type Problem,
  type ProblemKey,
  type ProblemParams,
} from './validate.ts';
export { minCostMatching, type CostFn, type MatchingResult } from './matching.ts';
export { quickpair, type Seeker } from './methods/quickpair.ts';
export { applyPairing } from './apply.ts';
export {
  classNumbering,
  exportTsh,
  importTsh,
  exportStandingsCsv,
  STANDINGS_CSV_HEADER,
  type TshError,
  type TshImport,
  type TshResult,
} from './formats/tsh.ts';
export { tshRanks, withdrawnFrom } from './formats/tsh-ranks.ts';
