/**
 * Gibsonization for the methods that pair by standings without weights (king
 * of the hill, factor): a gibsonized player's place can no longer change, so
 * they must not decide the places of those still racing (README "Standings").
 * Swiss weighs the same rule into its costs and COP has its gibson groups.
 *
 * When the division gibsonizes and someone is gibsonized, before the method runs:
 * - an odd field's bye goes to the best-placed gibsonized player within the bye
 *   cut-off (maximumByePlacement) who has had the fewest byes;
 * - the other gibsonized players meet each other in standings order (1v2 …);
 * - an odd one out meets the best-placed player who can no longer reach a
 *   gibson place (a non-contender), or the last-placed player when all contend;
 * - the method pairs everyone else as usual.
 * Every such decision is written to the log.
 */
import { type Context, type Pairs, who } from '../context.ts';
import { contenders } from './swiss.ts';

export function withGibson(ctx: Context, method: (ctx: Context) => Pairs): Pairs {
  const players = ctx.available;
  const gibsonized = (p: number) => ctx.standings[ctx.rank[p]]?.gibsonized === true;
  if (!ctx.dc.gibsonize || !players.some(gibsonized)) return method(ctx);
  const byRank = (a: number, b: number) => ctx.rank[a] - ctx.rank[b];
  let gib = players.filter(gibsonized).sort(byRank);
  let rest = players.filter((p) => !gibsonized(p));
  const pairs: [number, number][] = [];
  const byes: number[] = [];
  if (players.length % 2 === 1) {
    const eligible = gib.filter((p) => ctx.rank[p] <= ctx.dc.maximumByePlacement);
    const fewest = Math.min(...eligible.map((p) => ctx.byes(p)));
    const taker = eligible.find((p) => ctx.byes(p) === fewest);
    if (taker !== undefined) {
      byes.push(taker);
      gib = gib.filter((p) => p !== taker);
      ctx.log.push(`Gibsonized ${who(ctx, taker)} has the bye (within the bye cut-off).`);
    }
  }
  if (gib.length % 2 === 1 && rest.length > 0) {
    const last = gib[gib.length - 1];
    const racing = contenders(ctx);
    const sorted = [...rest].sort(byRank);
    const opponent = sorted.find((p) => !racing.has(p)) ?? sorted[sorted.length - 1];
    pairs.push([last, opponent]);
    gib = gib.slice(0, -1);
    rest = rest.filter((p) => p !== opponent);
    ctx.log.push(
      `Gibsonized ${who(ctx, last)} meets ${who(ctx, opponent)}, ` +
        `${racing.has(opponent) ? 'the last placed (everyone still contends)' : 'the best placed who can no longer reach a gibson place'}.`,
    );
  }
  for (let i = 0; i + 1 < gib.length; i += 2) {
    pairs.push([gib[i], gib[i + 1]]);
    ctx.log.push(`Gibsonized ${who(ctx, gib[i])} and ${who(ctx, gib[i + 1])} meet each other.`);
  }
  if (gib.length % 2 === 1) byes.push(gib[gib.length - 1]);
  const others = rest.length ? method({ ...ctx, available: rest }) : { pairs: [], byes: [] };
  return { pairs: [...pairs, ...others.pairs], byes: [...byes, ...others.byes] };
}
