import { describe, expect, it } from 'vitest';
import { letterSet, play, printTiles, Prng, cgp, gcg } from '../src/index.ts';
import { HAVE_TESTDATA, move, testFile } from './support/fixtures.ts';

const EXAMPLE = '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL23;';

describe('CGP positions', () => {
  it('reads the example position from the facts', () => {
    const r = cgp.parseCgp(EXAMPLE);
    if (!r.ok) throw new Error(r.message);
    const pos = r.value;
    const en = letterSet('english');
    expect(printTiles(en, pos.board.slice(7 * 15 + 3, 7 * 15 + 8), 'word')).toBe('WINDY');
    expect(printTiles(en, pos.racks[0], 'rack')).toBe('ADEEGIL');
    expect(pos.racks[1].length).toBe(0);
    expect(pos.scores).toEqual([0, 32]);
    expect(pos.scorelessTurns).toBe(0);
    expect(pos.lexicon).toBe('NWL23');
    expect(pos.letters).toBe('english');
    expect(cgp.writeCgp(pos)).toBe(EXAMPLE);
  });

  it('starts a game from a position: the player to move holds the first rack', () => {
    const g = cgp.gameFromCgp(EXAMPLE, { challengeRule: 'DOUBLE' });
    if (!g.ok) throw new Error(g.message);
    expect(g.value.bag.size).toBe(100 - 5 - 7);
    expect(g.value.scores).toEqual([0, 32]);
    const r = play(g.value, 0, move(g.value, '7C', 'GALE'));
    expect(r.ok && r.value[0].score).toBe(16);
    expect(cgp.cgpFromGame(g.value).split(' ').slice(0, 4)).toEqual([
      '15/15/15/15/15/15/2GALE9/3WINDY7/15/15/15/15/15/15/15',
      `/${printTiles(letterSet('english'), g.value.racks[0].tiles(), 'rack')}`,
      '32/16',
      '0',
    ]);
  });

  it('writes multi-letter tiles in brackets and reads them back (Spanish)', () => {
    const text =
      '15/15/15/15/15/15/15/4[CH]U[RR]O7/15/15/15/15/15/15/15 [CH]A?/[LL] 30/0 1 ld spanish;';
    const r = cgp.parseCgp(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.letters).toBe('spanish');
    const es = letterSet('spanish');
    expect(printTiles(es, r.value.board.slice(7 * 15 + 4, 7 * 15 + 8), 'word')).toBe('CHURRO');
    expect(r.value.racks[1]).toEqual(Uint8Array.of(es.codeByRune.get('LL')!));
    expect(cgp.parseCgp(text.replace('/[LL]', '/[ll]'))).toMatchObject({
      ok: false,
      code: 'BAD_CGP',
    });
    const blank = cgp.parseCgp(text.replace('4[CH]U', '4[ch]U'));
    expect(blank.ok && blank.value.board[7 * 15 + 4]).toBe(es.codeByRune.get('CH')! | 0x80);
    expect(cgp.writeCgp(r.value)).toBe(text.replace('[CH]A?', '?A[CH]'));
  });

  it('reads a 21x21 position from its 21 rows', () => {
    const rows = Array(21).fill('21');
    rows[10] = '9ZAX9';
    const r = cgp.parseCgp(`${rows.join('/')} AB/CD 60/0 0 var classic_super;`);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.boardLayout).toBe('SuperCrosswordGame');
    expect(r.value.letters).toBe('english_super');
    const g = cgp.gameFromCgp(`${rows.join('/')} AB/CD 60/0 0 var classic_super;`);
    expect(g.ok && g.value.bag.size).toBe(200 - 3 - 4);
  });

  it.skipIf(!HAVE_TESTDATA)(
    'a finished real game written as CGP reads back to the same board',
    () => {
      const g = gcg.importGcg(testFile('gcgio-doug_v_emely.gcg'));
      if (!g.ok) throw new Error(g.message);
      const text = cgp.cgpFromGame(g.value);
      const back = cgp.gameFromCgp(text);
      if (!back.ok) throw new Error(back.message);
      expect(Array.from(back.value.board.squares)).toEqual(Array.from(g.value.board.squares));
      expect(cgp.cgpFromGame(back.value)).toBe(text);
    },
  );
});

describe('malformed CGP', () => {
  const rows = (n: number, row = '15') => Array(n).fill(row).join('/');
  const cases: [string, string, string][] = [
    ['too few fields', `${rows(15)} A/B`, 'line 1: a CGP needs board, racks, scores'],
    ['too few rows', `${rows(14)} A/B 0/0 0`, 'line 1: the board has 14 rows, expected 15'],
    [
      'a row too wide',
      `${rows(7)}/16/${rows(7)} A/B 0/0 0`,
      'line 1: board row 8 has 16 squares, expected 15',
    ],
    [
      'a bad tile on the board',
      `${rows(7)}/7#7/${rows(7)} A/B 0/0 0`,
      "line 1: board row 8: '#' is not a tile",
    ],
    ['one rack', `${rows(15)} AB 0/0 0`, "line 1: racks must be two values joined by '/'"],
    ['a lowercase rack letter', `${rows(15)} Ab/ 0/0 0`, 'line 1: rack 1: a rack holds'],
    ['bad scores', `${rows(15)} A/B 0/x 0`, "line 1: scores must be two numbers joined by '/'"],
    ['a bad zero count', `${rows(15)} A/B 0/0 z`, "line 1: 'z' is not a count of scoreless turns"],
    [
      'an unknown letter set',
      `${rows(15)} A/B 0/0 0 ld klingon;`,
      "line 1: unknown letter distribution 'klingon'",
    ],
    ['an unknown board', `${rows(15)} A/B 0/0 0 bdn Hex;`, "line 1: unknown board layout 'Hex'"],
  ];

  it.each(cases)('%s: the error names the line and the problem', (_, text, message) => {
    const r = cgp.parseCgp(text);
    expect(r.ok ? 'parsed' : r.message).toContain(message);
  });

  it('too many tiles of a letter for the set is refused when starting a game', () => {
    const r = cgp.gameFromCgp(`${rows(7)}/ZZ13/${rows(7)} A/B 0/0 0`);
    expect(r).toMatchObject({ ok: false, code: 'BAD_CGP' });
    expect(!r.ok && r.message).toBe('line 1: more Z tiles than the english set has');
  });

  it('damaged positions give errors, never a crash', () => {
    const rng = Prng.seeded(99);
    const alphabet = '0123456789/ ?[]ABCZaz;.#-';
    for (let i = 0; i < 500; i++) {
      const chars = EXAMPLE.split('');
      for (let k = 0; k < 1 + rng.below(6); k++) {
        chars[rng.below(chars.length)] = alphabet[rng.below(alphabet.length)];
      }
      const text = chars.join('').slice(0, rng.below(chars.length + 1));
      expect(() => {
        const r = cgp.gameFromCgp(text);
        if (!r.ok) expect(r.message).toMatch(/^line 1: /);
      }).not.toThrow();
    }
  });

  it('names the line it was given for a file of positions', () => {
    const r = cgp.parseCgp('junk', { line: 7 });
    expect(!r.ok && r.message).toMatch(/^line 7: /);
  });
});
