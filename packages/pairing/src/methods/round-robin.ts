/**
 * Round robin by the circle method (README "Methods"): a phantom makes the
 * field even; the first player stays, the others turn by one place a round;
 * position i of the top half meets position i of the reversed bottom half.
 * After n′−1 rounds every pair has met once; later cycles repeat the schedule
 * with firsts swapped.
 */
import { type Context, type Pairs, who } from '../context.ts';
import { createRng, hashString, shuffle } from '../rng.ts';
import { pairSwiss } from './swiss.ts';

/** Round k of the circle schedule over `players`; −1 is the phantom. */
export function circleRound(players: number[], k: number): [number, number][] {
  const field = players.length % 2 ? [...players, -1] : [...players];
  const m = field.length;
  if (m < 2) return [];
  const rest = field.slice(1);
  const turn = k % (m - 1);
  const rotated = rest.slice(rest.length - turn).concat(rest.slice(0, rest.length - turn));
  const order = [field[0], ...rotated];
  const half = m / 2;
  const pairs: [number, number][] = [];
  for (let i = 0; i < half; i++) pairs.push([order[i], order[m - 1 - i]]);
  return pairs;
}

/** First round of the run of consecutive rounds, ending at `round`, paired by `method`. */
export function blockStart(ctx: Context, method: string): number {
  let r = ctx.round;
  while (r > 0) {
    const prev = ctx.division.roundControls?.[r - 1]?.pairingMethod ?? 'swiss';
    if (prev !== method) break;
    r--;
  }
  return r;
}

/**
 * Turns a fixed schedule into this round's pairs: players already paired or
 * removed drop out, and whoever loses their scheduled opponent that way is
 * paired with the others left over (Swiss) or given the bye.
 */
export function fromSchedule(ctx: Context, schedule: [number, number][]): Pairs {
  const free = new Set(ctx.available);
  const out: Pairs = { pairs: [], byes: [] };
  const orphans: number[] = [];
  const offSchedule: number[] = [];
  for (const [a, b] of schedule) {
    const fa = a >= 0 && free.has(a);
    const fb = b >= 0 && free.has(b);
    if (fa && fb) out.pairs.push([a, b]);
    else if (fa || fb) {
      orphans.push(fa ? a : b);
      if ((fa ? b : a) >= 0) offSchedule.push(fa ? a : b);
    }
  }
  const scheduled = new Set(schedule.flat());
  for (const p of ctx.available) {
    if (scheduled.has(p)) continue;
    orphans.push(p);
    offSchedule.push(p);
  }
  if (orphans.length === 1) out.byes.push(orphans[0]);
  else if (orphans.length > 1) {
    const rest = pairSwiss(
      ctx,
      ctx.available.filter((p) => orphans.includes(p)),
    );
    out.pairs.push(...rest.pairs);
    out.byes.push(...rest.byes);
  }
  if (offSchedule.length) {
    ctx.log.push(
      `Off schedule (scheduled opponent removed or already paired): ${offSchedule.map((p) => who(ctx, p)).join(', ')}.`,
    );
  }
  return out;
}

/**
 * The players the block's schedule is built on: everyone in the division when
 * its first round was paired (a late entry has no slot in any round up to it,
 * and is not withdrawn). Later entries do not shift the schedule: the first
 * of them takes the phantom's place when the field was odd (meeting whoever
 * would have had the bye), any others are paired off the schedule among
 * themselves.
 */
function roster(ctx: Context, start: number): { players: number[]; late: number[] } {
  const d = ctx.division;
  const all = d.players.map((_, i) => i);
  if (start >= ctx.round) return { players: all, late: [] };
  const isLate = (p: number) =>
    !d.players[p].removed && d.rounds.slice(0, start + 1).every((round) => !round?.[p]);
  return { players: all.filter((p) => !isLate(p)), late: all.filter(isLate) };
}

export function pairRoundRobin(ctx: Context): Pairs {
  const start = blockStart(ctx, 'round_robin');
  const k = ctx.round - start;
  const field = roster(ctx, start);
  const seed =
    ctx.givenSeed ??
    (field.late.length
      ? hashString(field.players.map((p) => ctx.division.players[p].name).join('\u0000'))
      : ctx.baseSeed);
  const players = shuffle(field.players, createRng(seed));
  const m = players.length + (players.length % 2);
  const cycle = Math.floor(k / Math.max(m - 1, 1));
  let schedule = circleRound(players, k);
  const stand = field.players.length % 2 === 1 ? field.late[0] : undefined;
  if (stand !== undefined) {
    schedule = schedule.map(([a, b]) => [a < 0 ? stand : a, b < 0 ? stand : b]);
    ctx.log.push(`Late entry ${who(ctx, stand)} takes the round robin's bye slot.`);
  }
  const out = fromSchedule(ctx, schedule);
  if (cycle > 0) {
    // Firsts swapped against the same round of the first cycle.
    const earlier = ctx.division.rounds[start + (k % (m - 1))] ?? [];
    out.firstOf = new Map();
    for (const [a, b] of out.pairs) {
      const s = earlier[a];
      if (s && s.opponent === b && s.first !== undefined) {
        out.firstOf.set(`${a}:${b}`, s.first ? b : a);
      }
    }
    ctx.log.push(`Round robin cycle ${cycle + 1}: the schedule repeats with firsts swapped.`);
  }
  return out;
}
