import { beforeEach, describe, expect, it } from 'vitest';
import { currentLexicon, migrateLegacyStorage } from '../src/preferences/legacy.ts';
import { preferences } from '../src/preferences/preferences.ts';

describe('legacy value migration (community.md §4.13)', () => {
  beforeEach(() => localStorage.clear());

  it('renames the legacy puzzle lexicons and the other legacy names', () => {
    const expected: Record<string, string> = {
      NWL20: 'NWL23',
      FRA20: 'FRA24',
      RD28: 'RD29',
      CSW21: 'CSW24',
      NWL: 'NWL23',
      CSW: 'CSW24',
      FRA: 'FRA24',
      OSPS49: 'OSPS50',
      NSF23: 'NSF25',
    };
    for (const [old, now] of Object.entries(expected)) expect(currentLexicon(old)).toBe(now);
    expect(currentLexicon('CSW24')).toBe('CSW24');
    expect(currentLexicon('ECWL')).toBe('ECWL');
    expect(currentLexicon('')).toBe('');
  });

  it('moves the legacy variants key and other old keys into the preferences, once', () => {
    localStorage.setItem('enableVariants', 'true');
    localStorage.setItem('puzzleLexicon', 'CSW21');
    localStorage.setItem('darkMode', 'true');
    expect(migrateLegacyStorage(localStorage)).toBe(true);
    expect(localStorage.getItem('enableVariants')).toBeNull();
    expect(localStorage.getItem('puzzleLexicon')).toBeNull();
    expect(JSON.parse(localStorage.getItem('tessera.preferences')!)).toEqual({
      allLexicons: true,
      puzzleLexicon: 'CSW24',
      darkMode: true,
    });
    expect(migrateLegacyStorage(localStorage)).toBe(false);
  });

  it('keeps a current value over a legacy one, and renames stored lexicons in place', () => {
    localStorage.setItem(
      'tessera.preferences',
      JSON.stringify({ allLexicons: false, lobbyFilterByLexicon: 'NWL' }),
    );
    localStorage.setItem('enableVariants', 'true');
    localStorage.setItem(
      'tessera.seekForm.seek',
      JSON.stringify({ lexicon: 'OSPS49', variant: 'classic' }),
    );
    migrateLegacyStorage(localStorage);
    expect(JSON.parse(localStorage.getItem('tessera.preferences')!)).toEqual({
      allLexicons: false,
      lobbyFilterByLexicon: 'NWL23',
    });
    expect(JSON.parse(localStorage.getItem('tessera.seekForm.seek')!)).toEqual({
      lexicon: 'OSPS50',
      variant: 'classic',
    });
  });

  it('runs when the preferences are read', () => {
    localStorage.setItem('puzzleLexicon', 'NSF23');
    localStorage.setItem('enableVariants', 'true');
    preferences.reload();
    expect(preferences.getSnapshot()).toMatchObject({ puzzleLexicon: 'NSF25', allLexicons: true });
  });
});
