import { GraphBuilder } from './builder.ts';
import { MAX_TILE, SEPARATOR } from './graph.ts';

/** Longest word the graph accepts at all (super boards are 21 wide). */
export const MAX_WORD_LENGTH = 21;

export interface CompiledGraph {
  readonly nodes: Uint32Array;
  /** Distinct words in the graph. */
  readonly wordCount: number;
}

/**
 * A batch of equal-stride strings in one flat buffer: string i occupies
 * `buf[i * stride .. i * stride + len[i])`. Keeping millions of short strings
 * this way avoids one object per string.
 */
interface Strings {
  buf: Uint8Array;
  len: Uint8Array;
  count: number;
  stride: number;
}

function newStrings(capacity: number, stride: number): Strings {
  return {
    buf: new Uint8Array(Math.max(1, capacity) * stride),
    len: new Uint8Array(Math.max(1, capacity)),
    count: 0,
    stride,
  };
}

function grow(s: Strings): Strings {
  const bigger = newStrings(s.len.length * 2, s.stride);
  bigger.buf.set(s.buf);
  bigger.len.set(s.len);
  bigger.count = s.count;
  return bigger;
}

/**
 * Ascending order of the strings (a shorter string first on a common prefix).
 *
 * MSD radix sort: distribute the range by the byte at `depth` (end of string
 * counts as the smallest key), then sort each bucket one byte deeper; small
 * ranges fall back to insertion sort. Every step is integer work on flat
 * arrays, several times faster than a comparison sort with a callback.
 */
function sortedOrder(s: Strings): Uint32Array {
  const { buf, len, stride, count } = s;
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const tmp = new Uint32Array(count);
  const KEYS = MAX_TILE + 2;
  const counts = new Int32Array((stride + 1) * (KEYS + 1));
  const key = (i: number, depth: number) => (depth < len[i] ? buf[i * stride + depth] + 1 : 0);

  const insertion = (lo: number, hi: number, depth: number) => {
    for (let a = lo + 1; a < hi; a++) {
      const x = order[a];
      let b = a - 1;
      while (b >= lo && compareFrom(order[b], x, depth) > 0) {
        order[b + 1] = order[b];
        b--;
      }
      order[b + 1] = x;
    }
  };
  const compareFrom = (a: number, b: number, depth: number) => {
    const la = len[a];
    const lb = len[b];
    const n = la < lb ? la : lb;
    for (let i = depth; i < n; i++) {
      const d = buf[a * stride + i] - buf[b * stride + i];
      if (d !== 0) return d;
    }
    return la - lb;
  };
  const sort = (lo: number, hi: number, depth: number): void => {
    if (hi - lo < 24) return insertion(lo, hi, depth);
    const c = depth * (KEYS + 1);
    counts.fill(0, c, c + KEYS + 1);
    for (let i = lo; i < hi; i++) counts[c + key(order[i], depth) + 1]++;
    for (let k = 1; k <= KEYS; k++) counts[c + k] += counts[c + k - 1];
    for (let i = lo; i < hi; i++) {
      const o = order[i];
      tmp[lo + counts[c + key(o, depth)]++] = o;
    }
    order.set(tmp.subarray(lo, hi), lo);
    // After the pass counts[c + k] is the end of bucket k; bucket 0 (ended) is done.
    let start = lo + counts[c];
    for (let k = 1; k < KEYS; k++) {
      const end = lo + counts[c + k];
      if (end - start > 1) sort(start, end, depth + 1);
      start = end;
    }
  };
  if (count > 1) sort(0, count, 0);
  return order;
}

/**
 * Compiles words (machine letters 1..63, no blank bits) into one graph with a
 * DAWG and a GADDAG. Duplicates are merged; an empty or over-long word, or a
 * letter outside 1..63, is an error (tokenising and filtering happen before).
 *
 * The DAWG is built from the sorted words. The GADDAG strings of all words
 * would be about (average length) times as many, so they are produced one
 * anchor letter at a time: every word position is first bucketed by its
 * letter (a counting sort over packed word/position pairs), then each bucket's
 * strings are written, sorted and fed to the builder. Buckets are processed in
 * tile order, which keeps the overall input sorted as the builder requires.
 */
