/**
 * TSH's per-round ranks (`rrank`): entry 0 is the rank before round 1 by
 * rating, entry k the rank after round k by wins (a draw is half a win) and
 * then spread. Players equal on both share a rank (1, 2, 2, 4).
 *
 * A withdrawn player is ranked while they play. From the first of their
 * trailing forfeit losses (TSH's `off` rounds) the others are ranked without
 * them; their own list ends with the place they would take among the others
 * after that first missed round. The replays of real TSH files
 * (packages/server/test/tournament-replay.test.ts) hold these rules to the
 * ranks TSH published.
 */
import { computeStandings } from '../standings.ts';
import type { Division } from '../types.ts';

/**
 * The first round from which every round of player p is a forfeit loss
 * against no one, for a withdrawn player; Infinity for everyone else.
 */
export function withdrawnFrom(d: Division, p: number): number {
  if (!d.players[p].removed) return Infinity;
  let w = d.rounds.length;
  while (w > 0) {
    const s = d.rounds[w - 1][p];
    if (!s || s.opponent !== p || s.outcome !== 'forfeit_loss') break;
    w--;
  }
  return w;
}

/** Rounds up to the last one with any result in it. */
function scoredRounds(d: Division): number {
  let n = 0;
  d.rounds.forEach((slots, r) => {
    if (slots.some((s) => s && (s.score !== undefined || s.outcome !== undefined))) n = r + 1;
  });
  return n;
}

/** Every player's rank list, as TSH writes it in `rrank`. */
export function tshRanks(d: Division): number[][] {
  const n = d.players.length;
  const scored = scoredRounds(d);
  const leave = d.players.map((_, p) => withdrawnFrom(d, p));
  const out: number[][] = d.players.map(() => []);
  for (let k = 0; k <= scored; k++) {
    // Entry k: after rounds 0..k-1; a player is still ranked while k <= their leave.
    const key: [number, number][] =
      k === 0
        ? d.players.map((pl) => [pl.rating, 0])
        : (() => {
            const rows: [number, number][] = Array.from({ length: n }, () => [0, 0]);
            for (const s of computeStandings(d, k - 1)) rows[s.player] = [s.wins, s.spread];
            return rows;
          })();
    for (let p = 0; p < n; p++) {
      if (k > leave[p] + 1) continue;
      let rank = 1;
      for (let q = 0; q < n; q++) {
        if (q === p || k > leave[q]) continue;
        const [qw, qs] = key[q];
        const [pw, ps] = key[p];
        if (qw > pw || (qw === pw && qs > ps)) rank++;
      }
      out[p].push(rank);
    }
  }
  return out;
}
