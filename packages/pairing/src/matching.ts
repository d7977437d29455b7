/**
 * Minimum-cost perfect matching on a general graph: Edmonds' weighted blossom
 * algorithm in its dense O(n³) form (Edmonds 1965; the primal-dual scheme of
 * Galil, "Efficient algorithms for finding maximum matching in graphs", ACM
 * Computing Surveys 1986). Written for Tessera (decision 0078).
 *
 * Why dense tables: the slack of every vertex can be kept in one array. The
 * search scans adjacency lists, so a sparse graph is cheap to search, and
 * fields above FULL_GRAPH_UP_TO are solved on candidate pairs, widened until
 * the duals prove the answer optimal over every allowed pair (decision 0148:
 * the dense form is cubic, about 20 s for 1,000 players).
 *
 * The solver maximises weight; a cost c becomes the weight BIG − c with BIG
 * larger than (n/2 + 1) times the largest cost, so a matching with more edges
 * always outweighs one with fewer: the answer is a maximum-cardinality
 * matching, and among those the cheapest. All arithmetic is on integers (and
 * halves of them) held in doubles, exact while below 2^53; costs must be
 * non-negative integers and `maxCost × (n/2 + 1)` must stay under 2^50.
 *
 * Invariants (the paper's): every vertex label `lab` plus every blossom label
 * keeps each edge's reduced cost e_delta ≥ 0; matched edges and blossom edges
 * are tight (e_delta = 0). Vertices are 1..n, blossoms n+1..2n.
 */

import { candidateEdges, widen } from './matching-candidates.ts';

/** A cost table: `cost(i, j)` for i ≠ j, or `null` when i and j may not meet. */
export type CostFn = (i: number, j: number) => number | null;

export interface MatchingResult {
  /** mate[i] = partner of i, or -1 if i is left unmatched. */
  mate: Int32Array;
  /** Number of unmatched vertices (0 for a perfect matching). */
  unmatched: number;
  /** Sum of the costs of the matched edges. */
  cost: number;
}

const MAX_SAFE_WEIGHT = 2 ** 50;

/**
 * Up to this many vertices the solver gets every allowed pair, and answers
 * exactly as the dense solver always has (ties included: the TSH replays and
 * the pairing tests expect its choice among equal-cost matchings).
 */
export const FULL_GRAPH_UP_TO = 256;
/** Rounds of widening before the solver falls back to every pair. */
const MAX_WIDENINGS = 8;

export interface MatchingOptions {
  /** Up to this many vertices every pair is given at once (default FULL_GRAPH_UP_TO). */
  fullGraphUpTo?: number;
}

/** Solves min-cost maximum-cardinality matching for `n` vertices (0-based). */
export function minCostMatching(
  n: number,
  cost: CostFn,
  options: MatchingOptions = {},
): MatchingResult {
  const costs = new Float64Array(n * n).fill(-1);
  let maxCost = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = cost(i, j);
      if (c === null) continue;
      if (!Number.isInteger(c) || c < 0)
        throw new Error(`matching cost ${c} is not an integer ≥ 0`);
      costs[i * n + j] = costs[j * n + i] = c;
      if (c > maxCost) maxCost = c;
    }
  }
  const big = (maxCost + 1) * (Math.floor(n / 2) + 1);
  if (big * 2 > MAX_SAFE_WEIGHT) throw new Error('matching costs too large to solve exactly');
  if (n <= (options.fullGraphUpTo ?? FULL_GRAPH_UP_TO)) return solveOn(n, costs, big, null).result;
  // Sparse candidate edges, widened by the pairs whose reduced cost the
  // answer's duals leave negative, until the duals prove the matching
  // optimal over every allowed pair (LP duality: feasible duals for the
  // whole graph with complementary slackness).
  const inGraph = candidateEdges(n, costs);
  for (let round = 0; round < MAX_WIDENINGS; round++) {
    const { result, solver } = solveOn(n, costs, big, inGraph);
    if (!solver.freeAtZero()) break;
    if (!widen(n, costs, big, inGraph, solver)) return result;
  }
  return solveOn(n, costs, big, null).result;
}

/** Runs the solver on the pairs marked in `inGraph` (null: every allowed pair). */
function solveOn(
  n: number,
  costs: Float64Array,
  big: number,
  inGraph: Uint8Array | null,
): { result: MatchingResult; solver: Blossom } {
  const adj: Int32Array[] = [new Int32Array(0)];
  const row: number[] = [];
  for (let i = 0; i < n; i++) {
    row.length = 0;
    for (let j = 0; j < n; j++) {
      const k = i * n + j;
      if (j !== i && costs[k] >= 0 && (inGraph === null || inGraph[k])) row.push(j + 1);
    }
    adj.push(Int32Array.from(row));
  }
  const solver = new Blossom(n, adj);
  for (let i = 0; i < n; i++) {
    for (const v of adj[i + 1])
      if (v > i + 1) solver.setWeight(i + 1, v, big - costs[i * n + v - 1]);
  }
  const mates = solver.solve();
  const mate = new Int32Array(n).fill(-1);
  let unmatched = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = mates[i + 1];
    if (m === 0) {
      unmatched++;
      continue;
    }
    mate[i] = m - 1;
    if (i < m - 1) total += costs[i * n + m - 1];
  }
  return { result: { mate, unmatched, cost: total }, solver };
}

