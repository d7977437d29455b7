import { expect } from 'vitest';
import type { Division, PairingResult, RoundPairing } from '../../src/index.ts';
import { checkComplete, checkWellFormed } from './invariants.ts';

/** One row of the standings table a COP log prints. */
export interface LoggedRank {
  rank: number;
  player: number;
  group: number;
  gibsonized: boolean;
}

/** The last standings table of a COP log, by rank (0-based), players by name. */
export function loggedStandings(d: Division, res: PairingResult): LoggedRank[] {
  const index = new Map(d.players.map((p, i) => [p.name, i]));
  const head = res.log.findLastIndex((l) => l.startsWith('rank  player'));
  const rows: LoggedRank[] = [];
  for (const line of res.log.slice(head + 1)) {
    const m = /^\s*(\d+)\s{2}(.+?)\s{2,}\S+\s+-?\d+\s+(\d+)\s+(yes|no)\s/.exec(line);
    if (!m) break;
    rows.push({
      rank: Number(m[1]) - 1,
      player: index.get(m[2].trim())!,
      group: Number(m[3]),
      gibsonized: m[4] === 'yes',
    });
  }
  return rows;
}

/** Rank pairs (0-based) of the final "Pairings (ranks)" line. */
export function rankPairs(res: PairingResult): [number, number][] {
  const line = res.log.filter((l) => l.startsWith('Pairings (ranks)')).at(-1)!;
  return [...line.matchAll(/(\d+)v(\d+)/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1]);
}

export const rankLine = (res: PairingResult) =>
  rankPairs(res)
    .map(([a, b]) => `${a + 1}v${b + 1}`)
    .join(' ');

/** How often a and b met before `round`. */
export function meetings(d: Division, round: number, a: number, b: number): number {
  return d.rounds.slice(0, round).filter((r) => r[a]?.opponent === b).length;
}

/**
 * COP's hard constraints on a paired round, read against its own log: a
 * complete, symmetric pairing; the director's pairs kept; no pair across
 * gibson groups; the leader meets Destiny's Child (or the player just above);
 * the final round's king-of-the-hill pairs; no prize contender paired beyond
 * their hopeful bound unless the log says the bound was widened; no second
 * bye unless allowed or the player is gibsonized. Constraints the log says
 * were relaxed are not checked. Returns the pairing.
 */
export function checkCopRound(d: Division, round: number, res: PairingResult): RoundPairing {
  const pairing = checkWellFormed(d, res);
  checkComplete(d, pairing);
  const log = res.log.join('\n');
  const current = d.rounds[round] ?? [];
  current.forEach((slot, p) => {
    if (slot) expect(pairing.opponent[p], `director's pair of ${p} kept`).toBe(slot.opponent);
  });
  const table = loggedStandings(d, res);
  const pairs = rankPairs(res);
  if (!log.includes('Relaxed gibson groups')) {
    for (const [a, b] of pairs)
      expect(table[a].group, `ranks ${a + 1}v${b + 1} cross gibson groups`).toBe(table[b].group);
  }
  const child = /Destiny's Child: .* \(rank (\d+)\)/.exec(log);
  if (child && !log.includes('Relaxed control loss')) {
    const c = Number(child[1]) - 1;
    const leaderPair = pairs.find(([a, b]) => a === 0 || b === 0);
    expect([c, c - 1], "the leader meets Destiny's Child").toContain(leaderPair?.[1]);
  }
  const koth = /Final round king of the hill for the prize places: (.*)\./.exec(log);
  if (koth && !log.includes('Relaxed final-round')) {
    for (const m of koth[1].matchAll(/(\d+)v(\d+)/g))
      expect(pairs).toContainEqual([Number(m[1]) - 1, Number(m[2]) - 1]);
  }
  const cost = Number(
    /total cost (\d+)/.exec(res.log.findLast((l) => l.includes('total cost'))!)![1],
  );
  const allowRepeatByes = d.roundControls?.[round]?.allowRepeatByes ?? false;
  // A repeat bye costs 10⁹ per earlier bye, as the contention penalty does.
  const byeCost = allowRepeatByes
    ? 0
    : pairing.opponent.reduce(
        (sum, o, p) =>
          o === p && !current[p]
            ? sum + 1e9 * d.rounds.slice(0, round).filter((r) => r[p]?.opponent === p).length
            : sum,
        0,
      );
  if (!log.includes('Widened the contention bound')) {
    expect(cost - byeCost, 'a prize contender paired beyond their hopeful bound').toBeLessThan(1e9);
  }
  pairing.opponent.forEach((o, p) => {
    if (o !== p || current[p] || allowRepeatByes) return;
    const byes = d.rounds.slice(0, round).filter((r) => r[p]?.opponent === p).length;
    const gib = table.find((t) => t.player === p)?.gibsonized;
    if (!gib) expect(byes, `${d.players[p].name} given a second bye`).toBe(0);
  });
  return pairing;
}
