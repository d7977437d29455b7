/**
 * Static equity: a move's score plus what it leaves behind.
 *
 *   equity = score + adjustment(leave, bag)
 *
 * - Bag of 7 or more: the leave's value from the leave model.
 * - Pre-endgame (1 to 6 tiles in the bag): the leave counts for less
 *   (PRE_ENDGAME_LEAVE_WEIGHT), because few draws remain to use it; a move
 *   that empties the bag also pays the leave's face value, since those tiles
 *   may be stuck at the end.
 * - Endgame (bag empty): going out earns twice the opponent's rack (the
 *   end-of-game rule); any other move is charged twice its own leftover
 *   tiles, which the opponent may collect by going out next.
 * - Opening: on an empty board a vowel on a square beside a letter bonus
 *   square costs OPENING_VOWEL_PENALTY, since it opens that bonus to a
 *   heavy parallel play.
 *
 * The adjustment depends only on the leave (and the position), so the move
 * generator precomputes it once per rack (RackLeaves) and adds it per move.
 */
import type { BoardLayout } from '../board/layouts.ts';
import { END_RACK_MULTIPLIER, RACK_SIZE } from '../rules/constants.ts';
import type { LetterSet } from '../tiles/letter-sets.ts';
import type { OpeningPenalty } from '../movegen/generator.ts';
import type { LeaveFn } from '../movegen/movegen.ts';
import { letterBit } from '../movegen/cross.ts';
import type { LeaveModel } from './leave-model.ts';

export const PRE_ENDGAME_LEAVE_WEIGHT = 0.5;
export const OPENING_VOWEL_PENALTY = -0.7;

export interface EquityContext {
  /** Leave values; null for a score-only ("no leave") evaluation. */
  readonly model: LeaveModel | null;
  /** Tiles in the bag before the move. */
  readonly bagSize: number;
  /** Face value of the opponent's rack when known (endgame), else an estimate. */
  readonly oppRackValue: number;
  /** Tile values for the endgame terms when there is no model (defaults to the model's set). */
  readonly set?: LetterSet;
}

/** The leave adjustment for a position, as the move generator wants it. */
export function equityLeaveFn(ctx: EquityContext): LeaveFn {
  const { model, bagSize, oppRackValue } = ctx;
  const set = ctx.set ?? model?.set;
  const face = (leave: Uint8Array): number => {
    if (!set) return 0;
    let v = 0;
    for (let t = 1; t < set.size; t++) v += leave[t] * set.scores[t];
    return v;
  };
  if (bagSize === 0) {
    return (leave, size) =>
      size === 0 ? END_RACK_MULTIPLIER * oppRackValue : -END_RACK_MULTIPLIER * face(leave);
  }
  if (!model) return () => 0;
  if (bagSize < RACK_SIZE) {
    return (leave, _size, used) =>
      model.value(leave) * PRE_ENDGAME_LEAVE_WEIGHT - (used >= bagSize ? face(leave) : 0);
  }
  return (leave) => model.value(leave);
}

/** Face value of the tiles in `counts`. */
export function rackValue(set: LetterSet, counts: ArrayLike<number>): number {
  let v = 0;
  for (let t = 1; t < set.size; t++) v += counts[t] * set.scores[t];
  return v;
}

const openings = new WeakMap<BoardLayout, Map<LetterSet, OpeningPenalty>>();

/** Opening penalties for a layout and letter set (cached). */
export function openingPenalty(layout: BoardLayout, set: LetterSet): OpeningPenalty {
  let bySet = openings.get(layout);
  if (!bySet) {
    bySet = new Map();
    openings.set(layout, bySet);
  }
  let p = bySet.get(set);
  if (!p) {
    const { dim, letterMult } = layout;
    const perSquare = new Float64Array(dim * dim);
    for (let r = 0; r < dim; r++) {
      for (let c = 0; c < dim; c++) {
        const near = [
          [r - 1, c],
          [r + 1, c],
          [r, c - 1],
          [r, c + 1],
        ].some(
          ([rr, cc]) => rr >= 0 && cc >= 0 && rr < dim && cc < dim && letterMult[rr * dim + cc] > 1,
        );
        if (near) perSquare[r * dim + c] = OPENING_VOWEL_PENALTY;
      }
    }
    let vowels = 0;
    set.letters.forEach((l, code) => {
      if (code > 0 && l.vowel) vowels |= letterBit(code);
    });
    p = { perSquare, vowels };
    bySet.set(set, p);
  }
  return p;
}
