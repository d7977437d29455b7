import { describe, expect, it } from 'vitest';
import { minCostMatching } from '../src/matching.ts';
import { createRng } from '../src/rng.ts';
import { bruteForceMatching } from './support/brute-force.ts';

describe('minimum-cost matching', () => {
  it('pairs four players at the cheapest total', () => {
    const c = [
      [0, 1, 9, 9],
      [1, 0, 9, 9],
      [9, 9, 0, 1],
      [9, 9, 1, 0],
    ];
    const r = minCostMatching(4, (i, j) => c[i][j]);
    expect([...r.mate]).toEqual([1, 0, 3, 2]);
    expect(r.cost).toBe(2);
  });

  it('leaves players unmatched only when no perfect matching exists', () => {
    // 0 may meet only 1, and 2 may meet only 1: one of 0 and 2 is left out.
    const r = minCostMatching(4, (i, j) => ((i === 1 || j === 1) && i !== 3 && j !== 3 ? 1 : null));
    expect(r.unmatched).toBe(2);
  });

  it('agrees with brute force on thousands of random graphs', () => {
    const rng = createRng(7);
    const runs = process.env.TESSERA_SOAK ? 20000 : 1500;
    for (let t = 0; t < runs; t++) {
      const n = 2 + rng.int(11);
      const density = rng.float();
      const spread = [2, 10, 1000, 1e9][rng.int(4)];
      const table = new Map<number, number | null>();
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          table.set(i * 64 + j, rng.float() < density ? rng.int(spread) : null);
      const cost = (i: number, j: number) => table.get(Math.min(i, j) * 64 + Math.max(i, j))!;
      const got = minCostMatching(n, cost);
      const want = bruteForceMatching(n, cost);
      expect({ pairs: (n - got.unmatched) / 2, cost: got.cost }, `n=${n} run ${t}`).toEqual(want);
      // The sparse solver (candidate pairs, widened until its duals prove
      // the answer): the same cost on every graph.
      const sparse = minCostMatching(n, cost, { fullGraphUpTo: 0 });
      expect({ pairs: (n - sparse.unmatched) / 2, cost: sparse.cost }, `sparse n=${n}`).toEqual(
        want,
      );
      for (let i = 0; i < n; i++) if (got.mate[i] >= 0) expect(got.mate[got.mate[i]]).toBe(i);
    }
  });
});

describe('the sparse solver of big fields (decision 0148)', () => {
  it('finds the cheapest matching of Swiss-like fields, ties and forbidden pairs included', () => {
    const rng = createRng(11);
    for (const n of [40, 90, 160]) {
      // Score groups a win apart (squared gaps), spread buckets inside a
      // group (many equal costs), and some pairs that may not meet.
      const wins = Array.from({ length: n }, () => rng.int(8)).sort((a, b) => b - a);
      const spread = Array.from({ length: n }, () => rng.int(900) - 450);
      const banned = new Set<number>();
      for (let t = 0; t < n * 4; t++) banned.add(rng.int(n) * 1000 + rng.int(n));
      const cost = (i: number, j: number) => {
        if (banned.has(i * 1000 + j) || banned.has(j * 1000 + i)) return null;
        const d = wins[i] - wins[j];
        return (
          d * d * 4096 + Math.floor((1000 - Math.min(Math.abs(spread[i] - spread[j]), 1000)) / 100)
        );
      };
      const full = minCostMatching(n, cost, { fullGraphUpTo: n });
      const sparse = minCostMatching(n, cost, { fullGraphUpTo: 0 });
      expect([sparse.cost, sparse.unmatched], `n=${n}`).toEqual([full.cost, full.unmatched]);
      for (let i = 0; i < n; i++)
        if (sparse.mate[i] >= 0) expect(sparse.mate[sparse.mate[i]]).toBe(i);
    }
  });
});

describe('binomial tails for the COP confidence test', () => {
  it('match direct sums', async () => {
    const { upperTail, compareToThreshold } = await import('../src/cop/stats.ts');
    const direct = (x: number, n: number, p: number) => {
      let s = 0;
      for (let k = x; k <= n; k++) {
        let c = 1;
        for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
        s += c * p ** k * (1 - p) ** (n - k);
      }
      return s;
    };
    for (const [x, n, p] of [
      [3, 10, 0.2],
      [7, 20, 0.5],
      [0, 5, 0.3],
      [15, 40, 0.1],
    ]) {
      expect(upperTail(x, n, p)).toBeCloseTo(direct(x, n, p), 10);
    }
    expect(compareToThreshold(5000, 10000, 0.1, 0.01)).toBe(1);
    expect(compareToThreshold(0, 100000, 0.1, 0.01)).toBe(-1);
    expect(compareToThreshold(10, 100, 0.1, 0.01)).toBe(0);
  });
});
