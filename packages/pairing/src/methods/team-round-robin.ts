/**
 * Team round robin and interleaved round robin ("Shirts and Skins"), README
 * §4.2: every player of team A meets every player of team B, never a team-mate.
 * Team RR: A = top half by seed, B = bottom half shuffled; each matchup lasts
 * gamesPerRound consecutive rounds. Interleaved: teams by parity of seed, one
 * game per matchup, a phantom on the short team in odd fields (one bye a round).
 */
import { type Context, type Pairs, PairingFailure } from '../context.ts';
import { createRng, shuffle } from '../rng.ts';
import { blockStart, fromSchedule } from './round-robin.ts';

/** Round k's matchups of A against B (B turned by k and reversed); −1 = phantom. */
export function teamRound(a: number[], b: number[], k: number): [number, number][] {
  const h = b.length;
  const turned = b.map((_, i) => b[(i + k) % h]).reverse();
  return a.map((p, i) => [p, turned[i]]);
}

export function pairTeamRoundRobin(ctx: Context): Pairs {
  const n = ctx.division.players.length;
  if (n % 2) {
    throw new PairingFailure(
      'INVALID_CONTROLS',
      'Team round robin needs an even number of players.',
    );
  }
  const gpr = Math.max(ctx.rc.gamesPerRound, 1);
  const k = Math.floor((ctx.round - blockStart(ctx, 'team_round_robin')) / gpr);
  const seeds = ctx.division.players.map((_, i) => i);
  const a = seeds.slice(0, n / 2);
  const b = shuffle(seeds.slice(n / 2), createRng(ctx.baseSeed));
  return fromSchedule(ctx, teamRound(a, b, k % (n / 2)));
}

export function pairInterleavedRoundRobin(ctx: Context): Pairs {
  const seeds = ctx.division.players.map((_, i) => i);
  const a = seeds.filter((p) => p % 2 === 0);
  const b = seeds.filter((p) => p % 2 === 1);
  if (b.length < a.length) b.push(-1);
  const k = ctx.round - blockStart(ctx, 'interleaved_round_robin');
  return fromSchedule(ctx, teamRound(a, b, k % b.length));
}
