import type { RoundControl } from '@tessera/protocol';
import { defaultActivationRound as pairingDefaultActivation } from '@tessera/pairing';

/**
 * COP's settings in the Set round controls form (docs/product/tournaments.md
 * §5 "Round controls", §9 "COP defaults"), kept as typed. Gibson spreads and
 * hopefulness thresholds are lists, from the last round backwards; the
 * control-loss activation round is shown 1-based and sent 0-based, empty
 * meaning the default (total rounds minus 3, at least 1).
 */
export interface CopSettings {
  gibsonSpreads: string;
  hopefulnessThresholds: string;
  controlLossThreshold: string;
  divisionSims: string;
  controlLossSims: string;
  placePrizes: string;
  activationRound: string;
}

export const COP_DEFAULTS: CopSettings = {
  gibsonSpreads: '250, 200',
  hopefulnessThresholds: '0.1, 0.1',
  controlLossThreshold: '0.25',
  divisionSims: '100000',
  controlLossSims: '10000',
  placePrizes: '4',
  activationRound: '',
};

const number = (s: string) => (/^\d*\.?\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);
const int = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);
const list = (s: string, parse: (x: string) => number) =>
  s
    .split(/[,\s]+/)
    .filter((x) => x !== '')
    .map(parse);

/** The default activation round, 1-based (§9; the pairing package's is 0-based). */
export const defaultActivationRound = (total: number) => pairingDefaultActivation(total) + 1;

/** COP's fields of a RoundControl, as the proto names them (checked with the round, round-controls.ts). */
export function copControl(
  c: CopSettings,
  total: number,
): Pick<
  RoundControl,
  | 'gibsonSpreads'
  | 'hopefulnessThresholds'
  | 'controlLossThreshold'
  | 'divisionSims'
  | 'controlLossSims'
  | 'placePrizes'
  | 'controlLossActivationRound'
> {
  const activation = c.activationRound.trim()
    ? int(c.activationRound)
    : defaultActivationRound(total);
  return {
    gibsonSpreads: list(c.gibsonSpreads, int),
    hopefulnessThresholds: list(c.hopefulnessThresholds, number),
    controlLossThreshold: number(c.controlLossThreshold),
    divisionSims: int(c.divisionSims),
    controlLossSims: int(c.controlLossSims),
    placePrizes: int(c.placePrizes),
    controlLossActivationRound: activation - 1,
  };
}

/**
 * A round's COP settings as the form shows them (the dialogs start from the
 * division's current controls); a field the server left empty or 0 shows
 * its default, and the default activation round shows as empty.
 */
export function copSettingsFrom(c: RoundControl, total: number): CopSettings {
  const or = (v: number | undefined, fallback: string) => (v ? String(v) : fallback);
  const listOr = (v: readonly number[], fallback: string) => (v.length ? v.join(', ') : fallback);
  const activation = c.controlLossActivationRound + 1;
  return {
    gibsonSpreads: listOr(c.gibsonSpreads, COP_DEFAULTS.gibsonSpreads),
    hopefulnessThresholds: listOr(c.hopefulnessThresholds, COP_DEFAULTS.hopefulnessThresholds),
    controlLossThreshold: or(c.controlLossThreshold, COP_DEFAULTS.controlLossThreshold),
    divisionSims: or(c.divisionSims, COP_DEFAULTS.divisionSims),
    controlLossSims: or(c.controlLossSims, COP_DEFAULTS.controlLossSims),
    placePrizes: or(c.placePrizes, COP_DEFAULTS.placePrizes),
    activationRound: activation === defaultActivationRound(total) ? '' : String(activation),
  };
}
