import { describe, expect, it } from 'vitest';
import {
  applyPlacement,
  Board,
  canonicalPlacement,
  checkerForVariant,
  checkPlacement,
  letterSet,
  parseCoord,
  parseTiles,
  placementFromSquares,
  printTiles,
  Rack,
  scorePlacement,
  tileScoreTable,
  validatePlacement,
  wordListChecker,
  wordsFormed,
  type BoardLayoutName,
  type LetterSetName,
  type Placement,
} from '../src/index.ts';

function at(text: string, word: string, set: LetterSetName = 'english', dim = 15): Placement {
  const c = parseCoord(text, dim);
  const t = parseTiles(letterSet(set), word, 'word');
  if (!c.ok || !t.ok) throw new Error(`bad test move ${text} ${word}`);
  return { ...c.value, tiles: t.value };
}

/** A board with the given plays on it (no checks). */
function boardWith(plays: [string, string][], layout: BoardLayoutName = 'CrosswordGame'): Board {
  const b = Board.empty(layout);
  for (const [pos, word] of plays) applyPlacement(b, at(pos, word, 'english', b.dim));
  return b;
}

const en = letterSet('english');
const points = tileScoreTable(en);
const score = (b: Board, pos: string, word: string) =>
  scorePlacement(b, at(pos, word, 'english', b.dim), points);
const check = (b: Board, pos: string, word: string, rack?: string) =>
  checkPlacement(
    b,
    at(pos, word, 'english', b.dim),
    rack === undefined
      ? null
      : Rack.of(en, (parseTiles(en, rack, 'rack') as { value: Uint8Array }).value),
    en.size,
  );

describe('placement rules', () => {
  it('the first play must cover the centre and form a word of two letters', () => {
    const b = Board.empty();
    expect(check(b, '8D', 'WINDY')).toBeNull();
    expect(check(b, 'H4', 'WINDY')).toBeNull();
    expect(check(b, '7D', 'WINDY')).toBe('MUST_COVER_CENTRE');
    expect(check(b, '8H', 'A')).toBe('WORD_TOO_SHORT');
  });

  it('later plays must touch a tile already on the board', () => {
    const b = boardWith([['8D', 'WINDY']]);
    expect(check(b, '7C', 'GALE')).toBeNull();
    expect(
      check(
        boardWith([
          ['8D', 'WINDY'],
          ['7C', 'GALE'],
        ]),
        'E3',
        'JAVE..N',
      ),
    ).toBeNull();
    expect(check(b, '3A', 'JAVELIN')).toBe('NOT_CONNECTED');
    // A tile just before the run extends the word, so it touches.
    expect(check(b, '8I', 'S')).toBeNull();
  });

  it('refuses tiles on occupied squares, gaps over empty squares and bad letters', () => {
    const b = boardWith([['8D', 'WINDY']]);
    expect(check(b, '8D', 'W')).toBe('SQUARE_OCCUPIED');
    expect(check(b, '9D', '.A')).toBe('PLAYED_THROUGH_EMPTY');
    expect(check(b, '14A', 'WINDY')).toBe('NOT_CONNECTED');
    expect(check(b, '8L', 'ABCDE')).toBe('OFF_BOARD');
    expect(
      checkPlacement(
        b,
        { row: 8, col: 3, vertical: false, tiles: Uint8Array.of(0x80, 1) },
        null,
        en.size,
      ),
    ).toBe('UNDESIGNATED_BLANK');
    expect(
      checkPlacement(
        b,
        { row: 8, col: 3, vertical: false, tiles: Uint8Array.of(1, 40) },
        null,
        en.size,
      ),
    ).toBe('UNKNOWN_TILE');
    expect(
      checkPlacement(
        b,
        { row: 8, col: 3, vertical: false, tiles: new Uint8Array(0) },
        null,
        en.size,
      ),
    ).toBe('NO_TILES');
  });

  it('the tiles must come from the rack, a blank standing in for a lowercase letter', () => {
    const b = Board.empty();
    expect(check(b, '8D', 'WINDY', 'DINNVWY')).toBeNull();
    expect(check(b, '8D', 'WINDY', 'DINNVW?')).toBe('TILES_NOT_ON_RACK');
    expect(check(b, '8D', 'WINDy', 'DINNVW?')).toBeNull();
    expect(validatePlacement(b, at('8D', 'WINDY'), Rack.of(en, []), en.size)).toMatchObject({
      ok: false,
      code: 'TILES_NOT_ON_RACK',
      message: 'The tiles played are not all on the rack.',
    });
  });

  it('turns dropped squares into a play: one line, gaps only where tiles already are', () => {
    const b = boardWith([['8D', 'WINDY']]);
    const A = en.codeByRune.get('A')!;
    const S = en.codeByRune.get('S')!;
    const across = placementFromSquares(b, [
      { row: 7, col: 8, tile: S },
      { row: 7, col: 2, tile: A },
    ]);
    expect(across.ok && printTiles(en, across.value.tiles, 'word')).toBe('A.....S');
    expect(across.ok && across.value.col).toBe(2);
    expect(
      placementFromSquares(b, [
        { row: 6, col: 2, tile: A },
        { row: 7, col: 9, tile: S },
      ]),
    ).toMatchObject({
      code: 'NOT_IN_LINE',
    });
    expect(
      placementFromSquares(b, [
        { row: 6, col: 1, tile: A },
        { row: 6, col: 3, tile: S },
      ]),
    ).toMatchObject({
      code: 'GAP',
    });
    expect(placementFromSquares(b, [{ row: 6, col: 3, tile: 0x80 }])).toMatchObject({
      code: 'UNDESIGNATED_BLANK',
    });
    expect(placementFromSquares(b, [{ row: 7, col: 3, tile: A }])).toMatchObject({
      code: 'SQUARE_OCCUPIED',
    });
    expect(
      placementFromSquares(b, [
        { row: 6, col: 3, tile: A },
        { row: 6, col: 3, tile: S },
      ]),
    ).toMatchObject({
      code: 'DUPLICATE_SQUARE',
    });
    // A single tile below a word runs down.
    const single = placementFromSquares(b, [{ row: 8, col: 3, tile: A }]);
    expect(single.ok && single.value.vertical).toBe(true);
  });

  it('writes a play the canonical way: whole word, lone tiles along their word', () => {
    const b = boardWith([['8D', 'WINDY']]);
    const extended = canonicalPlacement(b, at('8I', 'S'));
    expect(extended).toMatchObject({ row: 7, col: 3, vertical: false });
    expect(printTiles(en, extended.tiles, 'word')).toBe('.....S');
    const turned = canonicalPlacement(b, at('9D', 'A'));
    expect(turned).toMatchObject({ row: 7, col: 3, vertical: true });
    expect(printTiles(en, turned.tiles, 'word')).toBe('.A');
  });
});

