/**
 * The Australian draw (used by other federations; beyond the spec). Round 1:
 * the top half by rating meets the bottom half in order ("casement": 1 v n/2+1,
 * 2 v n/2+2 …). Later rounds: the highest-ranked unpaired player takes the
 * highest-ranked opponent they have not met (since the reset round, if any),
 * backtracking when the rest cannot be completed. In odd fields the
 * lowest-ranked player without a bye sits out first. Blocked pairs (round
 * control `blockedPairs`: players of one club, one family …) never meet: in
 * round 1 a blocked casement pair takes the nearest bottom-half player
 * instead, later they are skipped like repeats. If the search runs out of
 * steps or no draw without repeats exists, the round is paired by Swiss with
 * repeats allowed (blocked pairs still excluded) and the log says so.
 */
import { type Context, type Pairs, PairingFailure, who } from '../context.ts';
import { matchWith, swissRules } from './swiss.ts';

const STEP_LIMIT = 200_000;

export function pairAustralian(ctx: Context): Pairs {
  const n = ctx.division.players.length;
  const blocked = new Set<number>();
  for (const pair of ctx.rc.blockedPairs) {
    const [a, b] = pair;
    if (![a, b].every((x) => Number.isInteger(x) && x >= 0 && x < n) || a === b) {
      throw new PairingFailure(
        'INVALID_CONTROLS',
        `Blocked pair ${JSON.stringify(pair)} does not name two different players of the division.`,
      );
    }
    blocked.add(a * n + b).add(b * n + a);
  }
  const isBlocked = (a: number, b: number) => blocked.has(a * n + b);
  const order = [...ctx.available];
  const byes: number[] = [];
  if (order.length % 2) {
    let k = order.length - 1;
    for (let i = order.length - 1; i >= 0; i--) {
      if (ctx.byes(order[i]) < ctx.byes(order[k])) k = i;
    }
    byes.push(order.splice(k, 1)[0]);
  }
  let candidates = (top: number): number[] => order.filter((p) => p !== top);
  if (ctx.scored === 0) {
    // Casement: 1 v n/2+1 …; a blocked partner gives way to the nearest bottom-half player.
    const half = order.length / 2;
    const byRating = [...order].sort(
      (a, b) => ctx.division.players[b].rating - ctx.division.players[a].rating || a - b,
    );
    order.splice(0, order.length, ...byRating);
    const bottom = byRating.slice(half);
    candidates = (top) => {
      const i = byRating.indexOf(top);
      if (i >= half) return [];
      return [...bottom].sort((x, y) => {
        const dx = Math.abs(bottom.indexOf(x) - i);
        const dy = Math.abs(bottom.indexOf(y) - i);
        return dx - dy || bottom.indexOf(x) - bottom.indexOf(y);
      });
    };
  }
  const reset = ctx.rc.resetRound;
  const met = (a: number, b: number): boolean => {
    if (isBlocked(a, b)) return true;
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
    for (const opp of candidates(top)) {
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
      : 'Australian draw: no draw without repeats and blocked pairs exists; paired by Swiss with as few repeats as possible, blocked pairs still apart.',
  );
  const rules = swissRules({ ...ctx, rc: { ...ctx.rc, allowOverMaxRepeats: true } }, true, true);
  const rest = matchWith(order, {
    cost: (a, b) => (isBlocked(a, b) ? null : rules.cost(a, b)),
    byeCost: rules.byeCost,
  });
  if (rest.unmatched.length) {
    const names = rest.unmatched.map((p) => ctx.name(p));
    throw new PairingFailure(
      'OVERCONSTRAINED',
      `Australian draw: no pairing keeps the blocked pairs apart for ${names.join(', ')}.`,
      names,
    );
  }
  if (byes.length) ctx.log.push(`Bye: ${who(ctx, byes[0])}.`);
  return { pairs: rest.pairs.pairs, byes };
}
