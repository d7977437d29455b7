/**
 * Swiss: a minimum-cost perfect matching over every pair of players the
 * constraints allow (README "Methods", weights rescaled so every cost is an
 * exact integer; decision 0078). Cost of a pair, cheapest first:
 *
 * - win difference: d = |Δ(2·wins + draws)| (1 per half-win), squared so two
 *   small gaps beat one big one, × WIN_UNIT × winDifferenceRelativeWeight;
 * - repeats beyond max repeats: over = times met + 1 − maxRepeats, each worth a
 *   one-win gap (4 × WIN_UNIT) × repeatRelativeWeight when going over is
 *   allowed; otherwise the pair is not an edge at all;
 * - spread: within a score group the leaders meet the trailers (the larger
 *   the spread gap, the cheaper), at most SPREAD_MAX, which all together stay
 *   under one WIN_UNIT so spread never outweighs a win;
 * - gibsonization (when the division gibsonizes): a gibsonized player against
 *   a player who can still reach a gibson place costs HUGE, and more the
 *   better placed that player is (so when all contend, the last placed).
 *
 * Byes (odd fields) go to the lowest-ranked player without a bye; a gibsonized
 * player within the bye cut-off takes it first. The bye is chosen before the
 * matching (the first candidate that leaves a legal pairing of the rest). If
 * max repeats cannot hold,
 * the round is paired with repeats allowed and the log names who repeats.
 */
import { minCostMatching } from '../matching.ts';
import { canCatch } from '../standings.ts';
import { type Context, type Pairs, PairingFailure, who } from '../context.ts';

export const WIN_UNIT = 4096;
const SPREAD_SPAN = 1000;
const SPREAD_STEP = 100;
export const HUGE = 1e10;

export interface EdgeRules {
  /** Cost of a meeting a–b, or null when they may not meet. */
  cost(a: number, b: number): number | null;
  /** Cost of a bye for p, or null when p may not have one. */
  byeCost(p: number): number | null;
}

/** Matches `players` (plus a bye node when odd); unmatched ones are listed. */
export function matchWith(
  players: number[],
  rules: EdgeRules,
): { pairs: Pairs; unmatched: number[] } {
  const odd = players.length % 2 === 1;
  const n = players.length + (odd ? 1 : 0);
  const bye = players.length;
  const result = minCostMatching(n, (i, j) => {
    if (odd && (i === bye || j === bye)) return rules.byeCost(players[i === bye ? j : i]);
    return rules.cost(players[i], players[j]);
  });
  const pairs: [number, number][] = [];
  const byes: number[] = [];
  const unmatched: number[] = [];
  for (let i = 0; i < players.length; i++) {
    const m = result.mate[i];
    if (m < 0) unmatched.push(players[i]);
    else if (m === bye) byes.push(players[i]);
    else if (i < m) pairs.push([players[i], players[m]]);
  }
  return { pairs: { pairs, byes }, unmatched };
}

/** Twice the displayed wins: wins and draws in half-win units. */
function halfWins(ctx: Context, p: number): number {
  const s = ctx.standings[ctx.rank[p]];
  return Math.round(s.wins * 2);
}

/** Players who can still reach a gibson place (rank ≤ minimumPlacement). */
export function contenders(ctx: Context): Set<number> {
  const out = new Set<number>();
  const cut = ctx.standings[Math.min(ctx.dc.minimumPlacement, ctx.standings.length - 1)];
  for (const s of ctx.standings) {
    if (!s.gibsonized && canCatch(cut, s, ctx.remaining, ctx.dc.gibsonSpread)) out.add(s.player);
  }
  return out;
}

export function swissRules(ctx: Context, allowOver: boolean, relaxed = false): EdgeRules {
  const { rc, dc } = ctx;
  const maxRepeats = Math.max(rc.maxRepeats, 0);
  const gib = (p: number) => dc.gibsonize && ctx.standings[ctx.rank[p]].gibsonized;
  const contending = dc.gibsonize ? contenders(ctx) : new Set<number>();
  const n = ctx.standings.length;
  return {
    cost(a, b) {
      const over = Math.max(0, ctx.met(a, b) + 1 - maxRepeats);
      if (over > 0 && !allowOver) return null;
      const d = Math.abs(halfWins(ctx, a) - halfWins(ctx, b));
      const spreadGap = Math.abs(
        ctx.standings[ctx.rank[a]].spread - ctx.standings[ctx.rank[b]].spread,
      );
      let c = d * d * WIN_UNIT * rc.winDifferenceRelativeWeight;
      c += relaxed ? over * HUGE : over * 4 * WIN_UNIT * rc.repeatRelativeWeight;
      c += Math.floor((SPREAD_SPAN - Math.min(spreadGap, SPREAD_SPAN)) / SPREAD_STEP);
      if (gib(a) !== gib(b) && (contending.has(a) || contending.has(b))) {
        // When every opponent contends, the gibsonized player meets the
        // lowest placed of them, never the next in line (issue 36).
        const racer = gib(a) ? b : a;
        c += HUGE + Math.floor(((n - ctx.rank[racer]) * HUGE) / (n + 1));
      }
      return c;
    },
    byeCost(p) {
      const r = ctx.rank[p];
      const gibsonBye = gib(p) && r <= dc.maximumByePlacement;
      const fromBottom = gibsonBye ? 0 : n - r;
      return fromBottom * WIN_UNIT + ctx.byes(p) * HUGE;
    },
  };
}

/** Who should have the bye, best first (README "Swiss"). */
function byeOrder(ctx: Context, players: number[]): number[] {
  const { dc } = ctx;
  const gibsonBye = (p: number) =>
    dc.gibsonize && ctx.standings[ctx.rank[p]].gibsonized && ctx.rank[p] <= dc.maximumByePlacement;
  return [...players].sort(
    (a, b) =>
      ctx.byes(a) - ctx.byes(b) ||
      Number(gibsonBye(b)) - Number(gibsonBye(a)) ||
      ctx.rank[b] - ctx.rank[a],
  );
}

/** Swiss among `players` (default: everyone still to be paired). */
export function pairSwiss(ctx: Context, players: number[] = ctx.available): Pairs {
  if (ctx.rc.maxRepeats < 1 && !ctx.rc.allowOverMaxRepeats) {
    throw new PairingFailure(
      'INVALID_CONTROLS',
      'Swiss pairing is impossible with max repeats 0 when going over is not allowed.',
    );
  }
  const rules = swissRules(ctx, ctx.rc.allowOverMaxRepeats);
  if (players.length % 2 === 1) {
    // The bye is a rule, not a weight (a weight loses to a big win gap: the
    // leader of a field would take it): fewest byes first, a gibsonized
    // player within the bye cut-off before others, then from the bottom; the
    // first candidate whose absence leaves a legal pairing of the rest.
    for (const p of byeOrder(ctx, players)) {
      const rest = matchWith(
        players.filter((x) => x !== p),
        rules,
      );
      if (rest.unmatched.length === 0) return { pairs: rest.pairs.pairs, byes: [p] };
    }
  }
  const first = matchWith(players, rules);
  if (first.unmatched.length === 0) return first.pairs;
  ctx.log.push(
    `No pairing keeps every pair within ${ctx.rc.maxRepeats} meeting(s): ` +
      `${first.unmatched.map((p) => who(ctx, p)).join(', ')} had no legal opponent. ` +
      'Relaxed: repeats beyond max repeats allowed this round, as few as possible.',
  );
  const second = matchWith(players, swissRules(ctx, true, true));
  return second.pairs;
}
