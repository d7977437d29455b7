import { type Context, type Pairs, PairingFailure } from '../context.ts';
import { pairSwiss } from './swiss.ts';

/** Factor f: in standings order the top f meet the next f (1 v 1+f …); the rest are Swiss. */
export function pairFactor(ctx: Context): Pairs {
  const f = ctx.rc.factor;
  const order = ctx.available;
  if (f <= 0 || 2 * f > order.length) {
    throw new PairingFailure(
      'INSUFFICIENT_PLAYERS',
      `Factor ${f} needs at least ${2 * f} players to pair; ${order.length} are available.`,
    );
  }
  const pairs: [number, number][] = [];
  for (let i = 0; i < f; i++) pairs.push([order[i], order[i + f]]);
  const rest = pairSwiss(ctx, order.slice(2 * f));
  return { pairs: pairs.concat(rest.pairs), byes: rest.byes };
}
