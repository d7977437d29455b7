import { describe, expect, it } from 'vitest';
import { arrangeRack, orderTiles, type TileFacts } from '../../src/preferences/tile-order.ts';
import { parsePreferences } from '../../src/preferences/preferences.ts';

const SCORES: Record<string, number> = { A: 1, E: 1, I: 1, Q: 10, R: 1, T: 1, Z: 10, '?': 0 };
const facts = (l: string): TileFacts => ({
  label: l,
  score: SCORES[l] ?? 1,
  vowel: 'AEIOU'.includes(l),
  blank: l === '?',
});
const rack = [...'RE?QATZ'];
const order = (o: Parameters<typeof orderTiles>[1]) => orderTiles(rack, o, facts).join('');

describe('tile order presets', () => {
  it('orders a rack each way, blanks last unless they come first', () => {
    expect(order('alphabetical')).toBe('AEQRTZ?');
    expect(order('vowels-first')).toBe('AEQRTZ?');
    expect(order('consonants-first')).toBe('QRTZAE?');
    expect(order('descending-points')).toBe('QZAERT?');
    expect(order('blanks-first')).toBe('?AEQRTZ');
  });

  it('shuffles instead under auto-shuffle, keeping the same tiles', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const out = arrangeRack(rack, { tileOrder: 'alphabetical', autoShuffle: true }, facts, random);
    expect([...out].sort()).toEqual([...rack].sort());
    expect(out.join('')).not.toBe(order('alphabetical'));
  });

  it('falls back to the defaults for stored values it does not know', () => {
    const p = parsePreferences({ tileOrder: 'sideways', darkMode: 'yes', hidePool: true });
    expect(p.tileOrder).toBe('alphabetical');
    expect(p.darkMode).toBe(false);
    expect(p.hidePool).toBe(true);
  });
});
