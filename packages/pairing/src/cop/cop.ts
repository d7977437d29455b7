/**
 * COP, Castellano–O'Connor pairings (README "COP"; docs/product/tournaments.md
 * §3 round controls): simulate the rest of the event, find who still contends
 * for which prize and who would lose control of their destiny, then pair by
 * a minimum-cost perfect matching under hard constraints.
 *
 * Hard constraints (edges removed): forced pairs (final-round king of the
 * hill down to the lowest absolute casher, class-prize king of the hill,
 * factor-3 pairs), control loss (the leader meets only Destiny's Child), no
 * pairing across gibson groups, bye restrictions (gibsonized players take the
 * bye when one sits in the bottom group; top-down byes).
 *
 * When they cannot all hold, they are dropped one at a time in RELAX_ORDER
 * and the log says which and who had no legal opponent; only if nothing is
 * left to drop does the round fail, naming the players (OVERCONSTRAINED).
 */
import { type Context, type Pairs, PairingFailure } from '../context.ts';
import { canCatch } from '../standings.ts';
import { minCostMatching } from '../matching.ts';
import { analyse, type CopAnalysis } from './analysis.ts';
import { factorThreeCheck, findControlLoss } from './control-loss.ts';
import { CopClock, type PhaseMillis } from './deadline.ts';

const PENALTY = 1e9;
const BACK_TO_BACK = 1e6;

export const RELAX_ORDER = [
  'control loss',
  'factor-3 pairs',
  'class-prize king of the hill',
  'final-round king of the hill',
  'bye restrictions',
  'gibson groups',
] as const;
type Constraint = (typeof RELAX_ORDER)[number];

interface Plan {
  /** forced[rank] = rank of the only allowed opponent, with the constraint behind it. */
  forced: Map<number, { with: number; by: Constraint }>;
  /** The leader's allowed opponents under control loss (ranks), or null. */
  leaderOnly: Set<number> | null;
  byeOnly: Set<number> | null;
  byeBy: Constraint | null;
}

export interface CopOptions {
  /**
   * Time cap of each phase in ms, or per phase, instead of the shared budget
   * (deadline.ts); a phase out of time decides on fewer simulations.
   */
  copPhaseMillis?: PhaseMillis;
}

