import { describe, expect, it } from 'vitest';
import { loneScoreAround, loneScoreAroundMost } from '../src/endgame/lone-tile.ts';
import type { CrossBoard } from '../src/movegen/cross.ts';
import { MAX_LEN, MoveList, PLACE } from '../src/movegen/moves.ts';
import { BLANK_BIT, EMPTY, letterSet } from '../src/tiles/letter-sets.ts';
import { hastyMidgame } from './bots-helpers.ts';
import { rng } from './lexicon-helpers.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

const set = letterSet('english');
const lex = lexiconOf('english', englishWords(20, true));
const NONE = -1000;

/** The one tile a single-tile play puts down, and its square. */
function soleTile(list: MoveList, i: number, dim: number): { sq: number; tile: number } {
  let at = 0;
  while (list.tiles[i * MAX_LEN + at] === EMPTY) at++;
  return {
    sq: list.start[i] + at * (list.dir[i] === 0 ? 1 : dim),
    tile: list.tiles[i * MAX_LEN + at],
  };
}

/**
 * Put `tile` on `sq` for real (logged: undo from the returned mark) and
 * refresh around it; the squares whose cross data that changed.
 */
function placeForReal(board: CrossBoard, sq: number, tile: number) {
  const before = Int32Array.from(board.cross);
  const beforeScore = Int16Array.from(board.crossScore);
  board.logging = true;
  const mark = board.mark();
  board.placeTile(sq, tile);
  board.refreshAround([sq], 1);
  const changed = new Set<number>();
  for (let i = 0; i < 2 * board.size; i++)
    if (board.cross[i] !== before[i] || board.crossScore[i] !== beforeScore[i])
      changed.add(i % board.size);
  return { changed, mark };
}

describe('a lone tile beside a tile put down for a moment', () => {
  it('scores as the generator says it would once that tile is really played, on the squares it changes', () => {
    let compared = 0;
    let found = 0;
    // The ceiling with no lexicon lookup: never under the truth, and equal
    // to it where the tile has only the words it may make.
    let tight = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const game = hastyMidgame(lex, seed);
      const board = game.board;
      const { size, dim } = board;
      const rand = rng(seed);
      const rack = new Uint8Array(set.size);
      for (let trial = 0; trial < 300; trial++) {
        // An empty square next to a tile, a tile for it (a blank now and
        // then) and the lone tile to score.
        const sq = Math.floor(rand() * size);
        if (board.squares[sq] !== EMPTY || !board.hasNeighbour(sq)) continue;
        const placed =
          rand() < 0.1 ? BLANK_BIT | (1 + Math.floor(rand() * 26)) : 1 + Math.floor(rand() * 26);
        const lone = rand() < 0.1 ? 0 : 1 + Math.floor(rand() * 26);

        board.squares[sq] = placed;
        const got = loneScoreAround(board, sq, lone, set.scores[lone], NONE);
        const most = loneScoreAroundMost(board, sq, lone, set.scores[lone], NONE);
        board.squares[sq] = EMPTY;

        // The truth: play the tile for real, refresh, and ask the generator
        // for the lone tile's plays on the squares whose cross data changed.
        const { changed, mark } = placeForReal(board, sq, placed);
        rack.fill(0);
        rack[lone] = 1;
        const list = game.mg.generate(null, rack, { exchanges: false }, new MoveList(64));
        let want = NONE;
        for (let i = 0; i < list.count; i++) {
          if (list.kind[i] === PLACE && changed.has(soleTile(list, i, dim).sq))
            want = Math.max(want, list.score[i]);
        }
        board.undo(mark);
        board.logging = false;
        expect(got, `seed ${seed}, tile ${placed} on ${sq}, lone ${lone}`).toBe(want);
        expect(
          most,
          `ceiling: seed ${seed}, tile ${placed} on ${sq}, lone ${lone}`,
        ).toBeGreaterThanOrEqual(want);
        if (want !== NONE && most === want) tight++;
        compared++;
        if (want !== NONE) found++;
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(20);
    expect(tight).toBeGreaterThan(2);
  });
});

describe('a tile played after another one, on a square the first changed', () => {
  // The two-tile ceiling (search-state.ts pairCeiling) rests on this: the
  // second tile then makes a word through the first, and both put down in
  // one play would score at least as much.
  it('scores no more than the best play of both tiles at once', () => {
    let hooks = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const game = hastyMidgame(lex, seed);
      const board = game.board;
      const rand = rng(100 + seed);
      const rack = new Uint8Array(set.size);
      for (let trial = 0; trial < 12; trial++) {
        const first = rand() < 0.15 ? 0 : 1 + Math.floor(rand() * 26);
        const second = rand() < 0.15 ? 0 : 1 + Math.floor(rand() * 26);
        rack.fill(0);
        rack[first]++;
        rack[second]++;
        const both = game.mg.generate(null, rack, { exchanges: false }, new MoveList(64));
        let together = -1;
        for (let i = 0; i < both.count; i++)
          if (both.kind[i] === PLACE && both.played[i] === 2)
            together = Math.max(together, both.score[i]);
        rack.fill(0);
        rack[first] = 1;
        const singles = game.mg.generate(null, rack, { exchanges: false }, new MoveList(64));
        for (let i = 0; i < singles.count; i++) {
          if (singles.kind[i] !== PLACE) continue;
          // The first tile played for real; the second's plays on the
          // squares whose cross data that changed.
          const { sq, tile } = soleTile(singles, i, board.dim);
          const { changed, mark } = placeForReal(board, sq, tile);
          rack.fill(0);
          rack[second] = 1;
          const then = game.mg.generate(null, rack, { exchanges: false }, new MoveList(64));
          for (let j = 0; j < then.count; j++) {
            if (then.kind[j] !== PLACE) continue;
            if (!changed.has(soleTile(then, j, board.dim).sq)) continue;
            hooks++;
            expect(
              then.score[j],
              `seed ${seed}, ${first} on ${sq} then ${second}`,
            ).toBeLessThanOrEqual(together);
          }
          board.undo(mark);
          board.logging = false;
        }
      }
    }
    expect(hooks).toBeGreaterThan(100);
  });
});
