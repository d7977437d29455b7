/**
 * Inference: what did the opponent keep after their last play?
 *
 * Sample racks the opponent might have held: the tiles they played plus a
 * random leave drawn from the tiles the mover cannot see now. A sample is
 * believable when the play actually made was (nearly) the best by static
 * equity with that rack on the board as it was; the believable leaves are
 * the tiles the simulation then starts the opponent's rack from. An
 * opponent who played all seven tiles, exchanged or passed tells nothing
 * here, and an empty answer means "no inference".
 */
import { Prng } from '../game/prng.ts';
import { RACK_SIZE } from '../rules/constants.ts';
import { BLANK_BIT, EMPTY } from '../tiles/letter-sets.ts';
import { equityLeaveFn } from '../equity/equity.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MoveList, PLACE } from '../movegen/moves.ts';
import type { FastGame } from './fast-game.ts';

export interface InferOptions {
  readonly trials?: number;
  /** Equity the actual play may fall short of the best by and still be believed. */
  readonly tolerance?: number;
  readonly maxLeaves?: number;
  readonly seed?: number;
}

export function inferLeaves(
  mg: Movegen,
  game: FastGame,
  leaves: LeaveModel | null,
  opts: InferOptions = {},
): Uint8Array[] {
  const p = game.onTurn;
  const opp = 1 - p;
  const played = game.freshCount;
  if (game.lastPlayer !== opp || game.lastKind !== PLACE || played === 0 || played >= RACK_SIZE)
    return [];
  if (!leaves || game.lastBag < RACK_SIZE) return [];
  // The board before the opponent's play.
  const before = game.board.squares.slice();
  const used = new Uint8Array(64);
  for (let k = 0; k < played; k++) {
    before[game.fresh[k]] = EMPTY;
    const t = game.freshTiles[k];
    used[t & BLANK_BIT ? 0 : t]++;
  }
  const scratch = new Movegen(mg.lexicon, mg.set, mg.layout);
  scratch.board.setSquares(before);
  const unseen = game.unseen(p);
  const pool: number[] = [];
  for (let t = 0; t < mg.set.size; t++) for (let k = unseen[t]; k > 0; k--) pool.push(t);
  const keep = RACK_SIZE - played;
  if (pool.length < keep) return [];
  const rng = Prng.seeded(opts.seed ?? game.turns + 1);
  const leave = new Uint8Array(64);
  const rack = new Uint8Array(64);
  const list = new MoveList(4);
  const fn = equityLeaveFn({ model: leaves, bagSize: game.lastBag, oppRackValue: 0 });
  const out: Uint8Array[] = [];
  const trials = opts.trials ?? 150;
  for (let trial = 0; trial < trials && out.length < (opts.maxLeaves ?? 40); trial++) {
    leave.fill(0);
    for (let k = 0; k < keep; k++) {
      const j = k + rng.below(pool.length - k);
      [pool[k], pool[j]] = [pool[j], pool[k]];
      leave[pool[k]]++;
    }
    for (let t = 0; t < 64; t++) rack[t] = leave[t] + used[t];
    scratch.generate(
      null,
      rack,
      { top: 1, leave: fn, bagSize: game.lastBag, exchanges: false },
      list,
    );
    const actual = game.lastScore + fn(leave, keep, played);
    if (list.count > 0 && actual >= list.equity[0] - (opts.tolerance ?? 2))
      out.push(leave.slice(0, mg.set.size));
  }
  return out;
}
