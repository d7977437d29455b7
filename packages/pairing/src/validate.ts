/**
 * Validation with the messages of docs/product/tournaments.md §5 (word for
 * word where the spec quotes them) and the pairing service's error codes (§8).
 * Every check returns a list of problems; an empty list means valid.
 */
import { DEFAULT_ROUND_CONTROLS } from './controls.ts';
import type { Division, DivisionControls, PairingErrorCode, RoundControls } from './types.ts';
import { PAIRING_METHODS } from './types.ts';

/** Which problem it is: callers branch on this, never on the message. */
export type ProblemKey = keyof typeof MESSAGES;

/** A problem's parameters: what its message is made from. */
export type ProblemParams<K extends ProblemKey> = (typeof MESSAGES)[K] extends (
  ...args: infer A
) => string
  ? A
  : [];

interface ProblemOf<K extends ProblemKey> {
  code: PairingErrorCode;
  key: K;
  params: ProblemParams<K>;
  /** The text of MESSAGES[key], for people. */
  message: string;
  /** 0-based round the problem is in, when it is about one round. */
  round?: number;
  players?: string[];
}

export type Problem = { [K in ProblemKey]: ProblemOf<K> }[ProblemKey];

/** A problem of `key` with its message. */
export function problem<K extends ProblemKey>(
  code: PairingErrorCode,
  key: K,
  params: ProblemParams<K>,
  where: { round?: number; players?: string[] } = {},
): Problem {
  const text: string | ((...a: never[]) => string) = MESSAGES[key];
  const message = typeof text === 'string' ? text : text(...(params as never[]));
  return { code, key, params, message, ...where } as Problem;
}

export const MAX_PLAYERS = 50_000;

export const MESSAGES = {
  factor:
    'Factor 0 is equivalent to just Swiss for every player. Use Swiss pairings instead, or use a Factor greater than 0.',
  maxRepeats: 'Max repeats must be at least 1',
  repeatWeight: 'Repeat relative weight must be between 1 and 100',
  winDifferenceWeight: 'Win difference relative weight must be between 1 and 100',
  missingControls: 'Round controls are missing',
  missingSetting: 'Missing round setting',
  positiveRound: 'Round must be a positive round number',
  consecutive: 'Round numbers must be consecutive and increasing',
  noSkip: 'Round numbers must be consecutive; you cannot skip rounds.',
  endBeforeBegin: 'End round must not be smaller than begin round',
  cop: (n: number) =>
    `COP can only be used for the second half of the tournament (round ${n} and later)`,
  copThenOther: 'Non-COP pairings cannot follow COP pairings',
  fontesOdd: 'Initial Fontes needs an odd number of rounds',
  fontesFirst: 'Initial Fontes cannot come after other pairings',
  controlLoss: 'Control loss threshold must be between 0.01 and 1',
  sims: 'Simulations must be at least 1000, in steps of 1000',
  placePrizes: 'Place prizes must be at least 1',
  activationRound: (numRounds: number) =>
    `Control loss activation round must be between 1 and ${numRounds}`,
  gibsonSpreads: 'Gibson spreads must be at least 0 and not all 0',
  hopefulness: 'Hopefulness thresholds must be above 0 and at most 1',
  minPlacement: 'Min Gibson Placement cannot be less than 1',
  maxByePlacement: 'Max Bye Placement cannot be less than 1',
  spreadCap: 'Spread cap cannot be less than 0',
  gibsonSpread: 'Gibson spread cannot be less than 0',
  gamesPerRound: 'Games per round must be at least 1',
  method: (m: string) => `Unknown pairing method ${m}`,
  fontesCoverage: (rounds: number, covers: number) =>
    `Initial Fontes is set for ${rounds} round(s) but covers ${covers}`,
  fewPlayers: (valid: number) => `At least 2 players are needed; there are ${valid}.`,
  manyPlayers: (n: number) => `At most ${MAX_PLAYERS} players; there are ${n}.`,
  emptyName: (player: number) => `Player #${player} has no name.`,
  classNumber: (name: string, cls: number) => `${name}: class ${cls} is not a class number.`,
  roundOutside: (round: number, numRounds: number) =>
    `Round ${round} is not a round of this ${numRounds}-round event.`,
  extraRounds: (rounds: number, numRounds: number) =>
    `${rounds} rounds of pairings for a ${numRounds}-round event.`,
  extraSlots: (round: number) => `Round ${round} lists more players than the division has.`,
  asymmetric: (round: number, names: string) =>
    `Round ${round}: the pairing of ${names} is not symmetric.`,
  fullyPaired: (round: number) => `Round ${round} is already fully paired.`,
} as const;

/** First 0-based round COP may pair (round ⌈R/2⌉+1, 1-based). */
export function firstCopRound(numRounds: number): number {
  return Math.ceil(numRounds / 2);
}

