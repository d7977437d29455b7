import { expect, it } from 'vitest';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { runAgreement } from './movegen-agreement.ts';
import { englishWords } from './movegen-helpers.ts';

/** 2,500 positions per file (10,000 in all) with TESSERA_SOAK=1; fewer by default. */
const FULL = process.env.TESSERA_SOAK === '1';

it('the generator agrees with brute force on random blanks positions', () => {
  const moves = runAgreement({
    set: letterSet('english'),
    words: englishWords(10),
    layout: 'CrosswordGame',
    seed: 14,
    positions: FULL ? 2500 : 150,
    blanks: 1,
  });
  expect(moves).toBeGreaterThan(1_000);
}, 600_000);
