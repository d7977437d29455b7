/**
 * One endgame node's moves: references into the root list (`ref >= 0`) or
 * the node's own freshly generated plays (`ref < 0`, play `-ref - 1` of
 * `fresh`), with their ordering keys and signatures, picked best first.
 */
import { MoveList } from '../movegen/moves.ts';

/** Moves picked by selection before the rest of a node's list is sorted. */
const LAZY_PICKS = 6;

/** One node's move references, ordering keys and freshly generated plays. */
export class NodePlays {
  count = 0;
  /** Filled with kept root plays only while changed lines wait for generation (`addFresh`). */
  stale = false;
  refs = new Int32Array(512);
  keys = new Float64Array(512);
  sigs = new Int32Array(512);
  readonly fresh = new MoveList(256);
  private perm = new Int32Array(512);
  private tmpRefs = new Int32Array(512);
  private tmpSigs = new Int32Array(512);
  private tmpKeys = new Float64Array(512);
  private readonly byKey = (a: number, b: number): number => this.keys[b] - this.keys[a];

  /**
   * Put the best remaining entry at position k (call with k = 0, 1, 2 ...).
   * Lazy selection: most nodes cut off after a move or two, so sorting them
   * all would be wasted; a node that gets past the first few sorts the rest
   * once.
   */
  pick(k: number): void {
    if (k >= LAZY_PICKS) {
      if (k === LAZY_PICKS) this.sortFrom(k);
      return;
    }
    const { refs, keys, sigs, count } = this;
    let b = k;
    for (let j = k + 1; j < count; j++) if (keys[j] > keys[b]) b = j;
    if (b === k) return;
    const r = refs[k];
    refs[k] = refs[b];
    refs[b] = r;
    const key = keys[k];
    keys[k] = keys[b];
    keys[b] = key;
    const s = sigs[k];
    sigs[k] = sigs[b];
    sigs[b] = s;
  }

  /** Entries from `from` on were appended after picking began: keep them in pick order. */
  appended(from: number): void {
    if (from > LAZY_PICKS) this.sortFrom(from);
  }

  /** Sort entries `from..count` by key, best first. */
  sortFrom(from: number): void {
    const n = this.count - from;
    if (n < 2) return;
    if (this.perm.length < n) {
      this.perm = new Int32Array(this.refs.length);
      this.tmpRefs = new Int32Array(this.refs.length);
      this.tmpSigs = new Int32Array(this.refs.length);
      this.tmpKeys = new Float64Array(this.refs.length);
    }
    const perm = this.perm.subarray(0, n);
    for (let j = 0; j < n; j++) perm[j] = from + j;
    perm.sort(this.byKey);
    for (let j = 0; j < n; j++) {
      const s = perm[j];
      this.tmpRefs[j] = this.refs[s];
      this.tmpSigs[j] = this.sigs[s];
      this.tmpKeys[j] = this.keys[s];
    }
    for (let j = 0; j < n; j++) {
      this.refs[from + j] = this.tmpRefs[j];
      this.sigs[from + j] = this.tmpSigs[j];
      this.keys[from + j] = this.tmpKeys[j];
    }
  }

  ensure(n: number): void {
    if (n <= this.refs.length) return;
    let cap = this.refs.length;
    while (cap < n) cap *= 2;
    const refs = new Int32Array(cap);
    refs.set(this.refs);
    this.refs = refs;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    this.keys = keys;
    const sigs = new Int32Array(cap);
    sigs.set(this.sigs);
    this.sigs = sigs;
  }
}
