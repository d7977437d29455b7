/**
 * The finder on the puzzle fixture games (North American records, read with
 * ENABLE), each file's point written down: statically clear answers and
 * their tags, answers a simulation settles (some overruling static equity,
 * as the annotator's notes in one record do), and CEL_ONLY against the
 * common words.
 */
import { describe, expect, it } from 'vitest';
import { tokenizeWord } from '../src/lexicon/tokenize.ts';
import { findPuzzles, type Puzzle, type PuzzleTag } from '../src/puzzles/index.ts';
import { englishWords, wordKeyOf } from './movegen-helpers.ts';
import { fixtureGame, puzzleResources } from './puzzles-helpers.ts';

const res = puzzleResources(true);

type Expected = [event: number, answer: string, tags: PuzzleTag[]];

function summary(puzzles: Puzzle[]): Expected[] {
  return puzzles.map((p) => [p.eventIndex, p.answer.text, [...p.tags]]);
}

describe('statically clear puzzles (20 or more ahead) and their tags', () => {
  const cases: [string, Expected[]][] = [
    [
      'puzzles-bingo_nine_or_above.gcg',
      [
        [2, 'H3 WATER..OI', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'BINGO_NINE_OR_ABOVE']],
        // The player found VAUNTED; ADJUVANT scores more through the same A.
        [11, '15A .DjUVANT', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'BLANK_BINGO']],
        // Eight letters: no nine-letter tag; another bingo exists.
        [12, 'O1 OE.TrIOL', ['EQUITY', 'BINGO', 'BLANK_BINGO']],
      ],
    ],
    [
      'puzzles-only_bingo.gcg',
      [
        [1, 'I8 .EQUORIN', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'POWER_TILE']],
        [11, 'H2 BArGEL.O', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'BLANK_BINGO']],
        [17, '2B ROISTER', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      ],
    ],
    ['puzzles-equity.gcg', [[16, 'A8 RIDDIN.', ['EQUITY', 'NON_BINGO', 'CEL_ONLY']]]],
    [
      'puzzles-well_played_game.gcg',
      [
        [1, 'H4 LIGA.URE', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'CEL_ONLY']],
        [8, 'L7 PEDDL.nG', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'BLANK_BINGO', 'CEL_ONLY']],
        [15, '14F DECALO.S', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      ],
    ],
  ];
  for (const [file, expected] of cases) {
    it(
      file,
      () => {
        const r = findPuzzles(fixtureGame(file), res, { sim: false });
        expect(summary(r.puzzles)).toEqual(expected);
        for (const p of r.puzzles) {
          expect(p.simMargin).toBeNull();
          expect(p.staticMargin).toBeGreaterThanOrEqual(20);
          expect(p.difficulty).toBeGreaterThan(1200);
          expect(p.difficulty).toBeLessThan(2000);
        }
      },
      120_000,
    );
  }
});

describe('close positions settled by simulation', () => {
  it('agrees with the annotator where static equity did not', () => {
    // The record's notes: "8A BIOG(EN)", "14D FORtIES probably", "G4 DAFT".
    const game = fixtureGame('puzzles-phony_tiles_returned.gcg');
    const r = findPuzzles(game, res, { events: [8, 10, 17] });
    expect(summary(r.puzzles)).toEqual([
      [8, '8A BIOG..', ['NON_BINGO']],
      [10, '14D FORtIES', ['BINGO', 'BLANK_BINGO']],
      [17, 'G4 DAFT', ['NON_BINGO']],
    ]);
    expect(r.puzzles.map((p) => p.played)).toEqual(['D8 BIGHA', 'N1 FORtIES', 'G3 VAT']);
    for (const p of r.puzzles) {
      expect(p.staticMargin).toBeLessThan(20);
      expect(p.simMargin).toBeGreaterThanOrEqual(3);
    }
    // G4 DAFT was not even static equity's first choice.
    expect(r.puzzles[2].staticMargin).toBeLessThan(0);
  }, 300_000);

  it('tags by the simulated lead: a fifteen-letter bingo, and equity answers', () => {
    const nine = findPuzzles(fixtureGame('puzzles-bingo_nine_or_above.gcg'), res, { events: [4] });
    expect(summary(nine.puzzles)).toEqual([
      [4, '3A ELECTRO........', ['BINGO', 'BINGO_NINE_OR_ABOVE']],
    ]);
    expect(nine.puzzles[0].answer.words[0]).toHaveLength(15);
    expect(nine.puzzles[0].difficulty).toBeGreaterThan(2000);

    const equity = findPuzzles(fixtureGame('puzzles-equity.gcg'), res, { events: [2, 9, 12] });
    expect(summary(equity.puzzles)).toEqual([
      [2, 'L7 ROSEATE', ['EQUITY', 'BINGO']],
      [9, '14J YE', ['EQUITY', 'NON_BINGO']],
      [12, 'N9 EX', ['EQUITY', 'NON_BINGO', 'POWER_TILE']],
    ]);
    for (const p of equity.puzzles) expect(p.simMargin).toBeGreaterThan(10);
  }, 300_000);

  it('finds many more puzzles in a game than static equity alone', () => {
    const game = fixtureGame('puzzles-equity.gcg');
    const statics = findPuzzles(game, res, { sim: false });
    const simmed = findPuzzles(game, res);
    expect(simmed.puzzles.length).toBeGreaterThanOrEqual(4 * statics.puzzles.length);
    expect(simmed.simulated).toBeGreaterThan(simmed.puzzles.length - statics.puzzles.length);
    for (const p of simmed.puzzles) {
      if (p.simMargin === null) expect(p.staticMargin).toBeGreaterThanOrEqual(20);
      else expect(p.simMargin).toBeGreaterThanOrEqual(3);
    }
  }, 600_000);
});

describe('CEL_ONLY', () => {
  const common = new Set(englishWords(35, true).map((w) => wordKeyOf(w)));
  const isCommon = (word: string) =>
    common.has(wordKeyOf(tokenizeWord('english', word.toLowerCase()) ?? []));

  it('marks the answers whose every word is a common word', () => {
    const game = fixtureGame('puzzles-cel_only.gcg');
    const r = findPuzzles(game, res, { sim: { below: 0 }, events: [5, 8, 14, 19] });
    expect(summary(r.puzzles)).toEqual([
      // ADMITS also makes ADSORB and IDEATE down the stack: not common words.
      [5, '3C ADMITS', ['EQUITY', 'NON_BINGO']],
      [8, 'A8 H.AX', ['NON_BINGO', 'POWER_TILE', 'CEL_ONLY']],
      [14, 'I13 GU.', ['NON_BINGO', 'CEL_ONLY']],
      [19, 'L8 FACTI.N', ['NON_BINGO', 'CEL_ONLY']],
    ]);
    for (const p of r.puzzles)
      expect(p.tags.includes('CEL_ONLY')).toBe(p.answer.words.every(isCommon));
    expect(r.puzzles[0].answer.words).toEqual(
      expect.arrayContaining(['ADMITS', 'ADSORB', 'IDEATE']),
    );
  }, 120_000);

  it('is never given without a common-word lexicon', () => {
    const game = fixtureGame('puzzles-cel_only.gcg');
    const r = findPuzzles(game, { ...res, common: null }, { sim: { below: 0 } });
    expect(r.puzzles.length).toBeGreaterThan(5);
    expect(r.puzzles.some((p) => p.tags.includes('CEL_ONLY'))).toBe(false);
  }, 120_000);
});
