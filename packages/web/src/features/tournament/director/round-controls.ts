import {
  FirstMethod,
  PairingMethod,
  type RoundControl,
  type RoundControlSchema,
} from '@tessera/protocol';
import { refusalText, type Refusal } from '@tessera/protocol';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { validateRoundRanges, type RoundControls } from '@tessera/pairing';
import {
  METHOD_FROM_WIRE,
  problemRefusal,
  roundControlRefusal,
  roundControlsRefusal,
} from '@tessera/tournament';
import { COP_DEFAULTS, copControl, copSettingsFrom, type CopSettings } from './cop-controls.ts';
import type { Division } from '../model.ts';

/**
 * The Set round controls form (docs/product/tournaments.md §5 "Round
 * controls", §9 COP defaults): ranges of rounds, each with its pairing
 * method and settings, expanded to one control per round (0-based on the
 * wire).
 */
export interface RoundRange {
  begin: string;
  end: string;
  method: PairingMethod;
  first: FirstMethod;
  gamesPerRound: string;
  factor: string;
  maxRepeats: string;
  allowOverMaxRepeats: boolean;
  repeatWeight: string;
  winDifferenceWeight: string;
  initialFontes: string;
  /** COP's settings (cop-controls.ts), used when the method is COP. */
  cop: CopSettings;
  /** Not in the form: kept from the division's controls so that saving does not drop it. */
  spreadCapOverride?: number;
}

export const PAIRING_METHODS: { value: PairingMethod; label: string }[] = [
  { value: PairingMethod.RANDOM, label: 'Random' },
  { value: PairingMethod.ROUND_ROBIN, label: 'Round robin' },
  { value: PairingMethod.KING_OF_THE_HILL, label: 'King of the hill' },
  { value: PairingMethod.ELIMINATION, label: 'Elimination' },
  { value: PairingMethod.FACTOR, label: 'Factor' },
  { value: PairingMethod.INITIAL_FONTES, label: 'Initial fontes' },
  { value: PairingMethod.SWISS, label: 'Swiss' },
  { value: PairingMethod.QUICKPAIR, label: 'Quickpair' },
  { value: PairingMethod.MANUAL, label: 'Manual' },
  { value: PairingMethod.TEAM_ROUND_ROBIN, label: 'Team round robin' },
  { value: PairingMethod.INTERLEAVED_ROUND_ROBIN, label: 'Shirts and Skins' },
  { value: PairingMethod.COP, label: 'COP' },
];

export const FIRST_METHODS: { value: FirstMethod; label: string }[] = [
  { value: FirstMethod.AUTOMATIC_FIRST, label: 'Automatic' },
  { value: FirstMethod.RANDOM_FIRST, label: 'Random' },
  { value: FirstMethod.MANUAL_FIRST, label: 'Manual' },
];

export function newRange(begin: number, end: number): RoundRange {
  return {
    begin: String(begin),
    end: String(end),
    method: PairingMethod.ROUND_ROBIN,
    first: FirstMethod.AUTOMATIC_FIRST,
    gamesPerRound: '1',
    factor: '1',
    maxRepeats: '1',
    allowOverMaxRepeats: true,
    repeatWeight: '1',
    winDifferenceWeight: '1',
    initialFontes: '3',
    cop: COP_DEFAULTS,
  };
}

const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);

/**
 * One round's control as the pairing package checks it: the numbers as
 * typed (a field that is not a number stays NaN and is refused), COP's
 * settings only for COP; `total` is the number of rounds.
 */
function checkedControl(r: RoundRange, total: number): Partial<RoundControls> {
  return {
    pairingMethod: METHOD_FROM_WIRE.get(r.method),
    gamesPerRound: int(r.gamesPerRound),
    factor: int(r.factor),
    initialFontes: int(r.initialFontes),
    maxRepeats: int(r.maxRepeats),
    allowOverMaxRepeats: r.allowOverMaxRepeats,
    repeatRelativeWeight: int(r.repeatWeight),
    winDifferenceRelativeWeight: int(r.winDifferenceWeight),
    ...(r.method === PairingMethod.COP ? copControl(r.cop, total) : {}),
  };
}

/** What the user reads for a refusal: the catalogue's text, as for a refused call. */
const text = (no: Refusal | undefined) => (no ? refusalText(no) : '');

/**
 * The first problem with the ranges, or '' when they are fine: the check
 * and the words of the server's SetRoundControls (§5), so the director hears
 * it before sending.
 */
