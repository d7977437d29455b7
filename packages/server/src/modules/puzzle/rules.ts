import { ESTABLISHED_DEVIATION, updateGlicko, type Glicko } from '../rating/index.ts';
import type { StoredAnswer } from './migrations.ts';

/**
 * The puzzle rules of docs/product/gameplay.md §4 "Puzzle states" as pure
 * functions: statuses, hints, stars, and the user-versus-puzzle rating.
 */

export type Status = 'UNANSWERED' | 'CORRECT' | 'INCORRECT';

/** Hints the server reveals: none before the second attempt, then one more per attempt, at most 3; all once answered. */
export function hintsUnlocked(status: Status, attempts: number): number {
  if (status !== 'UNANSWERED') return 3;
  return Math.max(0, Math.min(3, attempts - 1));
}

/** Hints earned but not yet revealed: min(3 − revealed, attempts − 1 − revealed), never below 0. */
export function hintsEarned(attempts: number, revealed: number): number {
  return Math.max(0, Math.min(3 - revealed, attempts - 1 - revealed));
}

/** Stars on solving: max(1, 4 − attempts), at most 3; 0 unless solved. */
export function stars(status: Status, attempts: number): number {
  return status === 'CORRECT' ? Math.min(3, Math.max(1, 4 - attempts)) : 0;
}

export interface Hints {
  unlocked: number;
  score: number;
  tileCount: number;
  isBingo: boolean;
  position: string;
  row: number;
  column: number;
}

/** The hints panel's content, filled only as far as unlocked: score, tile count or bingo, position. */
export function hintsFor(answer: StoredAnswer, unlocked: number): Hints {
  const h: Hints = {
    unlocked,
    score: 0,
    tileCount: 0,
    isBingo: false,
    position: '',
    row: -1,
    column: -1,
  };
  if (unlocked >= 1) h.score = answer.score;
  if (unlocked >= 2) {
    h.tileCount = answer.tilesPlayed;
    h.isBingo = answer.isBingo;
  }
  if (unlocked >= 3) {
    if (answer.vertical) {
      h.position = `column ${String.fromCharCode(65 + answer.col)}`;
      h.column = answer.col;
    } else {
      h.position = `row ${answer.row + 1}`;
      h.row = answer.row;
    }
  }
  return h;
}

/**
 * One rated first attempt: the user "plays" the puzzle and wins by solving
 * it. Both sides move by Glicko-2 from their ratings before the attempt, so a
 * wrong first answer lowers the user and raises the puzzle.
 */
export function rateAttempt(
  user: Glicko,
  puzzle: Glicko,
  correct: boolean,
): { user: Glicko; puzzle: Glicko } {
  const s = correct ? 1 : 0;
  return {
    user: updateGlicko(user, [{ opponent: puzzle, score: s }]),
    puzzle: updateGlicko(puzzle, [{ opponent: user, score: 1 - s }]),
  };
}

export const isEstablished = (deviation: number) => deviation <= ESTABLISHED_DEVIATION;
