/** Small deterministic generators shared by the lexicon tests. */

/** Mulberry32: a tiny seeded PRNG so property tests replay identically. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random words over tiles 1..alphabet, lengths 1..maxLen, skewed to short. */
export function randomWords(
  seed: number,
  count: number,
  alphabet: number,
  maxLen: number,
): Uint8Array[] {
  const r = rng(seed);
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const len = 1 + Math.floor(r() * r() * maxLen);
    const w = new Uint8Array(len);
    for (let k = 0; k < len; k++) w[k] = 1 + Math.floor(r() * r() * alphabet);
    out.push(w);
  }
  return out;
}

export const key = (w: ArrayLike<number>): string => Array.from(w).join(',');