/** The dense blossom solver; vertices 1..n, 0 means "none". */
class Blossom {
  private readonly n: number;
  private readonly size: number; // 2n + 1 slots: vertices, then blossoms
  private nx: number;
  // The best edge between two (super)vertices: its endpoints and weight.
  private readonly eu: Int32Array;
  private readonly ev: Int32Array;
  private readonly ew: Float64Array;
  private readonly lab: Float64Array;
  private readonly match: Int32Array;
  private readonly slack: Int32Array;
  private readonly st: Int32Array; // top-level blossom containing each node
  private readonly pa: Int32Array;
  private readonly label: Int8Array; // -1 free, 0 outer (S), 1 inner (T)
  private readonly vis: Int32Array;
  private readonly flowerFrom: Int32Array; // [blossom][vertex] → sub-blossom
  private readonly flower: number[][];
  private queue: number[] = [];
  private stamp = 0;

  constructor(
    n: number,
    /** adj[u]: u's neighbours (1-based, ascending), the edges the search scans. */
    private readonly adj: Int32Array[],
  ) {
    this.n = n;
    this.size = 2 * n + 1;
    this.nx = n;
    const s = this.size;
    this.eu = new Int32Array(s * s);
    this.ev = new Int32Array(s * s);
    this.ew = new Float64Array(s * s);
    this.lab = new Float64Array(s);
    this.match = new Int32Array(s);
    this.slack = new Int32Array(s);
    this.st = new Int32Array(s);
    this.pa = new Int32Array(s);
    this.label = new Int8Array(s);
    this.vis = new Int32Array(s);
    this.flowerFrom = new Int32Array(s * (n + 1));
    this.flower = Array.from({ length: s }, () => []);
    for (let u = 1; u <= n; u++) {
      for (let v = 1; v <= n; v++) {
        this.eu[u * s + v] = u;
        this.ev[u * s + v] = v;
      }
    }
  }

  setWeight(u: number, v: number, w: number): void {
    this.ew[u * this.size + v] = w;
    this.ew[v * this.size + u] = w;
  }

  /** Reduced cost of the edge stored at [a][b] (twice the usual scale). */
  private delta(a: number, b: number): number {
    const k = a * this.size + b;
    return this.lab[this.eu[k]] + this.lab[this.ev[k]] - this.ew[k] * 2;
  }

  private updateSlack(u: number, x: number): void {
    const sx = this.slack[x];
    if (sx === 0 || this.delta(u, x) < this.delta(sx, x)) this.slack[x] = u;
  }

  private setSlack(x: number): void {
    this.slack[x] = 0;
    const s = this.size;
    for (let u = 1; u <= this.n; u++) {
      if (this.ew[u * s + x] > 0 && this.st[u] !== x && this.label[this.st[u]] === 0) {
        this.updateSlack(u, x);
      }
    }
  }

  private push(x: number): void {
    if (x <= this.n) this.queue.push(x);
    else for (const t of this.flower[x]) this.push(t);
  }

  private setTop(x: number, b: number): void {
    this.st[x] = b;
    if (x > this.n) for (const t of this.flower[x]) this.setTop(t, b);
  }

  /** Position of sub-blossom xr in b's cycle, turning the cycle so it is even. */
  private evenPosition(b: number, xr: number): number {
    const f = this.flower[b];
    const pr = f.indexOf(xr);
    if (pr % 2 === 1) {
      const rest = f.slice(1).reverse();
      f.length = 1;
      f.push(...rest);
      return f.length - pr;
    }
    return pr;
  }

  private setMatch(u: number, v: number): void {
    const s = this.size;
    this.match[u] = this.ev[u * s + v];
    if (u <= this.n) return;
    const xr = this.flowerFrom[u * (this.n + 1) + this.eu[u * s + v]];
    const pr = this.evenPosition(u, xr);
    const f = this.flower[u];
    for (let i = 0; i < pr; i++) this.setMatch(f[i], f[i ^ 1]);
    this.setMatch(xr, v);
    const rotated = f.slice(pr).concat(f.slice(0, pr));
    this.flower[u] = rotated;
  }

  private augment(u: number, v: number): void {
    for (;;) {
      const xnv = this.st[this.match[u]];
      this.setMatch(u, v);
      if (xnv === 0) return;
      this.setMatch(xnv, this.st[this.pa[xnv]]);
      u = this.st[this.pa[xnv]];
      v = xnv;
    }
  }

