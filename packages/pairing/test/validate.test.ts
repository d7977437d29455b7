import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  pairRound,
  validateDivisionControls,
  validateRoundControls,
  validateRoundRanges,
  type Division,
  type RoundControls,
} from '../src/index.ts';

const rounds = (n: number, rc: Partial<RoundControls> = {}) =>
  Array.from({ length: n }, () => ({ ...rc }));
const messages = (p: { message: string }[]) => p.map((x) => x.message);

describe('round controls validation (docs/product/tournaments.md §5)', () => {
  it('refuses factor 0 with the spec message', () => {
    expect(
      messages(validateRoundControls(2, rounds(2, { pairingMethod: 'factor', factor: 0 }))),
    ).toContain(
      'Factor 0 is equivalent to just Swiss for every player. Use Swiss pairings instead, or use a Factor greater than 0.',
    );
  });

  it('checks max repeats and the relative weights 1 to 100', () => {
    const p = validateRoundControls(1, [
      {
        pairingMethod: 'swiss',
        maxRepeats: 0,
        repeatRelativeWeight: 0,
        winDifferenceRelativeWeight: 101,
      },
    ]);
    expect(messages(p)).toEqual([
      MESSAGES.maxRepeats,
      MESSAGES.repeatWeight,
      MESSAGES.winDifferenceWeight,
    ]);
  });

  it('allows COP only from round ⌈R/2⌉+1 unless opted into from round 1', () => {
    const r = rounds(8, { pairingMethod: 'swiss' });
    r[3] = { pairingMethod: 'cop' };
    expect(messages(validateRoundControls(8, r))).toContain(
      'COP can only be used for the second half of the tournament (round 5 and later)',
    );
    // Callers tell problems apart by key; the parameters are what the text is made of.
    expect(validateRoundControls(8, r)).toContainEqual(
      expect.objectContaining({ key: 'cop', params: [5], round: 3 }),
    );
    r[3] = { pairingMethod: 'cop', copFromRoundOne: true };
    for (let i = 4; i < 8; i++) r[i] = { pairingMethod: 'cop' };
    expect(validateRoundControls(8, r)).toEqual([]);
    r[6] = { pairingMethod: 'swiss' };
    expect(messages(validateRoundControls(8, r))).toContain(MESSAGES.copThenOther);
    expect(validateRoundControls(8, r).map((p) => p.key)).toContain('copThenOther');
  });

  it('wants Initial Fontes odd and first', () => {
    const even = [
      { pairingMethod: 'initial_fontes' as const, initialFontes: 2 },
      { pairingMethod: 'initial_fontes' as const, initialFontes: 2 },
      {},
    ];
    expect(messages(validateRoundControls(3, even))).toContain(MESSAGES.fontesOdd);
    const late = [{}, { pairingMethod: 'initial_fontes' as const, initialFontes: 1 }];
    expect(messages(validateRoundControls(2, late))).toContain(MESSAGES.fontesFirst);
  });

  it('checks COP thresholds, sims and prizes, with the service codes', () => {
    const p = validateRoundControls(2, [
      {},
      {
        pairingMethod: 'cop',
        controlLossThreshold: 0,
        divisionSims: 1500,
        placePrizes: 0,
        gibsonSpreads: [0, 0],
        hopefulnessThresholds: [0],
      },
    ]);
    expect(p.map((x) => x.code)).toEqual([
      'INVALID_THRESHOLDS',
      'INVALID_CONTROLS',
      'INVALID_CONTROLS',
      'INVALID_GIBSON_SPREAD',
      'INVALID_THRESHOLDS',
    ]);
    expect(messages(p)).toContain(MESSAGES.sims);
  });

  it('needs one setting per round', () => {
    expect(messages(validateRoundControls(3, []))).toEqual(['Round controls are missing']);
    expect(messages(validateRoundControls(3, rounds(2)))).toContain(
      'Round numbers must be consecutive; you cannot skip rounds.',
    );
  });
});

describe('division controls validation', () => {
  it('uses the spec messages for placements', () => {
    expect(
      messages(validateDivisionControls({ minimumPlacement: -1, maximumByePlacement: -1 })),
    ).toEqual([
      'Min Gibson Placement cannot be less than 1',
      'Max Bye Placement cannot be less than 1',
    ]);
    expect(validateDivisionControls({ gibsonSpread: -5 })[0].code).toBe('INVALID_GIBSON_SPREAD');
  });
});

describe('pairing service errors', () => {
  const base: Division = {
    players: [
      { name: 'A', rating: 1 },
      { name: 'B', rating: 1 },
    ],
    numRounds: 2,
    rounds: [],
  };
  it('names each condition with its code', () => {
    expect(pairRound({ ...base, players: [base.players[0]] }, 0)).toMatchObject({
      ok: false,
      error: { code: 'INSUFFICIENT_PLAYERS' },
    });
    expect(
      pairRound({ ...base, players: [{ name: ' ', rating: 1 }, base.players[1]] }, 0),
    ).toMatchObject({ ok: false, error: { code: 'EMPTY_NAME' } });
    expect(pairRound(base, 2)).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_ROUNDS' } });
    const asym = { ...base, rounds: [[{ opponent: 1 }, null]] };
    expect(pairRound(asym, 1)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAIRINGS', players: ['A', 'B'] },
    });
    const early = { ...base, numRounds: 4, roundControls: [{ pairingMethod: 'cop' as const }] };
    expect(pairRound(early, 0)).toMatchObject({
      ok: false,
      error: {
        message: 'COP can only be used for the second half of the tournament (round 3 and later)',
      },
    });
    const full = { ...base, rounds: [[{ opponent: 1 }, { opponent: 0 }]] };
    expect(pairRound(full, 0)).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_ROUNDS' } });
  });
});

describe('round ranges as a director types them (docs/product/tournaments.md §5)', () => {
  const keys = (ranges: { begin: number; end: number }[]) =>
    validateRoundRanges(ranges).map((p) => p.key);
  it('needs positive, ordered ranges that follow on without a gap or an overlap', () => {
    expect(keys([])).toEqual(['missingControls']);
    expect(
      keys([
        { begin: 1, end: 3 },
        { begin: 4, end: 6 },
      ]),
    ).toEqual([]);
    expect(keys([{ begin: 0, end: 2 }])).toEqual(['positiveRound']);
    expect(keys([{ begin: 3, end: 1 }])).toEqual(['endBeforeBegin']);
    expect(
      keys([
        { begin: 1, end: 3 },
        { begin: 3, end: 4 },
      ]),
    ).toEqual(['consecutive']);
    expect(keys([{ begin: 2, end: 3 }])).toEqual(['noSkip']);
  });
});