export function pairCop(ctx: Context, options: CopOptions = {}): Pairs {
  const clock = new CopClock(options.copPhaseMillis);
  const a = analyse(ctx, clock);
  logStandings(ctx, a);
  const plan: Plan = { forced: new Map(), leaderOnly: null, byeOnly: null, byeBy: null };
  const free = new Set(ctx.available);
  const isFree = (rank: number) => free.has(a.ranked[rank].player);
  const force = (x: number, y: number, by: Constraint) => {
    if (!isFree(x) || !isFree(y) || plan.forced.has(x) || plan.forced.has(y)) return false;
    plan.forced.set(x, { with: y, by });
    plan.forced.set(y, { with: x, by });
    return true;
  };
  const lastRound = ctx.round === ctx.division.numRounds - 1;
  const whyNotForced = (x: number, y: number): string => {
    const paired = [x, y].filter((r) => !isFree(r)).map((r) => ctx.name(a.ranked[r].player));
    if (paired.length) return `${paired.join(' and ')} already paired by the director`;
    const taken = [x, y].filter((r) => plan.forced.has(r)).map((r) => ctx.name(a.ranked[r].player));
    return `${taken.join(' and ')} already forced by ${plan.forced.get(plan.forced.has(x) ? x : y)!.by}`;
  };

  if (lastRound) finalRoundKingOfTheHill(ctx, a, force);
  // Control loss and the factor-3 check.
  let factor3 = false;
  const clActive =
    ctx.round > ctx.rc.controlLossActivationRound &&
    !a.gibsonized[0] &&
    a.remaining > 1 &&
    a.maxFactor > 0 &&
    isFree(0);
  if (clActive && a.remaining === 2 && !lastRound) {
    const wanted = factorThreeCheck(ctx, a, clock);
    const made: string[] = [];
    const skipped: string[] = [];
    for (const [x, y] of wanted) {
      const label = `${x + 1}v${y + 1}`;
      if (force(x, y, 'factor-3 pairs')) made.push(label);
      else skipped.push(`${label} (${whyNotForced(x, y)})`);
    }
    factor3 = made.length > 0;
    if (made.length) ctx.log.push(`Factor-3 check: forcing ${made.join(', ')}.`);
    if (skipped.length) ctx.log.push(`Factor-3 check: not forcing ${skipped.join(', ')}.`);
  }
  if (clActive && !factor3) {
    const cl = findControlLoss(ctx, a, clock);
    let short = false;
    for (const [c, { moved, scheduled }] of cl.tested) {
      short ||=
        moved.of < ctx.rc.controlLossSims || (scheduled?.of ?? Infinity) < ctx.rc.controlLossSims;
      ctx.log.push(
        `Control loss, ${ctx.name(a.ranked[c].player)} (rank ${c + 1}) winning out: wins ${moved.won}/${moved.of} ` +
          `when moved to play the leader, ` +
          (scheduled === null
            ? 'not every time with more than four rounds left, so not simulated as scheduled.'
            : `${scheduled.won}/${scheduled.of} as scheduled.`),
      );
    }
    if (short)
      ctx.log.push(
        `Time cap reached: control loss decided on fewer than ${ctx.rc.controlLossSims} simulations per candidate.`,
      );
    if (cl.child > 0) {
      plan.leaderOnly = new Set([cl.child]);
      const firstClRound = ctx.round === ctx.rc.controlLossActivationRound + 1;
      if (a.remaining > 4 && !firstClRound && cl.child > 1) plan.leaderOnly.add(cl.child - 1);
      ctx.log.push(
        `Destiny's Child: ${ctx.name(a.ranked[cl.child].player)} (rank ${cl.child + 1}); the leader may only meet them.`,
      );
    } else ctx.log.push('Control loss: nobody loses control of their destiny.');
  }
  if (lastRound) classKingOfTheHill(ctx, a, force, isFree, plan);
  byeRules(ctx, a, plan);

  let dropped = new Set<Constraint>();
  for (let attempt = 0; ; attempt++) {
    const bound = contentionBounds(a);
    let result = match(ctx, a, plan, dropped, bound);
    // One widening pass if a contention penalty was paid.
    if (result.unmatched.length === 0) {
      const widened = result.penalised.filter((r) => bound[r] >= 0);
      if (widened.length) {
        for (const r of widened) bound[r]++;
        ctx.log.push(
          `Widened the contention bound of ${widened.map((r) => ctx.name(a.ranked[r].player)).join(', ')} by one place and matched again.`,
        );
        result = match(ctx, a, plan, dropped, bound);
      }
    }
    if (result.unmatched.length === 0) return result.pairs;
    const next = RELAX_ORDER.find((c) => !dropped.has(c) && inUse(plan, c));
    const names = result.unmatched.map((p) => ctx.name(p));
    if (!next) {
      throw new PairingFailure(
        'OVERCONSTRAINED',
        `No legal opponent for ${names.join(', ')} even with every constraint relaxed.`,
        names,
      );
    }
    dropped = new Set(dropped).add(next);
    ctx.log.push(`Relaxed ${next}: ${names.join(', ')} had no legal opponent with it.`);
    if (attempt > RELAX_ORDER.length) throw new Error('unreachable');
  }
}

function inUse(plan: Plan, c: Constraint): boolean {
  if (c === 'gibson groups') return true;
  if (c === 'control loss') return plan.leaderOnly !== null;
  if (c === 'bye restrictions') return plan.byeOnly !== null;
  for (const f of plan.forced.values()) if (f.by === c) return true;
  return false;
}

function logStandings(ctx: Context, a: CopAnalysis): void {
  ctx.log.push(
    `COP: ${a.remaining} round(s) left, gibson spread ${a.gibsonSpread}, hopefulness ${a.hopefulness}, ` +
      `${a.placePrizes} place prize(s), max factor ${a.maxFactor}, ${a.sims} simulations in ${a.millis} ms.`,
  );
  ctx.log.push(
    'rank  player                 W-L     spread  group  gib  1st%    cash%   hopeful best worst',
  );
  const p = a.field.players;
  a.ranked.forEach((s, r) => {
    let cash = 0;
    for (let q = 0; q < a.placePrizes; q++) cash += a.counts[r * p + q];
    const pct = (x: number) => ((100 * x) / a.sims).toFixed(2).padStart(6);
    ctx.log.push(
      `${String(r + 1).padStart(4)}  ${ctx.name(s.player).padEnd(22).slice(0, 22)} ${`${s.wins}-${s.losses}`.padEnd(7)} ` +
        `${String(s.spread).padStart(6)}  ${String(a.group[r]).padStart(5)}  ${a.gibsonized[r] ? 'yes' : ' no'}  ` +
        `${pct(a.counts[r * p])}  ${pct(cash)}  ${String(a.hopefulBest[r] + 1).padStart(7)} ${String(a.best[r] + 1).padStart(4)} ${String(a.worst[r] + 1).padStart(5)}`,
    );
  });
  if (a.groupCount > 1) ctx.log.push(`Gibson groups by rank: ${a.group.join(' ')}`);
  ctx.log.push(
    `Lowest hopeful per place: ${[...a.lowestHopeful].map((r, q) => `${q + 1}: rank ${r + 1}`).join(', ')}; ` +
      `lowest hopeful casher rank ${a.lowestHopefulCasher + 1}, lowest absolute casher rank ${a.lowestAbsoluteCasher + 1}.`,
  );
}