/** Checks one round's controls (already merged with defaults). */
export function validateRoundControl(rc: RoundControls, round: number): Problem[] {
  const out: Problem[] = [];
  const bad = <K extends ProblemKey>(code: PairingErrorCode, key: K, ...params: ProblemParams<K>) =>
    out.push(problem(code, key, params, { round }));
  if (!PAIRING_METHODS.includes(rc.pairingMethod))
    bad('INVALID_CONTROLS', 'method', rc.pairingMethod);
  const swissLike = rc.pairingMethod === 'swiss' || rc.pairingMethod === 'factor';
  if (rc.pairingMethod === 'factor' && !(rc.factor > 0)) bad('INVALID_CONTROLS', 'factor');
  if (swissLike) {
    if (!(rc.maxRepeats >= 1)) bad('INVALID_CONTROLS', 'maxRepeats');
    if (!(rc.repeatRelativeWeight >= 1 && rc.repeatRelativeWeight <= 100))
      bad('INVALID_CONTROLS', 'repeatWeight');
    if (!(rc.winDifferenceRelativeWeight >= 1 && rc.winDifferenceRelativeWeight <= 100))
      bad('INVALID_CONTROLS', 'winDifferenceWeight');
  }
  if (!(rc.gamesPerRound >= 1)) bad('INVALID_CONTROLS', 'gamesPerRound');
  if (rc.pairingMethod === 'initial_fontes' && rc.initialFontes % 2 !== 1)
    bad('INVALID_CONTROLS', 'fontesOdd');
  if (rc.pairingMethod === 'cop') {
    if (!(rc.controlLossThreshold >= 0.01 && rc.controlLossThreshold <= 1))
      bad('INVALID_THRESHOLDS', 'controlLoss');
    for (const sims of [rc.divisionSims, rc.controlLossSims]) {
      if (!(sims >= 1000 && sims % 1000 === 0)) {
        bad('INVALID_CONTROLS', 'sims');
        break;
      }
    }
    if (!(rc.placePrizes >= 1)) bad('INVALID_CONTROLS', 'placePrizes');
    if (
      rc.gibsonSpreads.length === 0 ||
      rc.gibsonSpreads.some((g) => !(g >= 0)) ||
      rc.gibsonSpreads.every((g) => g === 0)
    )
      bad('INVALID_GIBSON_SPREAD', 'gibsonSpreads');
    if (
      rc.hopefulnessThresholds.length === 0 ||
      rc.hopefulnessThresholds.some((h) => !(h > 0 && h <= 1))
    )
      bad('INVALID_THRESHOLDS', 'hopefulness');
    if (rc.classPrizes.some((c) => !(c >= 1))) bad('INVALID_CONTROLS', 'placePrizes');
  }
  return out;
}

/** What came before a round in the list: COP, and pairings other than Initial Fontes. */
export interface RoundsBefore {
  cop: boolean;
  other: boolean;
}

/**
 * Checks one round's controls (merged with defaults) and its place among
 * `numRounds`: its settings, COP only in the second half (and its control
 * loss activation round inside the event), nothing but Manual after COP,
 * Initial Fontes only as the opening block.
 */
export function validateRoundAt(
  rc: RoundControls,
  round: number,
  numRounds: number,
  before: RoundsBefore,
): Problem[] {
  const out = validateRoundControl(rc, round);
  const m = rc.pairingMethod;
  if (m === 'cop') {
    if (!rc.copFromRoundOne && round < firstCopRound(numRounds))
      out.push(problem('INVALID_CONTROLS', 'cop', [firstCopRound(numRounds) + 1], { round }));
    // -1 is the default: §9's round, worked out when pairing.
    const a = rc.controlLossActivationRound;
    if (a !== -1 && !(Number.isInteger(a) && a >= 0 && a < numRounds))
      out.push(problem('INVALID_CONTROLS', 'activationRound', [numRounds], { round }));
  } else if (before.cop && m !== 'manual') {
    out.push(problem('INVALID_CONTROLS', 'copThenOther', [], { round }));
  }
  if (m === 'initial_fontes' && (before.other || round >= rc.initialFontes))
    out.push(problem('INVALID_CONTROLS', 'fontesFirst', [], { round }));
  return out;
}

/**
 * Checks the whole list of round controls: one per round, known methods and
 * settings, COP only in the second half and then to the end, Initial Fontes
 * only as the opening block.
 */
