/**
 * The Australian draw (used by other federations; beyond the spec). Round 1:
 * the top half by rating meets the bottom half in order ("casement": 1 v n/2+1,
 * 2 v n/2+2 …). Later rounds: the highest-ranked unpaired player takes the
 * highest-ranked opponent they have not met (since the reset round, if any),
 * backtracking when the rest cannot be completed. In odd fields the
 * lowest-ranked player without a bye sits out first. If the search runs out of
 * steps or no draw without repeats exists, the round is paired by Swiss with
 * repeats allowed and the log says so.
 */
import { type Context, type Pairs, who } from '../context.ts';
import { pairSwiss } from './swiss.ts';

const STEP_LIMIT = 200_000;

export function pairAustralian(ctx: Context): Pairs {
  const order = [...ctx.available];
  const byes: number[] = [];
  if (order.length % 2) {
    let k = order.length - 1;
    for (let i = order.length - 1; i >= 0; i--) {
      if (ctx.byes(order[i]) < ctx.byes(order[k])) k = i;
    }
    byes.push(order.splice(k, 1)[0]);
  }
  if (ctx.scored === 0) {
    const half = order.length / 2;
    const byRating = [...order].sort(
      (a, b) => ctx.division.players[b].rating - ctx.division.players[a].rating || a - b,
    );
    const pairs: [number, number][] = [];
    for (let i = 0; i < half; i++) pairs.push([byRating[i], byRating[i + half]]);
    return { pairs, byes };
  }
  const reset = ctx.rc.resetRound;
  const met = (a: number, b: number): boolean => {
    for (let r = Math.max(reset, 0); r < ctx.round; r++) {
      if (ctx.division.rounds[r]?.[a]?.opponent === b) return true;
    }
    return false;
  };
  const pairs: [number, number][] = [];
  const used = new Set<number>();
  let steps = 0;
  const search = (): boolean => {
    if (++steps > STEP_LIMIT) return false;
    const top = order.find((p) => !used.has(p));
    if (top === undefined) return true;
    used.add(top);
    for (const opp of order) {
      if (used.has(opp) || met(top, opp)) continue;
      used.add(opp);
      pairs.push([top, opp]);
      if (search()) return true;
      pairs.pop();
      used.delete(opp);
      if (steps > STEP_LIMIT) break;
    }
    used.delete(top);
    return false;
  };
  if (search()) return { pairs, byes };
  ctx.log.push(
    steps > STEP_LIMIT
      ? 'Australian draw: the search for a draw without repeats ran out of steps; paired by Swiss instead.'
      : 'Australian draw: no draw without repeats exists; paired by Swiss with as few repeats as possible.',
  );
  const rest = pairSwiss({ ...ctx, rc: { ...ctx.rc, allowOverMaxRepeats: true } }, order);
  if (byes.length) ctx.log.push(`Bye: ${who(ctx, byes[0])}.`);
  return { pairs: rest.pairs, byes };
}
