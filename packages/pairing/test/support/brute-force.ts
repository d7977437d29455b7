import type { CostFn } from '../../src/matching.ts';

/**
 * The oracle: the exact minimum over all maximum-cardinality matchings by
 * dynamic programming over subsets (n ≤ 16). Returns [cardinality, cost].
 */
export function bruteForceMatching(n: number, cost: CostFn): { pairs: number; cost: number } {
  const memo = new Map<number, { pairs: number; cost: number }>();
  const best = (mask: number): { pairs: number; cost: number } => {
    if (mask === 0) return { pairs: 0, cost: 0 };
    const hit = memo.get(mask);
    if (hit) return hit;
    let i = 0;
    while (!(mask & (1 << i))) i++;
    const rest = mask & ~(1 << i);
    let out = best(rest); // i stays unmatched
    for (let j = i + 1; j < n; j++) {
      if (!(rest & (1 << j))) continue;
      const c = cost(i, j);
      if (c === null) continue;
      const sub = best(rest & ~(1 << j));
      const cand = { pairs: sub.pairs + 1, cost: sub.cost + c };
      if (cand.pairs > out.pairs || (cand.pairs === out.pairs && cand.cost < out.cost)) out = cand;
    }
    memo.set(mask, out);
    return out;
  };
  return best((1 << n) - 1);
}