  private lowestCommonAncestor(u: number, v: number): number {
    this.stamp++;
    while (u !== 0 || v !== 0) {
      if (u === 0) {
        [u, v] = [v, u];
        continue;
      }
      if (this.vis[u] === this.stamp) return u;
      this.vis[u] = this.stamp;
      u = this.st[this.match[u]];
      if (u !== 0) u = this.st[this.pa[u]];
      [u, v] = [v, u];
    }
    return 0;
  }

  private addBlossom(u: number, lca: number, v: number): void {
    const s = this.size;
    const n1 = this.n + 1;
    let b = this.n + 1;
    while (b <= this.nx && this.st[b] !== 0) b++;
    if (b > this.nx) this.nx++;
    this.lab[b] = 0;
    this.label[b] = 0;
    this.match[b] = this.match[lca];
    const f: number[] = [lca];
    for (let x = u; x !== lca;) {
      const y = this.st[this.match[x]];
      f.push(x, y);
      this.push(y);
      x = this.st[this.pa[y]];
    }
    const tail = f.slice(1).reverse();
    f.length = 1;
    f.push(...tail);
    for (let x = v; x !== lca;) {
      const y = this.st[this.match[x]];
      f.push(x, y);
      this.push(y);
      x = this.st[this.pa[y]];
    }
    this.flower[b] = f;
    this.setTop(b, b);
    for (let x = 1; x <= this.nx; x++) {
      this.ew[b * s + x] = 0;
      this.ew[x * s + b] = 0;
    }
    for (let x = 1; x <= this.n; x++) this.flowerFrom[b * n1 + x] = 0;
    for (const xs of f) {
      for (let x = 1; x <= this.nx; x++) {
        if (this.ew[b * s + x] === 0 || this.delta(xs, x) < this.delta(b, x))
          this.copyEdge(b, xs, x);
      }
      for (const x of this.verticesOf(xs)) this.flowerFrom[b * n1 + x] = xs;
    }
    this.setSlack(b);
  }

  private copyEdge(b: number, xs: number, x: number): void {
    const s = this.size;
    this.eu[b * s + x] = this.eu[xs * s + x];
    this.ev[b * s + x] = this.ev[xs * s + x];
    this.ew[b * s + x] = this.ew[xs * s + x];
    this.eu[x * s + b] = this.eu[x * s + xs];
    this.ev[x * s + b] = this.ev[x * s + xs];
    this.ew[x * s + b] = this.ew[x * s + xs];
  }

  /** The vertices inside xs (xs itself for a vertex). */
  private verticesOf(xs: number, out: number[] = []): number[] {
    if (xs <= this.n) out.push(xs);
    else for (const t of this.flower[xs]) this.verticesOf(t, out);
    return out;
  }

  private expandBlossom(b: number): void {
    const s = this.size;
    for (const t of this.flower[b]) this.setTop(t, t);
    const xr = this.flowerFrom[b * (this.n + 1) + this.eu[b * s + this.pa[b]]];
    const pr = this.evenPosition(b, xr);
    const f = this.flower[b];
    for (let i = 0; i < pr; i += 2) {
      const xs = f[i];
      const xns = f[i + 1];
      this.pa[xs] = this.eu[xns * s + xs];
      this.label[xs] = 1;
      this.label[xns] = 0;
      this.slack[xs] = 0;
      this.setSlack(xns);
      this.push(xns);
    }
    this.label[xr] = 1;
    this.pa[xr] = this.pa[b];
    for (let i = pr + 1; i < f.length; i++) {
      this.label[f[i]] = -1;
      this.setSlack(f[i]);
    }
    this.st[b] = 0;
  }

  /** Handles a tight edge out of the search tree; true when it augmented. */
  private foundEdge(a: number, b: number): boolean {
    const s = this.size;
    const eu = this.eu[a * s + b];
    const ev = this.ev[a * s + b];
    const u = this.st[eu];
    const v = this.st[ev];
    if (this.label[v] === -1) {
      this.pa[v] = eu;
      this.label[v] = 1;
      const nu = this.st[this.match[v]];
      this.slack[v] = 0;
      this.slack[nu] = 0;
      this.label[nu] = 0;
      this.push(nu);
    } else if (this.label[v] === 0) {
      const lca = this.lowestCommonAncestor(u, v);
      if (lca === 0) {
        this.augment(u, v);
        this.augment(v, u);
        return true;
      }
      this.addBlossom(u, lca, v);
    }
    return false;
  }

