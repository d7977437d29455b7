import { columnLetter } from '@tessera/engine';

/**
 * Hints and stars of a puzzle (docs/product/gameplay.md §4 "Puzzle states").
 * Hints open after the second attempt, one more per attempt, three at most,
 * in a fixed order: the score, then the tile count (or "a bingo"), then the
 * position (row number for an across play, column letter for a down play).
 */

export const MAX_HINTS = 3;
export const MAX_STARS = 3;

/** What the server tells about the right answer (the parts hints need). */
export interface AnswerFacts {
  score: number;
  /** Tiles taken from the rack. */
  tileCount: number;
  isBingo: boolean;
  /** 0-based row and column of the answer's first square. */
  row: number;
  column: number;
  vertical: boolean;
}

/** How many more hints the user may reveal: min(3 - revealed, attempts - 1 - revealed), never below 0. */
export function hintsEarned(attempts: number, revealed: number): number {
  return Math.max(0, Math.min(MAX_HINTS - revealed, attempts - 1 - revealed));
}

/** Stars for a solve after `attempts` tries: max(1, 4 - attempts), at most 3. */
export function starsFor(attempts: number): number {
  return Math.min(MAX_STARS, Math.max(1, 4 - attempts));
}

export interface Hint {
  kind: 'score' | 'tiles' | 'position';
  text: string;
}

/** The first `revealed` hints about an answer, in their order. */
export function hintTexts(answer: AnswerFacts, revealed: number): Hint[] {
  const all: Hint[] = [
    { kind: 'score', text: `The play scores ${answer.score} points.` },
    {
      kind: 'tiles',
      text: answer.isBingo
        ? 'The play is a bingo.'
        : `The play uses ${answer.tileCount} tile${answer.tileCount === 1 ? '' : 's'}.`,
    },
    {
      kind: 'position',
      text: answer.vertical
        ? `The play is in column ${columnLetter(answer.column)}.`
        : `The play is in row ${answer.row + 1}.`,
    },
  ];
  return all.slice(0, Math.max(0, Math.min(MAX_HINTS, revealed)));
}

/** The squares the position hint highlights: the answer's whole row or column. */
export function highlightedSquares(answer: AnswerFacts, dim: number): number[] {
  return Array.from({ length: dim }, (_, i) =>
    answer.vertical ? i * dim + answer.column : answer.row * dim + i,
  );
}
