import { type Context, type Pairs, pairInOrder } from '../context.ts';
import { shuffle } from '../rng.ts';

/** Random: a seeded shuffle, neighbours meet; the odd one out gets the bye. */
export function pairRandom(ctx: Context): Pairs {
  return pairInOrder(shuffle([...ctx.available], ctx.rng));
}
