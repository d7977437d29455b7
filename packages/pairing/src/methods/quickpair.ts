/**
 * Quickpair (the lobby's pairing, README "Methods"): the closer the ratings the
 * better, a seeker's waiting time (misses) counts in its favour (12 a miss,
 * at most 400), and two seekers inside each other's rating range earn 200.
 */
import { minCostMatching } from '../matching.ts';
import type { Context, Pairs } from '../context.ts';
import { matchWith } from './swiss.ts';

export interface Seeker {
  rating: number;
  /** Acceptable opponent ratings, inclusive; absent = anyone. */
  range?: [number, number];
  /** Rounds of quickpairing this seeker has already waited through. */
  misses?: number;
}

const MISS_CREDIT = 12;
const MISS_CREDIT_MAX = 400;
const IN_RANGE_CREDIT = 200;
/** Added so costs are never negative (the matching wants costs ≥ 0). */
const OFFSET = 2 * MISS_CREDIT_MAX + IN_RANGE_CREDIT;

export function quickpairCost(a: Seeker, b: Seeker): number {
  const inRange = (s: Seeker, r: number) => !s.range || (r >= s.range[0] && r <= s.range[1]);
  const credit = (s: Seeker) => Math.min(MISS_CREDIT * (s.misses ?? 0), MISS_CREDIT_MAX);
  const both = inRange(a, b.rating) && inRange(b, a.rating) ? IN_RANGE_CREDIT : 0;
  return Math.round(Math.abs(a.rating - b.rating)) - credit(a) - credit(b) - both + OFFSET;
}

/** Pairs as many seekers as possible at the least total cost; indices into `seekers`. */
export function quickpair(seekers: Seeker[]): [number, number][] {
  const r = minCostMatching(seekers.length, (i, j) => quickpairCost(seekers[i], seekers[j]));
  const out: [number, number][] = [];
  r.mate.forEach((m, i) => {
    if (m > i) out.push([i, m]);
  });
  return out;
}

/** Quickpair inside a division: by rating; the bye to the lowest-rated player without one. */
export function pairQuickpair(ctx: Context): Pairs {
  const players = ctx.division.players;
  const byRating = [...ctx.available].sort((a, b) => players[a].rating - players[b].rating);
  return matchWith(ctx.available, {
    cost: (a, b) => quickpairCost(players[a], players[b]),
    byeCost: (p) => byRating.indexOf(p) + ctx.byes(p) * 1e6,
  }).pairs;
}
