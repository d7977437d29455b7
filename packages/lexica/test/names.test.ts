import { describe, expect, it } from 'vitest';
import { COMMON_LEXICON, DEFAULT_LEXICON, LEGACY_NAMES, resolveLexiconName } from '../src/index.ts';

describe('lexicon names', () => {
  it.each([
    ['NWL', 'NWL23'],
    ['CSW', 'CSW24'],
    ['FRA', 'FRA24'],
    ['OSPS49', 'OSPS50'],
    ['NSF23', 'NSF25'],
    ['NWL20', 'NWL23'],
    ['FRA20', 'FRA24'],
    ['RD28', 'RD29'],
    ['CSW21', 'CSW24'],
  ])('an old game recorded with %s plays with %s', (legacy, current) => {
    expect(resolveLexiconName(legacy)).toBe(current);
    expect(resolveLexiconName(legacy.toLowerCase())).toBe(current);
  });

  it('current and free names pass through unchanged', () => {
    for (const n of ['CSW24', 'NWL23', 'ECWL', DEFAULT_LEXICON, COMMON_LEXICON]) {
      expect(resolveLexiconName(n)).toBe(n);
    }
    expect(Object.keys(LEGACY_NAMES)).toHaveLength(9);
  });
});
