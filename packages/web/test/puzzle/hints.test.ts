import { describe, expect, it } from 'vitest';
import {
  highlightedSquares,
  hintsEarned,
  hintTexts,
  starsFor,
  type AnswerFacts,
} from '../../src/features/puzzle/hints.ts';

const across: AnswerFacts = {
  score: 74,
  tileCount: 7,
  isBingo: true,
  row: 7,
  column: 3,
  vertical: false,
};
const down: AnswerFacts = { ...across, score: 18, tileCount: 3, isBingo: false, vertical: true };

describe('puzzle hints', () => {
  it('open after the second attempt, one per attempt, three at most', () => {
    expect(hintsEarned(0, 0)).toBe(0);
    expect(hintsEarned(1, 0)).toBe(0);
    expect(hintsEarned(2, 0)).toBe(1);
    expect(hintsEarned(2, 1)).toBe(0);
    expect(hintsEarned(4, 1)).toBe(2);
    expect(hintsEarned(10, 0)).toBe(3);
    expect(hintsEarned(10, 3)).toBe(0);
  });

  it('tell the score, then a bingo or the tile count, then the row or column', () => {
    expect(hintTexts(across, 3).map((h) => h.text)).toEqual([
      'The play scores 74 points.',
      'The play is a bingo.',
      'The play is in row 8.',
    ]);
    expect(hintTexts(down, 3).map((h) => h.text)).toEqual([
      'The play scores 18 points.',
      'The play uses 3 tiles.',
      'The play is in column D.',
    ]);
    expect(hintTexts(across, 1)).toHaveLength(1);
    expect(hintTexts(across, 0)).toEqual([]);
  });

  it('highlight the whole row or column of the answer', () => {
    expect(highlightedSquares(across, 15)).toContain(7 * 15 + 14);
    expect(highlightedSquares(across, 15)).toHaveLength(15);
    expect(highlightedSquares(down, 15)).toEqual(Array.from({ length: 15 }, (_, i) => i * 15 + 3));
  });
});

describe('puzzle stars', () => {
  it('are three for a first-try solve, then one fewer per attempt, never below one', () => {
    expect([1, 2, 3, 4, 9].map(starsFor)).toEqual([3, 2, 1, 1, 1]);
  });
});
