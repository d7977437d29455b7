/**
 * The finder's tags on every `pkg-puzzles-*` record of the shared test data
 * (read with ENABLE, statically clear answers only: 20 or more ahead), each
 * file's puzzles and tags written down. Each tag is also worked out here from
 * its definition (decision 0087, docs/product/gameplay.md §3): the bingo
 * tags from the answer's tiles and main word, ONLY_BINGO by counting the
 * position's bingos with the brute-force move generator, CEL_ONLY against
 * the common words, EQUITY from the lead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gameFromCgp } from '../src/formats/cgp/game.ts';
import { tokenizeWord } from '../src/lexicon/tokenize.ts';
import { findPuzzles, type Puzzle, type PuzzleTag } from '../src/puzzles/index.ts';
import { BLANK_BIT, LETTER_MASK } from '../src/tiles/letter-sets.ts';
import {
  bruteForce,
  englishWords,
  indexWords,
  wordKeyOf,
  type WordIndex,
} from './movegen-helpers.ts';
import { enableWords, fixtureGame, puzzleResources } from './puzzles-helpers.ts';

const res = puzzleResources(true);

type Expected = [event: number, answer: string, tags: PuzzleTag[]];

const CASES: [string, Expected[]][] = [
  ['pkg-puzzles-r1_mike.gcg', [[10, 'H5 RAD.CATE', ['EQUITY', 'BINGO', 'ONLY_BINGO']]]],
  ['pkg-puzzles-r2_tim.gcg', [[7, '9A ARANEID', ['EQUITY', 'BINGO', 'ONLY_BINGO']]]],
  [
    'pkg-puzzles-r3_ewans.gcg',
    [
      [8, '12D PREBIND.', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      // SCHOOLED with a blank D: another bingo exists, and every word is common.
      [12, '15H .CHOOLEd', ['EQUITY', 'BINGO', 'BLANK_BINGO', 'CEL_ONLY']],
    ],
  ],
  [
    'pkg-puzzles-r4_lipe.gcg',
    [
      [4, '11D UN.EARED', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      [9, 'L1 ZE.LITES', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'POWER_TILE']],
    ],
  ],
  // AIRBUSES is not the only bingo on that rack.
  ['pkg-puzzles-r5_conrad.gcg', [[14, '15H AIRB.SES', ['EQUITY', 'BINGO']]]],
  [
    'pkg-puzzles-r6_betty.gcg',
    [
      [8, 'C5 OUT.TEER', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      [13, 'H12 LYNX', ['EQUITY', 'NON_BINGO', 'POWER_TILE']],
      [17, 'B9 UNMORAL', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
    ],
  ],
  [
    'pkg-puzzles-r7_jesse.gcg',
    [
      [3, '5G FRAGILE', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      [8, '9H ERBIUMS', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
      [18, 'N6 ROU.tING', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'BLANK_BINGO']],
    ],
  ],
  ['pkg-puzzles-r8_puneet.gcg', [[10, 'A7 E.LOGITE', ['EQUITY', 'BINGO', 'ONLY_BINGO']]]],
  [
    'pkg-puzzles-r9_randi.gcg',
    [
      [6, 'O1 SEDIMEN.', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'CEL_ONLY']],
      [14, 'J1 UNRIPER', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
    ],
  ],
  ['pkg-puzzles-r10_james.gcg', [[1, 'K6 SM.GGIER', ['EQUITY', 'BINGO', 'ONLY_BINGO']]]],
  [
    'pkg-puzzles-test_vertical_openings_1.gcg',
    [
      // Three tiles through five on the board: not a bingo, however long the word.
      [3, 'H1 ALI.....', ['EQUITY', 'NON_BINGO']],
      [5, '8A AD......', ['EQUITY', 'NON_BINGO', 'CEL_ONLY']],
      [16, '5G E.LOGIAE', ['EQUITY', 'BINGO', 'ONLY_BINGO']],
    ],
  ],
  [
    'pkg-puzzles-test_vertical_openings_2.gcg',
    [
      [4, 'K9 TONGUES', ['EQUITY', 'BINGO', 'ONLY_BINGO', 'CEL_ONLY']],
      [10, '14A JOSEPH', ['EQUITY', 'NON_BINGO', 'POWER_TILE']],
    ],
  ],
  // No position of this game has a play 20 ahead of the next.
  ['pkg-puzzles-test_vertical_openings_3.gcg', []],
];

/** Length of the word along the play: its span plus the tiles touching either end. */
function mainWordLength(
  squares: Uint8Array,
  dim: number,
  pl: Puzzle['answer']['placement'],
): number {
  const step = pl.vertical ? dim : 1;
  const inLine = (sq: number) =>
    sq >= 0 && sq < dim * dim && (pl.vertical || Math.floor(sq / dim) === pl.row);
  let n = pl.tiles.length;
  const start = pl.row * dim + pl.col;
  for (let sq = start - step; inLine(sq) && squares[sq] !== 0; sq -= step) n++;
  for (let sq = start + step * pl.tiles.length; inLine(sq) && squares[sq] !== 0; sq += step) n++;
  return n;
}

