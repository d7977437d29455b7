import { type Context, type Pairs, pairInOrder } from '../context.ts';

/** King of the hill: in standings order 1v2, 3v4…; the last player gets the bye. */
export function pairKingOfTheHill(ctx: Context): Pairs {
  return pairInOrder(ctx.available);
}