export function compileGraph(words: Iterable<ArrayLike<number>>, maxLength = 15): CompiledGraph {
  if (maxLength < 1 || maxLength > MAX_WORD_LENGTH) throw new Error('bad maximum word length');
  // Words are copied into one flat buffer as they stream in (no per-word objects).
  let all = newStrings(1024, maxLength);
  for (const word of words) {
    const n = word.length;
    if (n === 0 || n > maxLength) throw new Error(`word length ${n} out of range`);
    if (all.count === all.len.length) all = grow(all);
    const off = all.count * all.stride;
    for (let i = 0; i < n; i++) {
      const t = word[i];
      if (!(t >= 1 && t <= MAX_TILE)) throw new Error(`tile ${t} out of range`);
      all.buf[off + i] = t;
    }
    all.len[all.count++] = n;
  }

  const builder = new GraphBuilder(maxLength + 1);
  const order = sortedOrder(all);
  // Reuse the order array: its first `n` entries become the distinct words.
  let n = 0;
  for (const i of order) {
    if (builder.add(all.buf, i * all.stride, all.len[i])) order[n++] = i;
  }
  const unique = order.subarray(0, n);
  const dawg = builder.finish();
  const gaddag = buildGaddag(builder, all, unique, dawg);
  return { nodes: builder.result(dawg, gaddag), wordCount: unique.length };
}

/**
 * The GADDAG path of word c0..cn-1 split at anchor k is ck..c0, SEPARATOR,
 * ck+1..cn-1. Whatever follows "ck..c0 SEPARATOR" is exactly the set of
 * endings that complete the prefix c0..ck into a word, which is the DAWG's
 * child list after c0..ck. So only "ck..c0 SEPARATOR" is built and the
 * separator arc is pointed at that DAWG list: the result is the same minimal
 * graph the full strings would give, for about half the work.
 */
function buildGaddag(
  builder: GraphBuilder,
  words: Strings,
  unique: Uint32Array,
  dawgRoot: number,
): number {
  // Count, then place, every (word, split) pair by the letter at the split.
  const counts = new Uint32Array(MAX_TILE + 2);
  for (const w of unique) {
    const off = w * words.stride;
    for (let k = 0; k < words.len[w]; k++) counts[words.buf[off + k] + 1]++;
  }
  for (let t = 1; t < counts.length; t++) counts[t] += counts[t - 1];
  const pairs = new Uint32Array(counts[MAX_TILE + 1]);
  const fill = counts.slice();
  for (const w of unique) {
    const off = w * words.stride;
    for (let k = 0; k < words.len[w]; k++) {
      // k is the 0-based position of the anchor letter; 5 bits are enough.
      pairs[fill[words.buf[off + k]]++] = ((w << 5) | k) >>> 0;
    }
  }
  const stride = words.stride + 1;
  for (let t = 1; t <= MAX_TILE; t++) {
    const from = counts[t];
    const to = counts[t + 1];
    if (from === to) continue;
    const bucket = newStrings(to - from, stride);
    const child = new Uint32Array(to - from);
    for (let p = from; p < to; p++) {
      const w = pairs[p] >>> 5;
      const k = pairs[p] & 31;
      const src = w * words.stride;
      const n = words.len[w];
      const dst = bucket.count * stride;
      let j = 0;
      for (let i = k; i >= 0; i--) bucket.buf[dst + j++] = words.buf[src + i];
      if (k < n - 1) {
        bucket.buf[dst + j++] = SEPARATOR;
        child[bucket.count] = builder.childAfter(dawgRoot, words.buf, src, k + 1);
      }
      bucket.len[bucket.count++] = j;
    }
    for (const i of sortedOrder(bucket)) {
      builder.add(bucket.buf, i * stride, bucket.len[i], child[i]);
    }
  }
  return builder.finish();
}
