import { equityLeaveFn, openingPenalty } from '../equity/equity.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import type { MoveList } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';

/** A bot's pick: the move at `index` of `list`. */
export interface Decision {
  readonly list: MoveList;
  readonly index: number;
}

/** The best `top` moves by static equity for the player on turn. */
export function staticMoves(
  game: FastGame,
  leaves: LeaveModel | null,
  top: number | undefined,
  out: MoveList,
): MoveList {
  const p = game.onTurn;
  return game.mg.generate(
    null,
    game.racks[p],
    {
      leave: equityLeaveFn({
        model: leaves,
        bagSize: game.bagCount,
        oppRackValue: game.rackValue(1 - p),
        set: game.set,
      }),
      bagSize: game.bagCount,
      exchangeMinBag: game.exchangeMinBag,
      opening: leaves ? openingPenalty(game.mg.layout, game.set) : null,
      top,
    },
    out,
  );
}
