import { describe, expect, it } from 'vitest';
import {
  migratePuzzleLexicon,
  usablePuzzleLexicon,
} from '../../src/features/puzzle/puzzle-lexicon.ts';

describe('the stored puzzle dictionary', () => {
  it('renames the editions older versions stored (§4.13)', () => {
    expect(migratePuzzleLexicon('NWL20')).toBe('NWL23');
    expect(migratePuzzleLexicon('FRA20')).toBe('FRA24');
    expect(migratePuzzleLexicon('RD28')).toBe('RD29');
    expect(migratePuzzleLexicon('CSW21')).toBe('CSW24');
  });

  it('maps the other legacy names too, whatever their case', () => {
    expect(migratePuzzleLexicon('nwl')).toBe('NWL23');
    expect(migratePuzzleLexicon('CSW')).toBe('CSW24');
    expect(migratePuzzleLexicon('OSPS49')).toBe('OSPS50');
    expect(migratePuzzleLexicon('NSF23')).toBe('NSF25');
  });

  it('keeps a current name and leaves nothing chosen as nothing', () => {
    expect(migratePuzzleLexicon('CSW24')).toBe('CSW24');
    expect(migratePuzzleLexicon('SCOWL-EN')).toBe('SCOWL-EN');
    expect(migratePuzzleLexicon('')).toBe('');
  });

  it('asks again when the server does not offer the stored dictionary', () => {
    expect(usablePuzzleLexicon('CSW21', ['CSW24', 'NWL23'])).toBe('CSW24');
    expect(usablePuzzleLexicon('scowl-en', ['SCOWL-EN'])).toBe('SCOWL-EN');
    expect(usablePuzzleLexicon('FRA20', ['CSW24'])).toBe('');
    expect(usablePuzzleLexicon('', ['CSW24'])).toBe('');
  });
});
