/** Round controls between the protocol's messages and the pairing package's words. */
import {
  FirstMethod as WireFirst,
  PairingMethod as WireMethod,
  refuse,
  type RoundControl as WireRoundControl,
} from '@tessera/protocol';
import {
  MESSAGES,
  type FirstMethod,
  type PairingMethod,
  type RoundControls,
} from '@tessera/pairing';

export const METHOD_TO_WIRE: Record<PairingMethod, WireMethod> = {
  random: WireMethod.RANDOM,
  round_robin: WireMethod.ROUND_ROBIN,
  king_of_the_hill: WireMethod.KING_OF_THE_HILL,
  elimination: WireMethod.ELIMINATION,
  factor: WireMethod.FACTOR,
  initial_fontes: WireMethod.INITIAL_FONTES,
  swiss: WireMethod.SWISS,
  quickpair: WireMethod.QUICKPAIR,
  manual: WireMethod.MANUAL,
  team_round_robin: WireMethod.TEAM_ROUND_ROBIN,
  interleaved_round_robin: WireMethod.INTERLEAVED_ROUND_ROBIN,
  cop: WireMethod.COP,
  australian: WireMethod.AUSTRALIAN,
};
export const METHOD_FROM_WIRE = new Map(
  Object.entries(METHOD_TO_WIRE).map(([k, v]) => [v, k as PairingMethod]),
);
export const FIRST_TO_WIRE: Record<FirstMethod, WireFirst> = {
  manual: WireFirst.MANUAL_FIRST,
  random: WireFirst.RANDOM_FIRST,
  automatic: WireFirst.AUTOMATIC_FIRST,
};
export const FIRST_FROM_WIRE = new Map(
  Object.entries(FIRST_TO_WIRE).map(([k, v]) => [v, k as FirstMethod]),
);

/** A round's controls as sent; protobuf's unset zeroes and empty lists take the defaults. */
export function roundControlFromWire(w: WireRoundControl): Partial<RoundControls> {
  const method = METHOD_FROM_WIRE.get(w.pairingMethod);
  if (!method) throw refuse('TOURNAMENT_CONTROLS_INVALID', MESSAGES.missingSetting);
  return {
    pairingMethod: method,
    firstMethod: FIRST_FROM_WIRE.get(w.firstMethod) ?? 'automatic',
    // Absent means one game; 0 or a negative count is refused (decision 0125).
    gamesPerRound: w.gamesPerRound ?? 1,
    factor: w.factor,
    initialFontes: w.initialFontes,
    maxRepeats: w.maxRepeats,
    allowOverMaxRepeats: w.allowOverMaxRepeats,
    repeatRelativeWeight: w.repeatRelativeWeight || 1,
    winDifferenceRelativeWeight: w.winDifferenceRelativeWeight || 1,
    spreadCapOverride: w.spreadCapOverride,
    ...(w.gibsonSpreads.length ? { gibsonSpreads: w.gibsonSpreads } : {}),
    ...(w.hopefulnessThresholds.length ? { hopefulnessThresholds: w.hopefulnessThresholds } : {}),
    ...(w.controlLossThreshold ? { controlLossThreshold: w.controlLossThreshold } : {}),
    ...(w.divisionSims ? { divisionSims: w.divisionSims } : {}),
    ...(w.controlLossSims ? { controlLossSims: w.controlLossSims } : {}),
    ...(w.controlLossActivationRound
      ? { controlLossActivationRound: w.controlLossActivationRound }
      : {}),
    // Absent means COP's default; 0 is refused with the round (decision 0125).
    ...(w.placePrizes !== undefined ? { placePrizes: w.placePrizes } : {}),
  };
}
