/**
 * The generator: bot games from a seed through the finder, with the limits,
 * tag filters and buckets of a puzzle generation job, progress reports and
 * cancellation; the same seed gives the same puzzles, and each puzzle's
 * game can be played again from its seed.
 */
import { describe, expect, it } from 'vitest';
import { gameFromCgp } from '../src/formats/cgp/game.ts';
import { truncate } from '../src/game/history.ts';
import {
  generatePuzzles,
  generatorGame,
  isCorrectAnswer,
  type GeneratorProgress,
} from '../src/puzzles/index.ts';
import { puzzleResources } from './puzzles-helpers.ts';

const res = puzzleResources(true);
const FAST = { sim: false } as const;

describe('puzzle generation from bot games', () => {
  it('is reproducible for a seed and keeps to the consideration limit', () => {
    const progress: GeneratorProgress[] = [];
    const a = generatePuzzles(res, {
      ...FAST,
      seed: 7,
      considerationLimit: 3,
      creationLimit: 1000,
      onProgress: (p) => progress.push(p),
    });
    const b = generatePuzzles(res, {
      ...FAST,
      seed: 7,
      considerationLimit: 3,
      creationLimit: 1000,
    });
    expect(a.gamesPlayed).toBe(3);
    expect(a.puzzles.length).toBeGreaterThan(0);
    expect(b.puzzles.map((p) => [p.gameSeed, p.eventIndex, p.answer.text])).toEqual(
      a.puzzles.map((p) => [p.gameSeed, p.eventIndex, p.answer.text]),
    );
    expect(progress.map((p) => p.gamesPlayed)).toEqual([1, 2, 3]);
    expect(progress[2].puzzlesKept).toBe(a.puzzles.length);
    const c = generatePuzzles(res, {
      ...FAST,
      seed: 8,
      considerationLimit: 1,
      creationLimit: 1000,
    });
    expect(c.puzzles[0]?.gameSeed).not.toBe(a.puzzles[0].gameSeed);
  }, 300_000);

  it('stops at the creation limit and on request', () => {
    const r = generatePuzzles(res, { ...FAST, seed: 11, considerationLimit: 50, creationLimit: 2 });
    expect(r.puzzles).toHaveLength(2);
    expect(r.fulfilled).toBe(true);
    expect(r.gamesPlayed).toBeLessThan(50);
    let asked = 0;
    const stopped = generatePuzzles(res, {
      ...FAST,
      seed: 11,
      considerationLimit: 50,
      creationLimit: 1000,
      shouldStop: () => ++asked >= 2,
    });
    expect(stopped.gamesPlayed).toBe(2);
    expect(stopped.fulfilled).toBe(false);
  }, 300_000);

  it('keeps only puzzles with the tags asked for, and fills buckets', () => {
    const base = { ...FAST, seed: 3, considerationLimit: 6, creationLimit: 1000 };
    const bingos = generatePuzzles(res, { ...base, includes: ['BINGO'] });
    const others = generatePuzzles(res, { ...base, excludes: ['BINGO'] });
    expect(bingos.puzzles.length).toBeGreaterThan(0);
    expect(others.puzzles.length).toBeGreaterThan(0);
    expect(bingos.puzzles.every((p) => p.tags.includes('BINGO'))).toBe(true);
    expect(others.puzzles.every((p) => !p.tags.includes('BINGO'))).toBe(true);
    expect(others.puzzles.every((p) => p.tags.includes('NON_BINGO'))).toBe(true);

    const buckets = generatePuzzles(res, {
      ...base,
      considerationLimit: 20,
      buckets: [
        { size: 1, includes: ['BINGO'] },
        { size: 2, includes: ['EQUITY'], excludes: ['BINGO'] },
      ],
    });
    expect(buckets.fulfilled).toBe(true);
    expect(buckets.puzzles.map((p) => p.bucket).sort()).toEqual([0, 1, 1]);
    for (const p of buckets.puzzles) {
      if (p.bucket === 0) expect(p.tags).toContain('BINGO');
      else expect(p.tags).toContain('EQUITY');
    }
  }, 300_000);

  it("replays a puzzle's game from its seed, to the puzzle's position", () => {
    const r = generatePuzzles(res, { ...FAST, seed: 5, considerationLimit: 2, creationLimit: 3 });
    for (const p of r.puzzles) {
      const game = generatorGame(res, p.gameSeed);
      expect(game.playState).toBe('GAME_OVER');
      const at = truncate(game, p.eventIndex);
      if (!at.ok) throw new Error(at.message);
      const pos = gameFromCgp(p.cgp);
      if (!pos.ok) throw new Error(pos.message);
      expect(Array.from(pos.value.board.squares)).toEqual(Array.from(at.value.board.squares));
      expect(p.bagCount).toBe(at.value.bag.size);
      expect(p.lexicon).toBe('ENABLE');
      expect(isCorrectAnswer(p, p.answer.text)).toBe(true);
      // Hasty bots play the best static move: the answer, when static equity decided.
      expect(p.played).toBe(p.answer.text);
    }
  }, 300_000);

  it('checks close answers by simulation', () => {
    const r = generatePuzzles(res, { seed: 21, considerationLimit: 1, creationLimit: 1000 });
    const simmed = r.puzzles.filter((p) => p.simMargin !== null);
    expect(simmed.length).toBeGreaterThan(0);
    for (const p of simmed) {
      expect(p.simMargin).toBeGreaterThanOrEqual(3);
      expect(p.simIterations).toBeGreaterThanOrEqual(32);
      expect(p.staticMargin).toBeLessThan(20);
    }
    for (const p of r.puzzles.filter((q) => q.simMargin === null))
      expect(p.staticMargin).toBeGreaterThanOrEqual(20);
  }, 600_000);
});
