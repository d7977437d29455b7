/**
 * A small, fast, seedable pseudo-random generator so that a game's draws can
 * be reproduced exactly from its seed (replays, tests, bots with fixed seeds).
 *
 * Generator: xoshiro128** (Blackman and Vigna). The state is four 32-bit
 * words. Each step produces its output from the second word alone, by
 * multiplying by 5, rotating left 7 bits and multiplying by 9; it then stirs
 * the four words into each other with exclusive-ors, folds in the second word
 * shifted left 9 bits, and rotates the last word left 11 bits. Period 2^128-1.
 *
 * Seeding: a single 32-bit seed is spread over the four words with splitmix32,
 * which steps a counter by a fixed odd constant (the golden-ratio Weyl step)
 * and scrambles each value with two rounds of xor-shift-and-multiply. This
 * keeps nearby seeds (1, 2, 3...) from giving correlated streams and never
 * yields the all-zero state.
 *
 * Not for anything security-related. All arithmetic is 32-bit (Math.imul,
 * >>> 0) so it behaves the same in every JavaScript engine.
 */

export type PrngState = [number, number, number, number];

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  private constructor(state: PrngState) {
    [this.s0, this.s1, this.s2, this.s3] = state;
  }

  static seeded(seed: number): Prng {
    const next = splitmix32(seed);
    return new Prng([next(), next(), next(), next()]);
  }

  static fromState(state: readonly number[]): Prng {
    if (state.length !== 4 || state.every((w) => w === 0)) {
      throw new RangeError('a PRNG state is four 32-bit words, not all zero');
    }
    return new Prng([state[0] >>> 0, state[1] >>> 0, state[2] >>> 0, state[3] >>> 0]);
  }

  state(): PrngState {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  /** Next 32-bit unsigned value. */
  next(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 = (this.s2 ^ this.s0) >>> 0;
    this.s3 = (this.s3 ^ this.s1) >>> 0;
    this.s1 = (this.s1 ^ this.s2) >>> 0;
    this.s0 = (this.s0 ^ this.s3) >>> 0;
    this.s2 = (this.s2 ^ t) >>> 0;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * A value in [0, n): floor(x * n / 2^32) for the next 32-bit x, exact in
   * doubles; the bias is below n / 2^32, negligible for a bag of a few hundred.
   */
  below(n: number): number {
    return Math.floor((this.next() / 0x1_0000_0000) * n);
  }
}
