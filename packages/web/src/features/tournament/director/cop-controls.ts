import type { RoundControl } from '@tessera/protocol';

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

/** The messages of §5, as the pairing engine words them on the server. */
export const COP_MESSAGES = {
  gibsonSpreads: 'Gibson spreads must be at least 0 and not all 0',
  hopefulness: 'Hopefulness thresholds must be above 0 and at most 1',
  controlLoss: 'Control loss threshold must be between 0.01 and 1',
  sims: 'Simulations must be at least 1000, in steps of 1000',
  placePrizes: 'Place prizes must be at least 1',
  activationRound: (total: number) =>
    `Control loss activation round must be between 1 and ${total}`,
} as const;

const number = (s: string) => (/^\d*\.?\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);
const int = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);
const list = (s: string, parse: (x: string) => number) =>
  s
    .split(/[,\s]+/)
    .filter((x) => x !== '')
    .map(parse);

/** The default activation round, 1-based: total minus 3, at least 1 (§9). */
export const defaultActivationRound = (total: number) => Math.max(1, total - 3);

/** The first problem with COP's settings, or '' when they are fine; `total` the division's rounds. */
export function copError(c: CopSettings, total: number): string {
  const spreads = list(c.gibsonSpreads, int);
  if (spreads.length === 0 || spreads.some((g) => !(g >= 0)) || spreads.every((g) => g === 0))
    return COP_MESSAGES.gibsonSpreads;
  const hopes = list(c.hopefulnessThresholds, number);
  if (hopes.length === 0 || hopes.some((h) => !(h > 0 && h <= 1))) return COP_MESSAGES.hopefulness;
  const threshold = number(c.controlLossThreshold);
  if (!(threshold >= 0.01 && threshold <= 1)) return COP_MESSAGES.controlLoss;
  for (const sims of [int(c.divisionSims), int(c.controlLossSims)])
    if (!(sims >= 1000 && sims % 1000 === 0)) return COP_MESSAGES.sims;
  if (!(int(c.placePrizes) >= 1)) return COP_MESSAGES.placePrizes;
  if (c.activationRound.trim() !== '') {
    const r = int(c.activationRound);
    if (!(r >= 1 && r <= total)) return COP_MESSAGES.activationRound(total);
  }
  return '';
}

/** COP's fields of a RoundControl, as the proto names them (checked by `copError` first). */
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
  const or = (v: number, fallback: string) => (v ? String(v) : fallback);
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
