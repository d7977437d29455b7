/**
 * The sparse candidate graph the matcher starts from above FULL_GRAPH_UP_TO
 * vertices, and its widening by the pairs the solver's duals leave violated
 * (decision 0148). `costs` is the n×n cost table, -1 where a pair may not meet.
 */

/** What widening reads of a solved matching: a pair's reduced cost (slack) under its duals. */
export interface Duals {
  slackOf(u: number, v: number, weight: number): number;
}

/** Above it (decision 0148): each vertex's share of the cheapest pairs… */
const CHEAPEST_PER_VERTEX = 16;
/** …and its cheapest few on each of its lowest cost levels. */
const PER_LEVEL = 2;
const LEVELS = 4;

/**
 * Adds each vertex's most violated missing pair; false when none is
 * violated. (Adding every violated pair at once fills the graph: with the
 * many ties of a pairing, most missing pairs look violated at first.)
 */
export function widen(
  n: number,
  costs: Float64Array,
  big: number,
  inGraph: Uint8Array,
  solver: Duals,
): boolean {
  const worst = new Float64Array(n);
  const worstJ = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const k = i * n + j;
      const c = costs[k];
      if (c < 0 || inGraph[k]) continue;
      const slack = solver.slackOf(i + 1, j + 1, big - c);
      if (slack >= 0) continue;
      if (slack < worst[i]) {
        worst[i] = slack;
        worstJ[i] = j;
      }
      if (slack < worst[j]) {
        worst[j] = slack;
        worstJ[j] = i;
      }
    }
  }
  let widened = false;
  for (let i = 0; i < n; i++) {
    const j = worstJ[i];
    if (j < 0) continue;
    inGraph[i * n + j] = inGraph[j * n + i] = 1;
    widened = true;
  }
  return widened;
}

/**
 * The first graph: the cheapest pairs taken greedily while both ends have
 * fewer than CHEAPEST_PER_VERTEX (so the cheap pairs are shared out: in a
 * Swiss score group everyone's cheapest partners are the same few, the
 * widest spread gaps), plus each vertex's PER_LEVEL cheapest on each of its
 * lowest LEVELS cost levels (a level is a power of two, so a Swiss player
 * also gets partners in the score groups next to theirs). Ties go to the
 * nearest index, then the lower.
 */
export function candidateEdges(n: number, costs: Float64Array): Uint8Array {
  const inGraph = new Uint8Array(n * n);
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) if (costs[i * n + j] >= 0) ids.push(i * n + j);
  const gap = (id: number) => (id % n) - Math.floor(id / n);
  ids.sort((x, y) => costs[x] - costs[y] || gap(x) - gap(y) || x - y);
  const degree = new Int32Array(n);
  for (const id of ids) {
    const i = Math.floor(id / n);
    const j = id % n;
    if (degree[i] >= CHEAPEST_PER_VERTEX || degree[j] >= CHEAPEST_PER_VERTEX) continue;
    degree[i]++;
    degree[j]++;
    inGraph[id] = inGraph[j * n + i] = 1;
  }
  const levels = 64;
  const keys = new Float64Array(levels * PER_LEVEL);
  const js = new Int32Array(levels * PER_LEVEL);
  const have = new Int32Array(levels);
  for (let i = 0; i < n; i++) {
    have.fill(0);
    for (let j = 0; j < n; j++) {
      const c = costs[i * n + j];
      if (c < 0 || j === i) continue;
      const level =
        c < 2 ** 31 ? 32 - Math.clz32(c) : Math.min(levels - 1, 1 + Math.floor(Math.log2(c)));
      const base = level * PER_LEVEL;
      const key = c * n + Math.abs(i - j);
      if (have[level] === PER_LEVEL && key >= keys[base + PER_LEVEL - 1]) continue;
      let at = have[level] < PER_LEVEL ? have[level]++ : PER_LEVEL - 1;
      while (at > 0 && keys[base + at - 1] > key) {
        keys[base + at] = keys[base + at - 1];
        js[base + at] = js[base + at - 1];
        at--;
      }
      keys[base + at] = key;
      js[base + at] = j;
    }
    for (let level = 0, taken = 0; level < levels && taken < LEVELS; level++) {
      if (have[level] === 0) continue;
      taken++;
      for (let x = 0; x < have[level]; x++) {
        const j = js[level * PER_LEVEL + x];
        inGraph[i * n + j] = inGraph[j * n + i] = 1;
      }
    }
  }
  return inGraph;
}