  private moveDuals(d: number): void {
    const n = this.n;
    for (let u = 1; u <= n; u++) {
      const l = this.label[this.st[u]];
      if (l === 0) this.lab[u] -= d;
      else if (l === 1) this.lab[u] += d;
    }
    for (let b = n + 1; b <= this.nx; b++) {
      if (this.st[b] === b) {
        if (this.label[b] === 0) this.lab[b] += d * 2;
        else if (this.label[b] === 1) this.lab[b] -= d * 2;
      }
    }
  }

  /** One phase: grows alternating trees until an augmentation or none is possible. */
  private phase(): boolean {
    const s = this.size;
    const n = this.n;
    this.label.fill(-1, 1, this.nx + 1);
    this.slack.fill(0, 1, this.nx + 1);
    this.queue = [];
    for (let x = 1; x <= this.nx; x++) {
      if (this.st[x] === x && this.match[x] === 0) {
        this.pa[x] = 0;
        this.label[x] = 0;
        this.push(x);
      }
    }
    if (this.queue.length === 0) return false;
    for (;;) {
      for (let qi = 0; qi < this.queue.length; qi++) {
        const u = this.queue[qi];
        if (this.label[this.st[u]] === 1) continue;
        for (const v of this.adj[u]) {
          if (this.ew[u * s + v] > 0 && this.st[u] !== this.st[v]) {
            if (this.delta(u, v) === 0) {
              if (this.foundEdge(u, v)) return true;
            } else this.updateSlack(u, this.st[v]);
          }
        }
      }
      let d = Infinity;
      for (let b = n + 1; b <= this.nx; b++) {
        if (this.st[b] === b && this.label[b] === 1) d = Math.min(d, this.lab[b] / 2);
      }
      for (let x = 1; x <= this.nx; x++) {
        const sx = this.slack[x];
        if (this.st[x] === x && sx !== 0) {
          if (this.label[x] === -1) d = Math.min(d, this.delta(sx, x));
          else if (this.label[x] === 0) d = Math.min(d, this.delta(sx, x) / 2);
        }
      }
      // No augmenting path is left once an outer vertex's label would reach
      // zero; the duals still take that last step (to zero), which leaves
      // the matching as it is and makes them a certificate (`isOptimalFor`).
      let minOuter = Infinity;
      for (let u = 1; u <= n; u++)
        if (this.label[this.st[u]] === 0) minOuter = Math.min(minOuter, this.lab[u]);
      const done = minOuter <= d;
      if (done) d = minOuter;
      this.moveDuals(d);
      if (done) return false;
      this.queue = [];
      for (let x = 1; x <= this.nx; x++) {
        const sx = this.slack[x];
        if (this.st[x] === x && sx !== 0 && this.st[sx] !== x && this.delta(sx, x) === 0) {
          if (this.foundEdge(sx, x)) return true;
        }
      }
      for (let b = n + 1; b <= this.nx; b++) {
        if (this.st[b] === b && this.label[b] === 1 && this.lab[b] === 0) this.expandBlossom(b);
      }
    }
  }

  /** Whether every unmatched vertex's label is zero (complementary slackness). */
  freeAtZero(): boolean {
    for (let u = 1; u <= this.n; u++) if (this.match[u] === 0 && this.lab[u] !== 0) return false;
    return true;
  }

  private parent: Int32Array | null = null;

  /**
   * Reduced cost of a pair u–v of weight w that the solver was not given:
   * both labels and every blossom holding both. Non-negative for every such
   * pair means the duals are feasible for the whole graph too.
   */
  slackOf(u: number, v: number, w: number): number {
    let z = 0;
    if (this.st[u] === this.st[v] && this.st[u] > this.n) {
      const parent = this.parents();
      this.stamp++;
      for (let b = parent[u]; b !== 0; b = parent[b]) this.vis[b] = this.stamp;
      for (let b = parent[v]; b !== 0; b = parent[b])
        if (this.vis[b] === this.stamp) z += this.lab[b];
    }
    return this.lab[u] + this.lab[v] - 2 * w + z;
  }

  /** The blossom directly holding each vertex or blossom (0: top level). */
  private parents(): Int32Array {
    if (this.parent) return this.parent;
    const parent = new Int32Array(this.size);
    for (let b = this.n + 1; b <= this.nx; b++)
      if (this.st[b] !== 0) for (const t of this.flower[b]) parent[t] = b;
    this.parent = parent;
    return parent;
  }

  solve(): Int32Array {
    const n = this.n;
    const s = this.size;
    const n1 = n + 1;
    let wMax = 0;
    for (let u = 1; u <= n; u++) {
      this.st[u] = u;
      this.flowerFrom[u * n1 + u] = u;
      for (const v of this.adj[u]) wMax = Math.max(wMax, this.ew[u * s + v]);
    }
    for (let u = 1; u <= n; u++) this.lab[u] = wMax;
    while (this.phase()) {
      /* each phase augments once */
    }
    return this.match.slice(0, n + 1);
  }
}