describe('words formed', () => {
  it('lists the main word first, then each cross word', () => {
    const b = boardWith([['8D', 'WINDY']]);
    const words = wordsFormed(b, at('7C', 'GALE')).map((w) => printTiles(en, w, 'word'));
    expect(words).toEqual(['GALE', 'AW', 'LI', 'EN']);
    const b2 = boardWith([
      ['8D', 'WINDY'],
      ['7C', 'GALE'],
    ]);
    const through = wordsFormed(b2, at('E3', 'JAVE..N')).map((w) => printTiles(en, w, 'word'));
    expect(through).toEqual(['JAVELIN']);
  });

  it('keeps blank letters lowercase', () => {
    const b = boardWith([['8D', 'WINDY']]);
    expect(wordsFormed(b, at('8I', 's')).map((w) => printTiles(en, w, 'word'))).toEqual(['WINDYs']);
  });
});

describe('scoring', () => {
  it('scores the first play with its letter and word bonuses (8D WINDY = 32)', () => {
    expect(score(Board.empty(), '8D', 'WINDY')).toBe(32);
  });

  it('scores cross words, with bonuses only under the fresh tiles (7C GALE = 16)', () => {
    const b = boardWith([['8D', 'WINDY']]);
    expect(score(b, '7C', 'GALE')).toBe(16);
  });

  it('counts tiles played through at face value (E3 JAVE..N = 34)', () => {
    const b = boardWith([
      ['8D', 'WINDY'],
      ['7C', 'GALE'],
    ]);
    expect(score(b, 'E3', 'JAVE..N')).toBe(34);
  });

  it('gives a blank nothing, even on a letter bonus', () => {
    // D on the double letter at 8D: 2x2 = 4 as a tile, 0 as a blank.
    expect(score(Board.empty(), '8D', 'WINDY') - score(Board.empty(), '8D', 'wINDY')).toBe(16);
  });

  it('adds 50 for using all seven tiles (10B DONATES = 82)', () => {
    const b = boardWith([
      ['8D', 'WINDY'],
      ['7C', 'GALE'],
      ['E3', 'JAVELIN'],
      ['F2', 'VOX'],
    ]);
    expect(score(b, '10B', 'DONATES')).toBe(82);
  });

  it('multiplies word bonuses together: two triple words make nine times', () => {
    // O already at 1D; 1A..1H spans the triple words at 1A and 1H, seven tiles.
    const b = boardWith([['D1', 'OX']]);
    expect(score(b, '1A', 'ABC.DEFG')).toBe((1 + 3 + 3 + 1 + 2 + 1 + 4 + 2) * 9 + 50);
  });

  it('scores a play on the 21x21 board with its quadruple squares', () => {
    const b = Board.empty('SuperCrosswordGame');
    // 11K on the centre row: the centre (11K) is a double word.
    expect(score(b, '11K', 'ZA')).toBe((10 + 1) * 2);
    // Quadruple word in the corner: A1..A2 after a play reaching A3.
    const b2 = boardWith([['A3', 'OX']], 'SuperCrosswordGame');
    // 1A: quadruple word; 2A: plain (column A, row 2 is ' ').
    expect(score(b2, 'A1', 'BO..')).toBe((3 + 1 + 1 + 8) * 4);
  });
});

describe('word checkers', () => {
  const words = wordListChecker(en, ['WINDY', 'GALE']);
  const tiles = (t: string) => (parseTiles(en, t, 'word') as { value: Uint8Array }).value;

  it('a Set-backed checker knows its words, whatever the blanks', () => {
    expect(words.has(tiles('WINDY'))).toBe(true);
    expect(words.has(tiles('WINDS'))).toBe(false);
  });

  it('WordSmog accepts any anagram of a valid word, classic does not', () => {
    const classic = checkerForVariant('classic', words);
    const smog = checkerForVariant('wordsmog', words);
    expect(classic.ok && classic.value.has(tiles('DNIWY'))).toBe(false);
    expect(smog.ok && smog.value.has(tiles('DNIWY'))).toBe(true);
    expect(smog.ok && smog.value.has(tiles('DNIWS'))).toBe(false);
    expect(checkerForVariant('wordsmog', { has: () => true })).toMatchObject({
      ok: false,
      code: 'NO_ANAGRAM_LOOKUP',
    });
  });
});
