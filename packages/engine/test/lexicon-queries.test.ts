import { describe, expect, it } from 'vitest';
import { Lexicon, tokenizeWord } from '../src/index.ts';
import { key, randomWords, rng } from './lexicon-helpers.ts';

const words = randomWords(7, 3000, 8, 8).filter((w) => w.length >= 2);
const lex = Lexicon.compile(words, { name: 'RANDOM', letterSet: 'english' });
const unique = [...new Map(words.map((w) => [key(w), w])).values()];

/** Brute force: can `word` be made from the rack, and with how few blanks? */
function fits(word: Uint8Array, rack: number[]): boolean {
  const counts = new Map<number, number>();
  for (const t of rack) counts.set(t, (counts.get(t) ?? 0) + 1);
  let blanks = counts.get(0) ?? 0;
  for (const t of word) {
    const c = counts.get(t) ?? 0;
    if (c > 0) counts.set(t, c - 1);
    else if (blanks-- <= 0) return false;
  }
  return true;
}

const strip = (w: Uint8Array) => key(w.map((t) => t & 0x7f));

describe('anagrams', () => {
  const r = rng(11);
  const racks = Array.from({ length: 60 }, () => {
    const size = 2 + Math.floor(r() * 6);
    return Array.from({ length: size }, () => (r() < 0.12 ? 0 : 1 + Math.floor(r() * 8)));
  });

  it.each(racks.map((rack) => [rack.join(''), rack]))(
    'rack %s: sub-anagrams match a brute force over the word list',
    (_, rack) => {
      const got = lex.anagrams(rack as number[]).map(strip);
      const want = unique.filter((w) => fits(w, rack as number[])).map(key);
      expect(new Set(got)).toEqual(new Set(want));
      expect(got.length).toBe(want.length);
    },
  );

  it('full anagrams use every tile, and blanks are marked with the blank bit', () => {
    for (const rack of racks) {
      const got = lex.anagrams(rack, { mode: 'full' });
      const want = unique.filter((w) => w.length === rack.length && fits(w, rack)).map(key);
      expect(new Set(got.map(strip))).toEqual(new Set(want));
      for (const w of got) {
        const blanksUsed = w.filter((t) => t & 0x80).length;
        expect(blanksUsed).toBeLessThanOrEqual(rack.filter((t) => t === 0).length);
      }
    }
  });

  it('respects minLength and limit', () => {
    const rack = [1, 2, 3, 4, 5, 0, 0];
    expect(lex.anagrams(rack, { minLength: 4 }).every((w) => w.length >= 4)).toBe(true);
    expect(lex.anagrams(rack, { limit: 3 }).length).toBeLessThanOrEqual(3);
  });

  it('hasAnagram (wordsmog) agrees with sorting letters', () => {
    const alphagrams = new Set(unique.map((w) => key([...w].sort((a, b) => a - b))));
    const probes = randomWords(12, 3000, 8, 8);
    for (const p of [...probes, ...unique.slice(0, 500)]) {
      const sorted = key([...p].sort((a, b) => a - b));
      expect(lex.hasAnagram(p)).toBe(alphagrams.has(sorted));
    }
  });
});

describe('patterns', () => {
  const en = Lexicon.compile(
    [
      'CAT',
      'COT',
      'CUT',
      'CART',
      'SCAT',
      'QI',
      'QAT',
      'QUIT',
      'AA',
      'AE',
      'EAU',
      'SING',
      'STING',
      'ING',
    ].map((w) => tokenizeWord('english', w)!),
    { name: 'MINI', letterSet: 'english' },
  );
  const m = (p: string) => en.match(p).map((w) => en.format(w));

  it('? is any tile, letters are literal, * any run', () => {
    expect(m('C?T')).toEqual(['CAT', 'COT', 'CUT']);
    expect(m('*ING')).toEqual(['ING', 'SING', 'STING']);
    expect(m('*AT')).toEqual(['CAT', 'QAT', 'SCAT']);
    expect(m('*')).toHaveLength(14);
    expect(m('c*t')).toEqual(['CART', 'CAT', 'COT', 'CUT']);
  });

  it('[...] is a set and [^...] its complement', () => {
    expect(m('[AEIOU][AEIOU]*')).toEqual(['AA', 'AE', 'EAU']);
    expect(m('Q[^U]*')).toEqual(['QAT', 'QI']);
    expect(m('C[AO]T')).toEqual(['CAT', 'COT']);
  });

  it('bad patterns are reported as values', () => {
    expect(en.parsePattern('[AB')).toEqual({ ok: false, error: 'unclosed' });
    expect(en.parsePattern('')).toEqual({ ok: false, error: 'empty' });
    expect(en.parsePattern('A1')).toEqual({ ok: false, error: 'bad-letter' });
    expect(en.parsePattern('?'.repeat(31))).toEqual({ ok: false, error: 'too-long' });
    expect(en.match('A1')).toEqual([]);
  });

  it('matches a brute-force regular expression on random patterns', () => {
    const big = Lexicon.compile(words, { name: 'R', letterSet: 'english' });
    const letters = 'ABCDEFGH';
    const text = (w: Uint8Array) => Array.from(w, (t) => letters[t - 1]).join('');
    const all = unique.map(text);
    const r = rng(5);
    for (let i = 0; i < 200; i++) {
      let p = '';
      const n = 1 + Math.floor(r() * 4);
      for (let k = 0; k < n; k++) {
        const x = r();
        p +=
          x < 0.2
            ? '*'
            : x < 0.4
              ? '?'
              : x < 0.5
                ? '[AB]'
                : x < 0.55
                  ? '[^C]'
                  : letters[Math.floor(r() * 8)];
      }
      const re = new RegExp(`^${p.replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
      const want = all.filter((w) => re.test(w)).sort();
      expect(big.match(p).map(text).sort()).toEqual(want);
    }
  });

  it('reads multi-letter tiles greedily and (X) as one explicit tile', () => {
    const es = Lexicon.compile(
      ['CHICO', 'CHINO', 'COCHE', 'CALLE', 'CARRO'].map((w) => tokenizeWord('spanish', w)!),
      {
        name: 'FILE-T',
        letterSet: 'spanish',
      },
    );
    expect(es.match('CH???').map((w) => es.format(w))).toEqual(['CHICO', 'CHINO']);
    expect(es.match('(C)*').map((w) => es.format(w))).toEqual(['CALLE', 'CARRO', 'COCHE']);
    expect(es.match('CA??').map((w) => es.format(w))).toEqual(['CALLE', 'CARRO']);
    expect(es.match('[(C)(CH)]*O').map((w) => es.format(w))).toEqual(['CARRO', 'CHICO', 'CHINO']);
  });
});