type Force = (x: number, y: number, by: Constraint) => boolean;

/**
 * Final round: king of the hill among the top places down to the lowest
 * absolute casher, inside each gibson group. Gibsonized players of the bottom
 * group are skipped; one who joined a group above to make it even plays in it
 * (skipping them would pair across groups and leave them without a legal
 * opponent: Albany 2024 with 1st, 4th and 8th gibsonized, decision 0107).
 */
function finalRoundKingOfTheHill(ctx: Context, a: CopAnalysis, force: Force): void {
  const lines = new Map<number, number[]>();
  for (let r = 0; r <= a.lowestAbsoluteCasher; r++) {
    if (a.gibsonized[r] && a.group[r] === 0) continue;
    const line = lines.get(a.group[r]) ?? [];
    line.push(r);
    lines.set(a.group[r], line);
  }
  const candidates: [number, number][] = [];
  for (const line of lines.values())
    for (let i = 0; i + 1 < line.length; i += 2) candidates.push([line[i], line[i + 1]]);
  candidates.sort((x, y) => x[0] - y[0]);
  const pairs: string[] = [];
  for (const [x, y] of candidates) {
    if (force(x, y, 'final-round king of the hill')) pairs.push(`${x + 1}v${y + 1}`);
  }
  if (pairs.length)
    ctx.log.push(`Final round king of the hill for the prize places: ${pairs.join(', ')}.`);
}

/**
 * Final round, per class with prizes: the class members who can still catch
 * the holder of the class's last open prize within one round (the catch test
 * with k = 1: a gap of two wins only with at most 2 × gibson spread behind)
 * meet king-of-the-hill style, at most one pair per open prize (two prizes
 * with four contenders: 1v2 and 3v4, as the peer's Albany states expect;
 * decision 0107). A prize is settled
 * (not open) when the class member in its place is gibsonized. Members already
 * paired by the director or forced by the final-round king of the hill are
 * passed over and the log says so.
 */
function classKingOfTheHill(
  ctx: Context,
  a: CopAnalysis,
  force: Force,
  isFree: (r: number) => boolean,
  plan: Plan,
): void {
  ctx.rc.classPrizes.forEach((count, k) => {
    const all: number[] = [];
    a.ranked.forEach((s, r) => {
      if (ctx.division.players[s.player].class === k + 1) all.push(r);
    });
    const settled = all.slice(0, count).filter((r) => a.gibsonized[r]).length;
    const open = Math.min(count, all.length) - settled;
    const members = all.filter((r) => !a.gibsonized[r]);
    if (open <= 0 || members.length < 2) return;
    const holder = a.ranked[members[Math.min(open, members.length) - 1]];
    const contenders = members.filter((r) => canCatch(holder, a.ranked[r], 1, a.gibsonSpread));
    const passed = contenders.filter((r) => !isFree(r) || plan.forced.has(r));
    const line = contenders.filter((r) => !passed.includes(r)).slice(0, 2 * open);
    const made: string[] = [];
    for (let i = 0; i + 1 < line.length; i += 2) {
      if (force(line[i], line[i + 1], 'class-prize king of the hill'))
        made.push(`${line[i] + 1}v${line[i + 1] + 1}`);
    }
    const note = passed.length
      ? ` (passed over, already paired: ${passed.map((r) => ctx.name(a.ranked[r].player)).join(', ')})`
      : '';
    if (made.length)
      ctx.log.push(`Class ${k + 1} prize king of the hill: ${made.join(', ')}${note}.`);
  });
}

function byeRules(ctx: Context, a: CopAnalysis, plan: Plan): void {
  const free = ctx.available;
  if (free.length % 2 === 0) return;
  const rankOf = new Map(a.ranked.map((s, r) => [s.player, r]));
  const ranks = free.map((p) => rankOf.get(p)!);
  const gibBottom = ranks.filter((r) => a.gibsonized[r] && a.group[r] === 0);
  if (gibBottom.length) {
    plan.byeOnly = new Set(gibBottom);
    plan.byeBy = 'bye restrictions';
    ctx.log.push(
      'A gibsonized player sits in the bottom group: only gibsonized players may take the bye.',
    );
  } else if (ctx.rc.topDownByes) {
    let best = ranks[0];
    for (const r of ranks)
      if (ctx.byes(a.ranked[r].player) < ctx.byes(a.ranked[best].player)) best = r;
    plan.byeOnly = new Set([best]);
    plan.byeBy = 'bye restrictions';
    ctx.log.push(`Top-down byes: the bye goes to ${ctx.name(a.ranked[best].player)}.`);
  }
}

