import { describe, expect, it } from 'vitest';
import { letterSet, parseTiles, printTiles, Rack, type LetterSetName } from '../src/index.ts';

const code = (set: LetterSetName, rune: string) => letterSet(set).codeByRune.get(rune)!;

function tiles(set: LetterSetName, text: string, context: 'rack' | 'word' = 'word'): number[] {
  const r = parseTiles(letterSet(set), text, context);
  if (!r.ok) throw new Error(r.message);
  return Array.from(r.value);
}

describe('reading tiles', () => {
  it('reads a rack with an undesignated blank as 0', () => {
    expect(tiles('english', '?ADIORR', 'rack')).toEqual([0, 1, 4, 9, 15, 18, 18]);
  });

  it('reads played-through squares as 0 and lowercase letters as blanks', () => {
    expect(tiles('english', 'WIND.Y')).toEqual([23, 9, 14, 4, 0, 25]);
    expect(tiles('english', '.aFS')).toEqual([0, 1 | 0x80, 6, 19]);
  });

  it('reads Spanish CH, LL and RR as single tiles, and brackets split them', () => {
    const es = 'spanish';
    expect(tiles(es, 'CHURRO')).toEqual([
      code(es, 'CH'),
      code(es, 'U'),
      code(es, 'RR'),
      code(es, 'O'),
    ]);
    expect(tiles(es, 'LLAMA')[0]).toBe(code(es, 'LL'));
    expect(tiles(es, '[C]H')).toEqual([code(es, 'C'), code(es, 'H')]);
    expect(tiles(es, '[CH]')).toEqual([code(es, 'CH')]);
    expect(tiles(es, 'ch')).toEqual([code(es, 'CH') | 0x80]);
    expect(tiles(es, '[rr]O')).toEqual([code(es, 'RR') | 0x80, code(es, 'O')]);
    expect(tiles(es, 'AÑO')[1]).toBe(code(es, 'Ñ'));
  });

  it('reads Catalan L·L, NY and QU as single tiles', () => {
    const ca = 'catalan';
    expect(tiles(ca, 'AL·LOTS')).toEqual([
      code(ca, 'A'),
      code(ca, 'L·L'),
      code(ca, 'O'),
      code(ca, 'T'),
      code(ca, 'S'),
    ]);
    expect(tiles(ca, 'ANY')).toEqual([code(ca, 'A'), code(ca, 'NY')]);
    expect(tiles(ca, 'QUE')).toEqual([code(ca, 'QU'), code(ca, 'E')]);
    expect(tiles(ca, 'l·l')).toEqual([code(ca, 'L·L') | 0x80]);
  });

  it('reads Polish letters and their lowercase blanks', () => {
    const pl = 'polish';
    expect(tiles(pl, 'ŻÓŁW')).toEqual(['Ż', 'Ó', 'Ł', 'W'].map((r) => code(pl, r)));
    expect(tiles(pl, 'żółw')).toEqual(['Ż', 'Ó', 'Ł', 'W'].map((r) => code(pl, r) | 0x80));
  });

  it('reads a tile spelled by a #tile alias', () => {
    const set = letterSet('spanish');
    const aliases = new Map([['Ç', code('spanish', 'CH')]]);
    const r = parseTiles(set, 'ÇURRO', 'word', { aliases });
    expect(r.ok && r.value[0]).toBe(code('spanish', 'CH'));
  });

  it('explains what is wrong with bad tile text', () => {
    const en = letterSet('english');
    expect(parseTiles(letterSet('spanish'), 'KIWI', 'word')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TILE',
      message: "'K' is not a tile of the spanish letter set",
    });
    expect(parseTiles(en, 'A?C', 'word')).toMatchObject({ ok: false, code: 'UNDESIGNATED_BLANK' });
    expect(parseTiles(en, 'abc', 'rack')).toMatchObject({ ok: false, code: 'BLANK_ON_RACK' });
    expect(parseTiles(en, 'AB.', 'rack')).toMatchObject({
      ok: false,
      code: 'PLAYED_THROUGH_ON_RACK',
    });
    expect(parseTiles(letterSet('spanish'), '[CH', 'word')).toMatchObject({
      ok: false,
      code: 'UNCLOSED_BRACKET',
    });
    expect(parseTiles(en, '', 'word')).toMatchObject({ ok: false, code: 'EMPTY' });
    expect(parseTiles(en, '', 'rack')).toMatchObject({ ok: true });
  });
});

describe('printing tiles', () => {
  it('prints what it reads, for every letter set', () => {
    const samples: [LetterSetName, string][] = [
      ['english', 'QUIXOTRY'],
      ['spanish', 'CHURRo'],
      ['catalan', 'AL·LOTs'],
      ['polish', 'ZDZIAŁa.'],
      ['german', 'ÄRGER'],
      ['norwegian', 'ÆRØÅq'],
      ['french', 'KIWI'],
    ];
    for (const [set, text] of samples) {
      expect(printTiles(letterSet(set), tiles(set, text), 'word')).toBe(text);
    }
  });

  it('brackets a single letter that would otherwise merge into a multi-letter tile', () => {
    const es = letterSet('spanish');
    const cThenH = [code('spanish', 'C'), code('spanish', 'H')];
    expect(printTiles(es, cThenH, 'word')).toBe('[C]H');
    expect(tiles('spanish', printTiles(es, cThenH, 'word'))).toEqual(cThenH);
    const lThenLL = [code('spanish', 'L'), code('spanish', 'LL')];
    expect(printTiles(es, lThenLL, 'word')).toBe('[L]LL');
    expect(tiles('spanish', '[L]LL')).toEqual(lThenLL);
  });

  it('always brackets multi-letter tiles in CGP style', () => {
    const es = letterSet('spanish');
    expect(printTiles(es, tiles('spanish', 'CHch'), 'word', 'always')).toBe('[CH][ch]');
    expect(printTiles(es, [0, code('spanish', 'RR')], 'rack', 'always')).toBe('?[RR]');
  });
});

describe('racks', () => {
  it('counts tiles and knows which plays it can supply', () => {
    const en = letterSet('english');
    const rack = Rack.of(en, tiles('english', '?ADIORR', 'rack'));
    expect(rack.size).toBe(7);
    expect(rack.value()).toBe(1 + 2 + 1 + 1 + 1 + 1);
    expect(rack.holds(tiles('english', 'mIRADOR'))).toBe(true);
    expect(rack.holds(tiles('english', 'mIRADORs'))).toBe(false);
    expect(rack.holds(tiles('english', 'RRR'))).toBe(false);
    expect(rack.size).toBe(7);
    expect(Array.from(rack.tiles())).toEqual(tiles('english', '?ADIORR', 'rack'));
    expect(rack.remove(code('english', 'Z'))).toBe(false);
    expect(rack.remove(code('english', 'R'))).toBe(true);
    expect(rack.equals(Rack.of(en, tiles('english', 'ADIORX?', 'rack')))).toBe(false);
  });
});
