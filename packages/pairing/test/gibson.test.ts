/**
 * Issue 36, item 7: every method that pairs by standings honours
 * gibsonization, not Swiss alone (README "Standings", methods/gibson.ts).
 */
import { describe, expect, it } from 'vitest';
import { computeStandings, pairRound, type Division, type PairingMethod } from '../src/index.ts';

/**
 * n players, `played` of `played + 1` rounds: P0 beats everyone by 300 and
 * is far ahead (gibsonized for the last round); the others draw among
 * themselves, so they all still race for second place.
 */
function runaway(n: number, method: PairingMethod, maximumByePlacement: number): Division {
  const played = 6;
  const rounds = Array.from({ length: played }, (_, r) => {
    const row: Division['rounds'][number] = Array(n).fill(null);
    const victim = 1 + (r % (n - 1));
    row[0] = { opponent: victim, score: 600, opponentScore: 300 };
    row[victim] = { opponent: 0, score: 300, opponentScore: 600 };
    const rest = Array.from({ length: n }, (_, i) => i).filter((p) => p !== 0 && p !== victim);
    // Each round a different player has the bye, so byes stay even.
    const rotated = [...rest.slice(r % rest.length), ...rest.slice(0, r % rest.length)];
    for (let i = 0; i + 1 < rotated.length; i += 2) {
      const [a, b] = [rotated[i], rotated[i + 1]];
      row[a] = { opponent: b, score: 400, opponentScore: 400 };
      row[b] = { opponent: a, score: 400, opponentScore: 400 };
    }
    if (rotated.length % 2) {
      const p = rotated[rotated.length - 1];
      row[p] = { opponent: p, outcome: 'bye', score: 0 };
    }
    return row;
  });
  return {
    players: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, rating: 1500 - i })),
    numRounds: played + 1,
    rounds,
    controls: { gibsonize: true, gibsonSpread: 200, minimumPlacement: 3, maximumByePlacement },
    roundControls: Array.from({ length: played + 1 }, () => ({ pairingMethod: method, factor: 1 })),
  };
}

describe('gibsonization in every standings method (issue 36 item 7)', () => {
  for (const method of ['king_of_the_hill', 'factor', 'swiss'] as const) {
    it(`${method}: the gibsonized leader does not meet #2 (even field)`, () => {
      const d = runaway(8, method, 0);
      const res = pairRound(d, 6);
      if (!res.ok) throw new Error(res.error.message);
      expect(res.pairing.gibsonized[0]).toBe(true);
      const ranked = computeStandings(d).map((s) => s.player);
      expect(ranked[0]).toBe(0);
      const opponent = res.pairing.opponent[0];
      expect(opponent).not.toBe(0);
      expect(opponent).not.toBe(ranked[1]);
    });

    it(`${method}: an odd field's bye goes to the gibsonized leader within the bye cut-off`, () => {
      const res = pairRound(runaway(7, method, 0), 6);
      if (!res.ok) throw new Error(res.error.message);
      expect(res.pairing.gibsonized[0]).toBe(true);
      expect(res.pairing.opponent[0]).toBe(0);
    });
  }

  it('without gibsonization king of the hill pairs 1v2 and the bye goes to the last', () => {
    const d = runaway(7, 'king_of_the_hill', 0);
    d.controls = { ...d.controls, gibsonize: false };
    const res = pairRound(d, 6);
    if (!res.ok) throw new Error(res.error.message);
    const ranked = computeStandings(d).map((s) => s.player);
    expect(res.pairing.opponent[0]).toBe(ranked[1]);
    expect(res.pairing.opponent[ranked[6]]).toBe(ranked[6]);
  });
});
