import { describe, expect, it } from 'vitest';
import { applyPairing, pairRound, type Division } from '../src/index.ts';
import { countFirsts } from '../src/firsts.ts';
import { createRng, shuffle } from '../src/rng.ts';
import { soak } from './support/generate.ts';

/**
 * The director enters a round's pairs one at a time in a random order
 * (manual method, earlier entries already stored); the result must be the
 * same as entering them all at once, and nobody may fall more than two
 * seconds behind their firsts unless their opponent was at least as far
 * behind (then one of the two must).
 */
describe('firsts and seconds', () => {
  it('are balanced whatever order the pairs are entered in', () => {
    const rng = createRng(99);
    const runs = soak(30, 1500);
    let worst = 0;
    for (let t = 0; t < runs; t++) {
      const n = 2 + rng.int(30);
      const rounds = 4 + rng.int(12);
      let d: Division = {
        players: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, rating: 1000 })),
        numRounds: rounds,
        rounds: [],
        roundControls: Array.from({ length: rounds }, () => ({ pairingMethod: 'manual' as const })),
      };
      for (let r = 0; r < rounds; r++) {
        if (rng.int(6) === 0) d.players.push({ name: `P${d.players.length}`, rating: 1000 });
        const order = shuffle(
          d.players.map((_, i) => i),
          rng,
        );
        const pairs: [number, number][] = [];
        for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
        if (order.length % 2) pairs.push([order.at(-1)!, order.at(-1)!]);
        const atOnce = pairRound(d, r, { manual: pairs });
        if (!atOnce.ok) throw new Error(atOnce.error.message);
        let stepwise = d;
        for (const pair of shuffle([...pairs], rng)) {
          const flipped: [number, number] = rng.int(2) ? [pair[1], pair[0]] : pair;
          const res = pairRound(stepwise, r, { manual: [flipped] });
          if (!res.ok) throw new Error(res.error.message);
          stepwise = applyPairing(stepwise, res.pairing);
        }
        const before = countFirsts(d.rounds, d.players.length, r);
        d = applyPairing(d, atOnce.pairing);
        expect(stepwise.rounds[r].map((s) => s?.first)).toEqual(d.rounds[r].map((s) => s?.first));
        const after = countFirsts(d.rounds, d.players.length, r + 1);
        for (const [a, b] of pairs) {
          if (a === b) continue;
          for (const [p, o] of [
            [a, b],
            [b, a],
          ]) {
            const deficit = after.seconds[p] - after.firsts[p];
            worst = Math.max(worst, deficit);
            if (deficit > 2)
              expect(
                before.seconds[o] - before.firsts[o],
                `P${p} fell ${deficit} behind`,
              ).toBeGreaterThanOrEqual(2);
          }
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(4);
  });
});
