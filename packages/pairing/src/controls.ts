import type { Division, DivisionControls, RoundControls } from './types.ts';

/** Spread of a bye and of a forfeit loss when none is entered (docs/product/tournaments.md §9). */
export const BYE_SPREAD = 50;
export const FORFEIT_SPREAD = 50;

/** Division control defaults (§9: gibson spread 500, min placement 1, bye cut-off 1; sent 0-based). */
export const DEFAULT_DIVISION_CONTROLS: DivisionControls = {
  spreadCap: 0,
  gibsonize: false,
  gibsonSpread: 500,
  minimumPlacement: 0,
  maximumByePlacement: 0,
  tiebreaks: ['netWins', 'spread'],
};

/** Round control defaults; the COP ones are §9's. */
export const DEFAULT_ROUND_CONTROLS: RoundControls = {
  pairingMethod: 'swiss',
  firstMethod: 'automatic',
  gamesPerRound: 1,
  factor: 1,
  initialFontes: 3,
  maxRepeats: 1,
  allowOverMaxRepeats: true,
  repeatRelativeWeight: 1,
  winDifferenceRelativeWeight: 1,
  spreadCapOverride: 0,
  gibsonSpreads: [250, 200],
  hopefulnessThresholds: [0.1, 0.1],
  controlLossThreshold: 0.25,
  divisionSims: 100_000,
  controlLossSims: 10_000,
  controlLossActivationRound: -1,
  placePrizes: 4,
  classPrizes: [],
  copFromRoundOne: false,
  allowRepeatByes: false,
  topDownByes: false,
  resetRound: 0,
  blockedPairs: [],
};

/** §9: controlLossActivationRound = total rounds minus 3 (min 1) minus 1. */
export function defaultActivationRound(numRounds: number): number {
  return Math.max(numRounds - 3, 1) - 1;
}

export function divisionControls(d: Division): DivisionControls {
  return { ...DEFAULT_DIVISION_CONTROLS, ...d.controls };
}

export function roundControls(d: Division, round: number): RoundControls {
  const rc = { ...DEFAULT_ROUND_CONTROLS, ...d.roundControls?.[round] };
  if (d.roundControls?.[round]?.controlLossActivationRound === undefined) {
    rc.controlLossActivationRound = defaultActivationRound(d.numRounds);
  }
  return rc;
}

/** The spread cap that applies to games of `round` (0 = none). */
export function spreadCapFor(d: Division, round: number): number {
  const override = d.roundControls?.[round]?.spreadCapOverride ?? 0;
  return override > 0 ? override : divisionControls(d).spreadCap;
}

/**
 * A per-round list ordered from the last round backwards (COP's gibson spreads
 * and hopefulness): element 0 for the final round, the last element reused.
 */
export function fromLastRound<T>(list: T[], round: number, numRounds: number): T {
  const back = numRounds - 1 - round;
  return list[Math.min(Math.max(back, 0), list.length - 1)];
}
