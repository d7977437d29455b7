import { describe, expect, it } from 'vitest';
import { LETTER_SET_NAMES, letterSet, letterSetForLexicon } from '../src/tiles/letter-sets.ts';

const EXPECTED_TILES: Record<string, number> = {
  english: 100,
  english_super: 200,
  french: 102,
  german: 102,
  spanish: 100,
  catalan: 100,
  polish: 100,
  norwegian: 100,
};

describe('letter sets', () => {
  it.each(LETTER_SET_NAMES)('%s has the bag size players expect', (name) => {
    expect(letterSet(name).tileCount).toBe(EXPECTED_TILES[name]);
  });

  it('English scores Q and Z at 10 and has two blanks worth nothing', () => {
    const en = letterSet('english');
    expect(en.letters[en.codeByRune.get('Q')!].score).toBe(10);
    expect(en.letters[0]).toMatchObject({ rune: '?', count: 2, score: 0 });
  });

  it('Spanish and Catalan multi-letter tiles are single codes, longest first', () => {
    expect(letterSet('spanish').multiRunes).toEqual(['CH', 'LL', 'RR']);
    expect(letterSet('catalan').multiRunes).toEqual(['L·L', 'NY', 'QU']);
  });

  it('picks the letter set from the lexicon prefix', () => {
    expect(letterSetForLexicon('RD29')).toBe('german');
    expect(letterSetForLexicon('OSPS50')).toBe('polish');
    expect(letterSetForLexicon('CSW24')).toBe('english');
  });
});
