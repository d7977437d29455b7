/**
 * A starting rating for a puzzle: 1500 for an average find, more the more
 * hidden the answer is. The puzzle rating moves from there as people solve
 * it, so this only has to put puzzles in a sensible order:
 * - the answer is not the top-scoring play (people look at score first):
 *   +80 per doubling of its rank by score;
 * - a bingo: +60, and +60 for each letter of the main word beyond seven;
 * - each letter already on the board that the main word runs through: +30;
 * - plays close behind it (within 10 equity) make it harder to be sure;
 * - a wide lead makes it easier: -4 per point above 10, at most -200.
 */
import { MAX_LEN, PLACE, type MoveList } from '../movegen/moves.ts';

export const BASE_DIFFICULTY = 1500;
const MIN = 800;
const MAX = 2600;

export interface DifficultyFacts {
  readonly isBingo: boolean;
  readonly margin: number;
  /** The answer's words, main word first. */
  readonly words: readonly string[];
}

export function difficultyOf(
  list: MoveList,
  entries: readonly { readonly index: number; readonly equity: number }[],
  answer: number,
  f: DifficultyFacts,
): number {
  const score = list.score[answer];
  let higher = 0;
  let close = 0;
  for (const en of entries) {
    if (en.index === answer || list.kind[en.index] !== PLACE) continue;
    if (list.score[en.index] > score) higher++;
    if (Math.abs(list.equity[answer] - en.equity) <= 10) close++;
  }
  let through = 0;
  for (let k = 0; k < list.len[answer]; k++) if (list.tiles[answer * MAX_LEN + k] === 0) through++;
  const mainLength = f.words[0]?.length ?? 0;
  let d = BASE_DIFFICULTY;
  d += 80 * Math.log2(1 + higher);
  if (f.isBingo) d += 60 + 60 * Math.max(0, mainLength - 7);
  d += 30 * through;
  d += 20 * Math.log2(1 + close);
  d -= Math.min(200, 4 * Math.max(0, f.margin - 10));
  return Math.round(Math.min(MAX, Math.max(MIN, d)));
}
