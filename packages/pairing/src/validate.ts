/**
 * Validation with the messages of docs/product/tournaments.md §5 (word for
 * word where the spec quotes them) and the pairing service's error codes (§8).
 * Every check returns a list of problems; an empty list means valid.
 */
import { DEFAULT_ROUND_CONTROLS } from './controls.ts';
import type { Division, DivisionControls, PairingErrorCode, RoundControls } from './types.ts';
import { PAIRING_METHODS } from './types.ts';

export interface Problem {
  code: PairingErrorCode;
  message: string;
  /** 0-based round the problem is in, when it is about one round. */
  round?: number;
  players?: string[];
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
  gibsonSpreads: 'Gibson spreads must be at least 0 and not all 0',
  hopefulness: 'Hopefulness thresholds must be above 0 and at most 1',
  minPlacement: 'Min Gibson Placement cannot be less than 1',
  maxByePlacement: 'Max Bye Placement cannot be less than 1',
  spreadCap: 'Spread cap cannot be less than 0',
  gibsonSpread: 'Gibson spread cannot be less than 0',
  gamesPerRound: 'Games per round must be at least 1',
  method: (m: string) => `Unknown pairing method ${m}`,
} as const;

/** First 0-based round COP may pair (round ⌈R/2⌉+1, 1-based). */
export function firstCopRound(numRounds: number): number {
  return Math.ceil(numRounds / 2);
}

/** Checks one round's controls (already merged with defaults). */
export function validateRoundControl(rc: RoundControls, round: number): Problem[] {
  const out: Problem[] = [];
  const bad = (code: PairingErrorCode, message: string) => out.push({ code, message, round });
  if (!PAIRING_METHODS.includes(rc.pairingMethod))
    bad('INVALID_CONTROLS', MESSAGES.method(rc.pairingMethod));
  const swissLike = rc.pairingMethod === 'swiss' || rc.pairingMethod === 'factor';
  if (rc.pairingMethod === 'factor' && !(rc.factor > 0)) bad('INVALID_CONTROLS', MESSAGES.factor);
  if (swissLike) {
    if (!(rc.maxRepeats >= 1)) bad('INVALID_CONTROLS', MESSAGES.maxRepeats);
    if (!(rc.repeatRelativeWeight >= 1 && rc.repeatRelativeWeight <= 100))
      bad('INVALID_CONTROLS', MESSAGES.repeatWeight);
    if (!(rc.winDifferenceRelativeWeight >= 1 && rc.winDifferenceRelativeWeight <= 100))
      bad('INVALID_CONTROLS', MESSAGES.winDifferenceWeight);
  }
  if (!(rc.gamesPerRound >= 1)) bad('INVALID_CONTROLS', MESSAGES.gamesPerRound);
  if (rc.pairingMethod === 'initial_fontes' && rc.initialFontes % 2 !== 1)
    bad('INVALID_CONTROLS', MESSAGES.fontesOdd);
  if (rc.pairingMethod === 'cop') {
    if (!(rc.controlLossThreshold >= 0.01 && rc.controlLossThreshold <= 1))
      bad('INVALID_THRESHOLDS', MESSAGES.controlLoss);
    for (const sims of [rc.divisionSims, rc.controlLossSims]) {
      if (!(sims >= 1000 && sims % 1000 === 0)) {
        bad('INVALID_CONTROLS', MESSAGES.sims);
        break;
      }
    }
    if (!(rc.placePrizes >= 1)) bad('INVALID_CONTROLS', MESSAGES.placePrizes);
    if (
      rc.gibsonSpreads.length === 0 ||
      rc.gibsonSpreads.some((g) => !(g >= 0)) ||
      rc.gibsonSpreads.every((g) => g === 0)
    )
      bad('INVALID_GIBSON_SPREAD', MESSAGES.gibsonSpreads);
    if (
      rc.hopefulnessThresholds.length === 0 ||
      rc.hopefulnessThresholds.some((h) => !(h > 0 && h <= 1))
    )
      bad('INVALID_THRESHOLDS', MESSAGES.hopefulness);
    if (rc.classPrizes.some((c) => !(c >= 1))) bad('INVALID_CONTROLS', MESSAGES.placePrizes);
  }
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
    return [{ code: 'INVALID_CONTROLS', message: MESSAGES.missingControls }];
  const out: Problem[] = [];
  if (controls.length !== numRounds)
    out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.noSkip });
  let seenCop = false;
  let seenOther = false;
  const merged = controls.map((c) => ({ ...DEFAULT_ROUND_CONTROLS, ...c }));
  merged.forEach((rc, r) => {
    if (!controls[r]) {
      out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.missingSetting, round: r });
      return;
    }
    out.push(...validateRoundControl(rc, r));
    const m = rc.pairingMethod;
    if (m === 'cop') {
      if (!rc.copFromRoundOne && r < firstCopRound(numRounds))
        out.push({
          code: 'INVALID_CONTROLS',
          message: MESSAGES.cop(firstCopRound(numRounds) + 1),
          round: r,
        });
      seenCop = true;
    } else if (seenCop && m !== 'manual') {
      out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.copThenOther, round: r });
    }
    if (m === 'initial_fontes') {
      if (seenOther)
        out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.fontesFirst, round: r });
      else if (r >= rc.initialFontes)
        out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.fontesFirst, round: r });
    } else seenOther = true;
  });
  const fontes = merged.filter((c) => c.pairingMethod === 'initial_fontes');
  if (fontes.length > 0 && fontes.length !== fontes[0].initialFontes) {
    out.push({
      code: 'INVALID_CONTROLS',
      message: `Initial Fontes is set for ${fontes.length} round(s) but covers ${fontes[0].initialFontes}`,
    });
  }
  return out;
}