const summary = (puzzles: Puzzle[]): Expected[] =>
  puzzles.map((p) => [p.eventIndex, p.answer.text, [...p.tags]]);

describe('finder tags on the pkg-puzzles records', () => {
  let index: WordIndex;
  const common = new Set(englishWords(35, true).map((w) => wordKeyOf(w)));
  beforeAll(() => {
    index = indexWords(enableWords());
  }, 120_000);

  /** The tags by their definitions, worked out from the position and the answer. */
  function tagsByDefinition(p: Puzzle): PuzzleTag[] {
    const g = gameFromCgp(p.cgp);
    if (!g.ok) throw new Error(g.message);
    const { board, set } = g.value;
    const fresh = Array.from(p.answer.placement.tiles).filter((t) => t !== 0);
    const bingo = fresh.length === 7;
    const tags = new Set<PuzzleTag>();
    if (p.staticMargin > 10) tags.add('EQUITY');
    if (bingo) {
      tags.add('BINGO');
      const bingos = [
        ...bruteForce(board, set, Uint8Array.from(g.value.racks[0].counts), index).keys(),
      ].filter((k) => k.split(',').length === 7);
      if (bingos.length === 1) tags.add('ONLY_BINGO');
      if (fresh.some((t) => t & BLANK_BIT)) tags.add('BLANK_BINGO');
      if (mainWordLength(board.squares, board.dim, p.answer.placement) >= 9)
        tags.add('BINGO_NINE_OR_ABOVE');
    } else tags.add('NON_BINGO');
    if (fresh.some((t) => !(t & BLANK_BIT) && 'JQXZ'.includes(set.letters[t & LETTER_MASK].rune)))
      tags.add('POWER_TILE');
    const isCommon = (w: string) =>
      common.has(wordKeyOf(tokenizeWord('english', w.toLowerCase()) ?? []));
    if (p.answer.words.every(isCommon)) tags.add('CEL_ONLY');
    return [...tags];
  }

  for (const [file, expected] of CASES) {
    it(
      file,
      () => {
        const r = findPuzzles(fixtureGame(file), res, { sim: false });
        expect(summary(r.puzzles)).toEqual(expected);
        for (const p of r.puzzles) {
          expect(p.simMargin).toBeNull();
          expect(p.staticMargin).toBeGreaterThanOrEqual(20);
          expect([...p.tags].sort(), `${file} event ${p.eventIndex}`).toEqual(
            tagsByDefinition(p).sort(),
          );
          // The main word comes first: it holds every fresh tile.
          const main = p.answer.words[0].length;
          expect(main).toBeGreaterThanOrEqual(p.answer.placement.tiles.length);
        }
      },
      120_000,
    );
  }
});
