import { describe, expect, it } from 'vitest';
import { boardLayout } from '../src/board/layouts.ts';
import { leavesFor } from '../src/equity/leaves.ts';
import { LeaveModel } from '../src/equity/leave-model.ts';
import { solveRidge, trainLeaves } from '../src/equity/train.ts';
import { equityLeaveFn } from '../src/equity/equity.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

const set = letterSet('english');
const counts = (text: string): Uint8Array => {
  const c = new Uint8Array(set.size);
  for (const ch of text) c[ch === '?' ? 0 : set.codeByRune.get(ch)!]++;
  return c;
};

describe('leave values', () => {
  it('ship for English and French, and value good leaves above bad ones', () => {
    const en = leavesFor('SCOWL-EN', 'english')!;
    expect(en).not.toBeNull();
    expect(leavesFor('FRA-OPEN', 'french')).not.toBeNull();
    // An operator's English lexicon borrows the values of ENABLE, the default.
    expect(leavesFor('CSW24', 'english')).toBe(leavesFor('CSW24', 'english'));
    expect(leavesFor('CSW24', 'english')!.toData('X', '')).toEqual(
      leavesFor('ENABLE', 'english')!.toData('X', ''),
    );
    expect(leavesFor('ENABLE', 'english')!.toData('X', '')).not.toEqual(en.toData('X', ''));
    expect(en.value(counts(''))).toBe(0);
    expect(en.value(counts('?'))).toBeGreaterThan(en.value(counts('Q')));
    expect(en.value(counts('ERS'))).toBeGreaterThan(en.value(counts('UUV')));
    expect(en.value(counts('QU'))).toBeGreaterThan(en.value(counts('Q')));
    const enable = leavesFor('ENABLE', 'english')!;
    expect(enable.value(counts('?'))).toBeGreaterThan(enable.value(counts('Q')));
    expect(enable.value(counts('ERS'))).toBeGreaterThan(enable.value(counts('UUV')));
    expect(enable.value(counts('QU'))).toBeGreaterThan(enable.value(counts('Q')));
  });

  it('round-trip through the JSON data form', () => {
    const en = leavesFor('SCOWL-EN', 'english')!;
    const copy = new LeaveModel(set, en.toData('SCOWL-EN', 'test'));
    for (const leave of ['AEIRST', 'QVW', '?S', 'EE']) {
      expect(copy.value(counts(leave))).toBeCloseTo(en.value(counts(leave)), 1);
    }
  });

  it('adjust equity in the endgame: going out earns twice the opponent rack', () => {
    const fn = equityLeaveFn({ model: null, bagSize: 0, oppRackValue: 9, set });
    expect(fn(counts(''), 0, 7)).toBe(18);
    expect(fn(counts('Z'), 1, 6)).toBe(-20);
  });

  it('are fitted by a ridge regression that solves a known system', () => {
    // X'X for y = 2 a + 3 b with a, b observed separately and together.
    const F = 3; // a, b, intercept
    const rows = [
      [1, 0, 1, 2],
      [0, 1, 1, 3],
      [1, 1, 1, 5],
      [0, 0, 1, 0],
    ];
    const a = new Float64Array(F * F);
    const b = new Float64Array(F);
    for (const r of rows) {
      for (let i = 0; i < F; i++) {
        b[i] += r[i] * r[3];
        for (let j = 0; j < F; j++) a[i * F + j] += r[i] * r[j];
      }
    }
    const w = solveRidge(a, b, F, 1e-9);
    expect(w[0]).toBeCloseTo(2, 5);
    expect(w[1]).toBeCloseTo(3, 5);
    expect(w[2]).toBeCloseTo(0, 5);
  });

  it('are produced by a short self-play run', () => {
    const lex = lexiconOf('english', englishWords(20, true));
    const model = trainLeaves({
      lexicon: lex,
      set,
      layout: boardLayout('CrosswordGame'),
      games: 12,
      iterations: 1,
      seed: 3,
    });
    const data = model.toData('TEST', 'unit test');
    expect(data.single.length).toBe(set.size * 4);
    expect(data.balance.length).toBe(64);
    expect(Number.isFinite(model.value(counts('AEST')))).toBe(true);
  }, 60_000);
});
