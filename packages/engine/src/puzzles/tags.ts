/**
 * The tags of a puzzle's answer (the meanings are in types.ts, `PuzzleTag`).
 * Read with the board before the move.
 */
import type { GameState } from '../game/state.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import type { Placement } from '../rules/placement.ts';
import { wordsFormed } from '../rules/words.ts';
import { BLANK_BIT, LETTER_MASK } from '../tiles/letter-sets.ts';
import { PUZZLE_TAGS, type PuzzleTag } from './types.ts';

/** Letters whose play earns POWER_TILE. */
const POWER_LETTERS = new Set(['J', 'Q', 'X', 'Z']);

export interface TagFacts {
  readonly isBingo: boolean;
  /** Distinct bingos in the position. */
  readonly bingoCount: number;
  /** The answer's lead (simulated when a simulation decided, else static). */
  readonly margin: number;
  readonly equityMargin: number;
  readonly common: Lexicon | null;
}

export function tagsOf(g: GameState, p: Placement, f: TagFacts): PuzzleTag[] {
  const tags = new Set<PuzzleTag>();
  if (f.margin > f.equityMargin) tags.add('EQUITY');
  const fresh = Array.from(p.tiles).filter((t) => t !== 0);
  if (f.isBingo) {
    tags.add('BINGO');
    if (f.bingoCount === 1) tags.add('ONLY_BINGO');
    if (fresh.some((t) => (t & BLANK_BIT) !== 0)) tags.add('BLANK_BINGO');
    const main = wordsFormed(g.board, p)[0];
    if (main && main.length >= 9) tags.add('BINGO_NINE_OR_ABOVE');
  } else {
    tags.add('NON_BINGO');
  }
  if (fresh.some((t) => (t & BLANK_BIT) === 0 && POWER_LETTERS.has(g.set.letters[t].rune)))
    tags.add('POWER_TILE');
  if (f.common) {
    const common = f.common;
    const words = wordsFormed(g.board, p);
    if (words.length > 0 && words.every((w) => common.has(w.map((t) => t & LETTER_MASK))))
      tags.add('CEL_ONLY');
  }
  return PUZZLE_TAGS.filter((t) => tags.has(t));
}