/** Each contender's bound: the lowest rank that can hopefully reach their place (−1: not a contender). */
function contentionBounds(a: CopAnalysis): Int32Array {
  const bound = new Int32Array(a.ranked.length).fill(-1);
  for (let r = 0; r <= a.lowestHopefulCasher && r < a.ranked.length; r++) {
    if (a.gibsonized[r]) continue;
    const place = Math.min(r, a.placePrizes - 1);
    bound[r] = Math.max(a.lowestHopeful[place], r + 1);
  }
  return bound;
}

function match(
  ctx: Context,
  a: CopAnalysis,
  plan: Plan,
  dropped: Set<Constraint>,
  bound: Int32Array,
): { pairs: Pairs; unmatched: number[]; penalised: number[] } {
  const rankOf = new Map(a.ranked.map((s, r) => [s.player, r]));
  const ranks = ctx.available.map((p) => rankOf.get(p)!).sort((x, y) => x - y);
  const odd = ranks.length % 2 === 1;
  const n = ranks.length + (odd ? 1 : 0);
  const total = a.ranked.length;
  const lastQuarter = a.remaining <= ctx.division.numRounds / 4;
  const repeatUnit = 4 * Math.ceil((total / 3) ** 3);
  const forcedOf = (r: number) => {
    const f = plan.forced.get(r);
    return f && !dropped.has(f.by) ? f.with : -1;
  };
  const prev = ctx.round > 0 ? ctx.division.rounds[ctx.round - 1] : undefined;
  const cost = (i: number, j: number): number | null => {
    // i < j are ranks; n − 1 slot is the bye when odd.
    const fi = forcedOf(i);
    const fj = forcedOf(j);
    if (fi >= 0 || fj >= 0) return fi === j ? 0 : null;
    if (plan.leaderOnly && !dropped.has('control loss') && (i === 0 || j === 0)) {
      if (!plan.leaderOnly.has(i === 0 ? j : i)) return null;
    }
    if (!dropped.has('gibson groups') && a.group[i] !== a.group[j]) return null;
    const pi = a.ranked[i].player;
    const pj = a.ranked[j].player;
    const gi = a.gibsonized[i];
    const gj = a.gibsonized[j];
    const gap = j - i;
    let c = 0;
    const contender = !gi && i <= a.lowestHopefulCasher;
    if (!(lastQuarter && contender))
      c += gi || gj || i >= a.placePrizes ? gap * gap : gap * gap * gap;
    if (contender && bound[i] >= 0) {
      if (j > bound[i]) c += PENALTY;
      else if (lastQuarter) c += 2 * (bound[i] - j) ** 3;
    }
    if (a.group[i] === 0 && a.group[j] === 0 && gi !== gj) {
      const other = gi ? j : i;
      if (other <= a.lowestAbsoluteCasher) c += PENALTY;
    }
    const met = ctx.met(pi, pj);
    c += (2 ** met - 1) * repeatUnit;
    if (prev?.[pi]?.opponent === pj && !contender) c += BACK_TO_BACK;
    return c;
  };
  const byeCost = (r: number): number | null => {
    if (forcedOf(r) >= 0) return null;
    if (plan.byeOnly && !dropped.has('bye restrictions') && !plan.byeOnly.has(r)) return null;
    if (r === 0 && plan.leaderOnly && !dropped.has('control loss')) return null;
    const p = a.ranked[r].player;
    const repeat = ctx.rc.allowRepeatByes ? 0 : ctx.byes(p) * PENALTY;
    return (total - r) ** 2 + repeat;
  };
  const result = minCostMatching(n, (x, y) => {
    if (odd && (x === n - 1 || y === n - 1)) return byeCost(ranks[x === n - 1 ? y : x]);
    return cost(ranks[x], ranks[y]);
  });
  const out: Pairs = { pairs: [], byes: [] };
  const unmatched: number[] = [];
  const penalised: number[] = [];
  for (let x = 0; x < ranks.length; x++) {
    const m = result.mate[x];
    const p = a.ranked[ranks[x]].player;
    if (m < 0) unmatched.push(p);
    else if (odd && m === n - 1) out.byes.push(p);
    else if (x < m) {
      out.pairs.push([p, a.ranked[ranks[m]].player]);
      const i = ranks[x];
      const forced = forcedOf(i) >= 0;
      if (
        !forced &&
        bound[i] >= 0 &&
        !a.gibsonized[i] &&
        i <= a.lowestHopefulCasher &&
        ranks[m] > bound[i]
      )
        penalised.push(i);
    }
  }
  if (unmatched.length === 0) {
    ctx.log.push(
      `Pairings (ranks): ${out.pairs
        .map(([x, y]) => `${rankOf.get(x)! + 1}v${rankOf.get(y)! + 1}`)
        .join(
          ', ',
        )}${out.byes.length ? `; bye rank ${rankOf.get(out.byes[0])! + 1}` : ''}; total cost ${result.cost}.`,
    );
  }
  return { pairs: out, unmatched, penalised };
}
