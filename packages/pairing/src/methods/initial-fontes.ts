/**
 * Initial Fontes (README "Methods"): for an opening block of k rounds (k odd),
 * G = n′/(k+1) groups (n′ = players plus a phantom when odd); seed i joins
 * group i mod G, so each group holds one player from every rating band of G;
 * the leftovers when n′ is not a multiple of k+1 join the last group. Each
 * group plays its own round robin over the k rounds.
 */
import { type Context, type Pairs, PairingFailure } from '../context.ts';
import { circleRound, fromSchedule } from './round-robin.ts';

export function fontesGroups(n: number, k: number): number[][] {
  const seeds = Array.from({ length: n + (n % 2) }, (_, i) => (i < n ? i : -1));
  const g = Math.floor(seeds.length / (k + 1));
  if (g < 2) return [];
  const groups: number[][] = Array.from({ length: g }, () => []);
  const full = g * (k + 1);
  seeds.forEach((p, i) => groups[i < full ? i % g : g - 1].push(p));
  return groups;
}

export function pairInitialFontes(ctx: Context): Pairs {
  const k = ctx.rc.initialFontes;
  const groups = fontesGroups(ctx.division.players.length, k);
  if (groups.length < 2) {
    throw new PairingFailure(
      'INSUFFICIENT_PLAYERS',
      `Initial Fontes over ${k} rounds needs at least ${2 * (k + 1)} players.`,
    );
  }
  if (ctx.round === 0) {
    ctx.log.push(
      `Initial Fontes: ${groups.length} groups: ` +
        groups
          .map((g) =>
            g
              .filter((p) => p >= 0)
              .map((p) => p + 1)
              .join(' '),
          )
          .join(' | '),
    );
  }
  return fromSchedule(
    ctx,
    groups.flatMap((g) => circleRound(g, ctx.round)),
  );
}