/** Checks division controls as sent (0-based placements, shown 1-based). */
export function validateDivisionControls(c: Partial<DivisionControls>): Problem[] {
  const out: Problem[] = [];
  if (c.minimumPlacement !== undefined && !(c.minimumPlacement >= 0))
    out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.minPlacement });
  if (c.maximumByePlacement !== undefined && !(c.maximumByePlacement >= 0))
    out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.maxByePlacement });
  if (c.spreadCap !== undefined && !(c.spreadCap >= 0))
    out.push({ code: 'INVALID_CONTROLS', message: MESSAGES.spreadCap });
  if (c.gibsonSpread !== undefined && !(c.gibsonSpread >= 0))
    out.push({ code: 'INVALID_GIBSON_SPREAD', message: MESSAGES.gibsonSpread });
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
  if (valid < 2)
    out.push({
      code: 'INSUFFICIENT_PLAYERS',
      message: `At least 2 players are needed; there are ${valid}.`,
    });
  if (n > MAX_PLAYERS)
    out.push({
      code: 'TOO_MANY_PLAYERS',
      message: `At most ${MAX_PLAYERS} players; there are ${n}.`,
    });
  d.players.forEach((p, i) => {
    if (!p.name || !p.name.trim())
      out.push({ code: 'EMPTY_NAME', message: `Player #${i + 1} has no name.` });
    if (p.class !== undefined && !(Number.isInteger(p.class) && p.class >= 0))
      out.push({
        code: 'INVALID_CONTROLS',
        message: `${p.name}: class ${p.class} is not a class number.`,
        players: [p.name],
      });
  });
  if (!(d.numRounds >= 1) || round < 0 || round >= d.numRounds)
    out.push({
      code: 'INSUFFICIENT_ROUNDS',
      message: `Round ${round + 1} is not a round of this ${d.numRounds}-round event.`,
    });
  if (d.rounds.length > d.numRounds)
    out.push({
      code: 'INVALID_PAIRINGS',
      message: `${d.rounds.length} rounds of pairings for a ${d.numRounds}-round event.`,
    });
  d.rounds.forEach((slots, r) => {
    if (slots.length > n)
      out.push({
        code: 'INVALID_PAIRINGS',
        message: `Round ${r + 1} lists more players than the division has.`,
        round: r,
      });
    slots.forEach((s, p) => {
      if (!s) return;
      const o = s.opponent;
      const bad = !Number.isInteger(o) || o < 0 || o >= n || (o !== p && slots[o]?.opponent !== p);
      if (bad) {
        const names = [d.players[p]?.name, d.players[o]?.name].filter((x): x is string => !!x);
        out.push({
          code: 'INVALID_PAIRINGS',
          message: `Round ${r + 1}: the pairing of ${names.join(' and ')} is not symmetric.`,
          round: r,
          players: names,
        });
      }
    });
  });
  const current = d.rounds[round];
  if (current && d.players.every((p, i) => p.removed || current[i]))
    out.push({
      code: 'INSUFFICIENT_ROUNDS',
      message: `Round ${round + 1} is already fully paired.`,
      round,
    });
  return out;
}
