import { describe, expect, it } from 'vitest';
import { Board, boardLayout, parseCoord, printCoord } from '../src/index.ts';

function countBonuses(name: 'CrosswordGame' | 'SuperCrosswordGame') {
  const l = boardLayout(name);
  const tally: Record<string, number> = {};
  for (let i = 0; i < l.dim * l.dim; i++) {
    const key =
      l.letterMult[i] > 1 ? `${l.letterMult[i]}L` : l.wordMult[i] > 1 ? `${l.wordMult[i]}W` : '';
    if (key) tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

describe('board layouts', () => {
  it('the 15x15 board has the standard bonus squares and a double-word centre', () => {
    const l = boardLayout('CrosswordGame');
    expect(l.dim).toBe(15);
    expect(countBonuses('CrosswordGame')).toEqual({ '3W': 8, '2W': 17, '3L': 12, '2L': 24 });
    expect(l.centre).toBe(7 * 15 + 7);
    expect(l.wordMult[l.centre]).toBe(2);
    // A1 triple word, D1 double letter, B2 double word, F2 triple letter.
    expect(l.wordMult[0]).toBe(3);
    expect(l.letterMult[3]).toBe(2);
    expect(l.wordMult[16]).toBe(2);
    expect(l.letterMult[15 + 5]).toBe(3);
  });

  it('the 21x21 board mirrors its top half and has quadruple squares', () => {
    const l = boardLayout('SuperCrosswordGame');
    expect(l.dim).toBe(21);
    const tally = countBonuses('SuperCrosswordGame');
    expect(tally['4W']).toBe(4);
    expect(tally['4L']).toBe(8);
    expect(l.wordMult[0]).toBe(4);
    expect(l.wordMult[20 * 21 + 20]).toBe(4);
    expect(l.wordMult[l.centre]).toBe(2);
    for (let r = 0; r < 21; r++) {
      for (let c = 0; c < 21; c++) {
        const i = r * 21 + c;
        expect(l.letterMult[i]).toBe(l.letterMult[(20 - r) * 21 + c]);
        expect(l.wordMult[i]).toBe(l.wordMult[r * 21 + (20 - c)]);
      }
    }
  });
});

describe('coordinates', () => {
  it('reads 8D as across row 8 from column D, and D8 as down', () => {
    expect(parseCoord('8D')).toEqual({ ok: true, value: { row: 7, col: 3, vertical: false } });
    expect(parseCoord('D8')).toEqual({ ok: true, value: { row: 7, col: 3, vertical: true } });
    expect(parseCoord('15O')).toMatchObject({ ok: true, value: { row: 14, col: 14 } });
  });

  it('prints coordinates back the way players write them', () => {
    for (const text of ['8D', 'D8', 'A1', '1A', '15O', 'O15']) {
      const c = parseCoord(text);
      expect(c.ok && printCoord(c.value)).toBe(text);
    }
    expect(printCoord({ row: 20, col: 20, vertical: true })).toBe('U21');
  });

  it('columns run to U and rows to 21 only on the 21x21 board', () => {
    expect(parseCoord('21U', 21)).toMatchObject({ ok: true, value: { row: 20, col: 20 } });
    expect(parseCoord('16A')).toMatchObject({ ok: false, code: 'BAD_COORDINATE' });
    expect(parseCoord('P1')).toMatchObject({ ok: false, code: 'BAD_COORDINATE' });
    expect(parseCoord('8')).toMatchObject({ ok: false, code: 'BAD_COORDINATE' });
    expect(parseCoord('DD')).toMatchObject({ ok: false, code: 'BAD_COORDINATE' });
  });
});

describe('board', () => {
  it('keeps a flat array of machine letters and a tile count', () => {
    const b = Board.empty();
    expect(b.isEmpty).toBe(true);
    b.place(b.index(7, 7), 5);
    b.place(b.index(7, 8), 1 | 0x80);
    expect(b.tileCount).toBe(2);
    expect(b.get(7, 8)).toBe(0x81);
    const copy = b.clone();
    expect(copy.equals(b)).toBe(true);
    expect(b.lift(b.index(7, 7))).toBe(5);
    expect(b.tileCount).toBe(1);
    expect(copy.equals(b)).toBe(false);
    expect(Board.fromSquares(b.layout, b.squares).equals(b)).toBe(true);
  });
});
