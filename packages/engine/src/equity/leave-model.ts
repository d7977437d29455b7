/**
 * Leave values: what the tiles kept on the rack are worth, in points, on top
 * of a move's score.
 *
 * The model is additive and small enough to ship as a few kilobytes:
 *
 *   V(leave) = sum over letters L of single[L][min(count, 3)]
 *            + sum over pairs of distinct letters L < M both kept of pair[L][M]
 *            + balance[vowels][consonants]
 *            - balance[0][0]                       (so V(empty) = 0)
 *
 * `single` captures each tile's own worth and the cost of duplicates,
 * `pair` the synergies (QU, ER, ING-ish pairs, the cost of Q with no U),
 * `balance` the vowel/consonant mix. Blanks are a letter like any other
 * (machine letter 0) and count as neither vowel nor consonant.
 *
 * The numbers are fitted by Tessera's own self-play (equity/train.ts,
 * `tessera leaves`), never copied from elsewhere.
 */
import type { LetterSet } from '../tiles/letter-sets.ts';

/** The JSON form stored in equity/data/<LEXICON>.leaves.json. */
export interface LeaveData {
  readonly version: 1;
  readonly lexicon: string;
  readonly letterSet: string;
  /** How the values were made (games, iterations, seed), for the record. */
  readonly provenance: string;
  /** letterCount * 4 values: index L*4 + c for c copies (c = 1..3; index 0 unused). */
  readonly single: readonly number[];
  /** Non-zero pair synergies as [L, M, value] with L < M. */
  readonly pairs: readonly (readonly [number, number, number])[];
  /** 8 * 8 values: index v*8 + c. */
  readonly balance: readonly number[];
}

export const MAX_COPIES = 3;

export class LeaveModel {
  readonly single: Float64Array;
  readonly pair: Float64Array;
  readonly balance: Float64Array;
  readonly letterCount: number;
  private readonly vowel: Uint8Array;
  private readonly present = new Int32Array(8);

  constructor(
    readonly set: LetterSet,
    data?: LeaveData,
  ) {
    const n = set.size;
    this.letterCount = n;
    this.single = new Float64Array(n * 4);
    this.pair = new Float64Array(n * n);
    this.balance = new Float64Array(64);
    this.vowel = Uint8Array.from(set.letters, (l) => (l.vowel ? 1 : 0));
    if (data) {
      this.single.set(data.single.slice(0, n * 4));
      for (const [a, b, v] of data.pairs) if (a < n && b < n) this.pair[a * n + b] = v;
      this.balance.set(data.balance.slice(0, 64));
    }
  }

  /** A model worth nothing (score-only equity). */
  static zero(set: LetterSet): LeaveModel {
    return new LeaveModel(set);
  }

  /** Value of a leave given as counts per machine letter (0 = blanks). */
  value(counts: ArrayLike<number>): number {
    const n = this.letterCount;
    let v = 0;
    let vowels = 0;
    let consonants = 0;
    let k = 0;
    for (let t = 0; t < n; t++) {
      const c = counts[t];
      if (c === 0) continue;
      v += this.single[t * 4 + (c > MAX_COPIES ? MAX_COPIES : c)];
      if (t > 0) {
        if (this.vowel[t]) vowels += c;
        else consonants += c;
      }
      if (k < 8) this.present[k++] = t;
    }
    for (let i = 0; i < k; i++) {
      const row = this.present[i] * n;
      for (let j = i + 1; j < k; j++) v += this.pair[row + this.present[j]];
    }
    return (
      v +
      this.balance[(vowels > 7 ? 7 : vowels) * 8 + (consonants > 7 ? 7 : consonants)] -
      this.balance[0]
    );
  }

  toData(lexicon: string, provenance: string): LeaveData {
    const n = this.letterCount;
    const round = (x: number) => Math.round(x * 100) / 100;
    const pairs: [number, number, number][] = [];
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const v = round(this.pair[a * n + b]);
        if (v !== 0) pairs.push([a, b, v]);
      }
    }
    return {
      version: 1,
      lexicon,
      letterSet: this.set.name,
      provenance,
      single: Array.from(this.single, round),
      pairs,
      balance: Array.from(this.balance, round),
    };
  }
}