export function rangesError(ranges: readonly RoundRange[]): string {
  const bounds = ranges.map((r) => ({ begin: int(r.begin), end: int(r.end) }));
  const [bad] = validateRoundRanges(bounds);
  if (bad) return text(problemRefusal(bad));
  const total = bounds[bounds.length - 1].end;
  const list = ranges.flatMap((r, i) =>
    Array.from({ length: bounds[i].end - bounds[i].begin + 1 }, () => checkedControl(r, total)),
  );
  return text(roundControlsRefusal(total, list));
}

/**
 * The problems of one range's settings as the server words them: `begin`
 * its first round (1-based), `total` the division's rounds, `first` whether
 * no pairings come before it.
 */
export function settingsError(r: RoundRange, begin: number, total: number, first: boolean): string {
  const round = begin - 1;
  return text(
    roundControlRefusal(checkedControl(r, total), round, total, {
      cop: false,
      other: !first,
    }),
  );
}

/** One round's control from its range; `round` is 0-based; `total` the number of rounds. */
export function controlFor(
  r: RoundRange,
  round: number,
  total: number,
): MessageInitShape<typeof RoundControlSchema> {
  return {
    round,
    pairingMethod: r.method,
    firstMethod: r.first,
    gamesPerRound: int(r.gamesPerRound) || 1,
    factor: int(r.factor) || 0,
    initialFontes: r.method === PairingMethod.INITIAL_FONTES ? int(r.initialFontes) : 0,
    maxRepeats: int(r.maxRepeats) || 0,
    allowOverMaxRepeats: r.allowOverMaxRepeats,
    repeatRelativeWeight: int(r.repeatWeight) || 1,
    winDifferenceRelativeWeight: int(r.winDifferenceWeight) || 1,
    spreadCapOverride: r.spreadCapOverride ?? 0,
    // COP's settings (its defaults, §9, unless the director changed them).
    ...copControl(r.method === PairingMethod.COP ? r.cop : COP_DEFAULTS, total),
  };
}

export function expandRanges(ranges: readonly RoundRange[]) {
  const total = int(ranges[ranges.length - 1]?.end ?? '0');
  const out: MessageInitShape<typeof RoundControlSchema>[] = [];
  for (const r of ranges)
    for (let n = int(r.begin); n <= int(r.end); n++) out.push(controlFor(r, n - 1, total));
  return out;
}

/**
 * One round's current control as the form shows it, so that a director who
 * changes one field keeps the others; `total` is the division's rounds.
 */
export function rangeFromControl(
  c: RoundControl,
  begin: number,
  end: number,
  total: number,
): RoundRange {
  return {
    begin: String(begin),
    end: String(end),
    method: c.pairingMethod,
    first: c.firstMethod,
    gamesPerRound: String(c.gamesPerRound || 1),
    factor: String(c.factor),
    maxRepeats: String(c.maxRepeats),
    allowOverMaxRepeats: c.allowOverMaxRepeats,
    repeatWeight: String(c.repeatRelativeWeight || 1),
    winDifferenceWeight: String(c.winDifferenceRelativeWeight || 1),
    initialFontes: c.initialFontes ? String(c.initialFontes) : '3',
    cop: c.pairingMethod === PairingMethod.COP ? copSettingsFrom(c, total) : COP_DEFAULTS,
    spreadCapOverride: c.spreadCapOverride,
  };
}

const sameSettings = (a: RoundRange, b: RoundRange) =>
  JSON.stringify({ ...a, begin: '', end: '' }) === JSON.stringify({ ...b, begin: '', end: '' });

/**
 * The Set round controls form of a division: its current round controls,
 * consecutive rounds with the same settings joined in one range; one
 * default range over all its rounds when it has none yet.
 */
export function rangesFromControls(division: Division | undefined): RoundRange[] {
  const controls = [...(division?.roundControls ?? [])].sort(
    (a, b) => (a.round ?? 0) - (b.round ?? 0),
  );
  if (controls.length === 0) return [newRange(1, Math.max(1, division?.numRounds || 1))];
  const total = controls.length;
  const ranges: RoundRange[] = [];
  controls.forEach((c, i) => {
    const r = rangeFromControl(c, i + 1, i + 1, total);
    const last = ranges[ranges.length - 1];
    if (last && sameSettings(last, r)) last.end = String(i + 1);
    else ranges.push(r);
  });
  return ranges;
}

/** The Set single round controls form for a 1-based round: that round's current control. */
export function rangeForRound(division: Division | undefined, round: number): RoundRange {
  const c = division?.roundControls?.find((x) => x.round === round - 1);
  return c ? rangeFromControl(c, round, round, division?.numRounds ?? 0) : newRange(1, 1);
}