export function validateRoundControls(
  numRounds: number,
  controls: Partial<RoundControls>[] | undefined,
): Problem[] {
  if (!controls || controls.length === 0)
    return [problem('INVALID_CONTROLS', 'missingControls', [])];
  const out: Problem[] = [];
  if (controls.length !== numRounds) out.push(problem('INVALID_CONTROLS', 'noSkip', []));
  const before: RoundsBefore = { cop: false, other: false };
  const merged = controls.map((c) => ({ ...DEFAULT_ROUND_CONTROLS, ...c }));
  merged.forEach((rc, r) => {
    if (!controls[r]) {
      out.push(problem('INVALID_CONTROLS', 'missingSetting', [], { round: r }));
      return;
    }
    out.push(...validateRoundAt(rc, r, numRounds, before));
    if (rc.pairingMethod === 'cop') before.cop = true;
    if (rc.pairingMethod !== 'initial_fontes') before.other = true;
  });
  const fontes = merged.filter((c) => c.pairingMethod === 'initial_fontes');
  if (fontes.length > 0 && fontes.length !== fontes[0].initialFontes) {
    out.push(
      problem('INVALID_CONTROLS', 'fontesCoverage', [fontes.length, fontes[0].initialFontes]),
    );
  }
  return out;
}

/**
 * Checks ranges of rounds as a director enters them (1-based, in order):
 * present, positive, each ending no earlier than it begins, and following
 * on from the one before without overlap or gap.
 */
export function validateRoundRanges(ranges: readonly { begin: number; end: number }[]): Problem[] {
  if (ranges.length === 0) return [problem('INVALID_CONTROLS', 'missingControls', [])];
  const out: Problem[] = [];
  let prevEnd = 0;
  for (const { begin, end } of ranges) {
    if (!(begin >= 1) || !(end >= 1)) out.push(problem('INVALID_CONTROLS', 'positiveRound', []));
    else if (end < begin) out.push(problem('INVALID_CONTROLS', 'endBeforeBegin', []));
    else if (begin <= prevEnd) out.push(problem('INVALID_CONTROLS', 'consecutive', []));
    else if (begin !== prevEnd + 1) out.push(problem('INVALID_CONTROLS', 'noSkip', []));
    prevEnd = end;
  }
  return out;
}

/** Checks division controls as sent (0-based placements, shown 1-based). */
export function validateDivisionControls(c: Partial<DivisionControls>): Problem[] {
  const out: Problem[] = [];
  if (c.minimumPlacement !== undefined && !(c.minimumPlacement >= 0))
    out.push(problem('INVALID_CONTROLS', 'minPlacement', []));
  if (c.maximumByePlacement !== undefined && !(c.maximumByePlacement >= 0))
    out.push(problem('INVALID_CONTROLS', 'maxByePlacement', []));
  if (c.spreadCap !== undefined && !(c.spreadCap >= 0))
    out.push(problem('INVALID_CONTROLS', 'spreadCap', []));
  if (c.gibsonSpread !== undefined && !(c.gibsonSpread >= 0))
    out.push(problem('INVALID_GIBSON_SPREAD', 'gibsonSpread', []));
  return out;
}

/**
 * Checks the division's data before pairing `round`: enough players and not
 * too many, names, classes, symmetric pairings inside the player list, and a
 * round that exists and is not already fully paired.
 */
export function validateDivision(d: Division, round: number): Problem[] {
  const out: Problem[] = [];
  const n = d.players.length;
  const valid = d.players.filter((p) => !p.removed).length;
  if (valid < 2) out.push(problem('INSUFFICIENT_PLAYERS', 'fewPlayers', [valid]));
  if (n > MAX_PLAYERS) out.push(problem('TOO_MANY_PLAYERS', 'manyPlayers', [n]));
  d.players.forEach((p, i) => {
    if (!p.name || !p.name.trim()) out.push(problem('EMPTY_NAME', 'emptyName', [i + 1]));
    if (p.class !== undefined && !(Number.isInteger(p.class) && p.class >= 0))
      out.push(
        problem('INVALID_CONTROLS', 'classNumber', [p.name, p.class], { players: [p.name] }),
      );
  });
  if (!(d.numRounds >= 1) || round < 0 || round >= d.numRounds)
    out.push(problem('INSUFFICIENT_ROUNDS', 'roundOutside', [round + 1, d.numRounds]));
  if (d.rounds.length > d.numRounds)
    out.push(problem('INVALID_PAIRINGS', 'extraRounds', [d.rounds.length, d.numRounds]));
  d.rounds.forEach((slots, r) => {
    if (slots.length > n)
      out.push(problem('INVALID_PAIRINGS', 'extraSlots', [r + 1], { round: r }));
    slots.forEach((s, p) => {
      if (!s) return;
      const o = s.opponent;
      const bad = !Number.isInteger(o) || o < 0 || o >= n || (o !== p && slots[o]?.opponent !== p);
      if (bad) {
        const names = [d.players[p]?.name, d.players[o]?.name].filter((x): x is string => !!x);
        out.push(
          problem('INVALID_PAIRINGS', 'asymmetric', [r + 1, names.join(' and ')], {
            round: r,
            players: names,
          }),
        );
      }
    });
  });
  const current = d.rounds[round];
  if (current && d.players.every((p, i) => p.removed || current[i]))
    out.push(problem('INSUFFICIENT_ROUNDS', 'fullyPaired', [round + 1], { round }));
  return out;
}
