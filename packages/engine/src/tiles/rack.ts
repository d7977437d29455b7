/**
 * A rack as counts per machine letter (index 0 counts blanks). Counting makes
 * "are these tiles on the rack?" a pass over the played tiles with no search,
 * and the order players arrange their tiles in never matters to the rules.
 */
import { BLANK_BIT, type LetterSet } from './letter-sets.ts';

export const RACK_SIZE = 7;

// Local copy for the per-tile path (see rules/score.ts on imported bindings).
const BLANK_FLAG = BLANK_BIT;

export class Rack {
  readonly counts: Uint8Array;
  private total = 0;

  constructor(readonly set: LetterSet) {
    this.counts = new Uint8Array(set.size);
  }

  static of(set: LetterSet, tiles: ArrayLike<number>): Rack {
    const rack = new Rack(set);
    rack.addAll(tiles);
    return rack;
  }

  get size(): number {
    return this.total;
  }

  clear(): void {
    this.counts.fill(0);
    this.total = 0;
  }

  add(tile: number): void {
    this.counts[tile]++;
    this.total++;
  }

  addAll(tiles: ArrayLike<number>): void {
    for (let i = 0; i < tiles.length; i++) this.add(tiles[i]);
  }

  /** Remove one tile; false (and no change) if it is not there. */
  remove(tile: number): boolean {
    if (this.counts[tile] === 0) return false;
    this.counts[tile]--;
    this.total--;
    return true;
  }

  /** Rack tile a played tile comes from: a blank for a lowercase (blank-bit) letter. */
  static source(played: number): number {
    return played & BLANK_FLAG ? 0 : played;
  }

  /**
   * Whether the rack holds every tile of `played` (blank-bit letters need a
   * blank; 0 entries, played-through squares, are skipped). Allocation-free.
   */
  holds(played: ArrayLike<number>, skipZero = true): boolean {
    const counts = this.counts;
    let ok = true;
    let i = 0;
    for (; i < played.length; i++) {
      const t = played[i];
      if (t === 0 && skipZero) continue;
      const src = Rack.source(t);
      if (counts[src] === 0) {
        ok = false;
        break;
      }
      counts[src]--;
    }
    // Put back what was borrowed.
    for (let j = 0; j < i; j++) {
      const t = played[j];
      if (t === 0 && skipZero) continue;
      counts[Rack.source(t)]++;
    }
    return ok;
  }

  /** The tiles in machine-letter order (blanks first). */
  tiles(): Uint8Array {
    const out = new Uint8Array(this.total);
    let k = 0;
    for (let code = 0; code < this.counts.length; code++) {
      for (let n = this.counts[code]; n > 0; n--) out[k++] = code;
    }
    return out;
  }

  /** Sum of tile values (a blank is worth 0). */
  value(): number {
    let sum = 0;
    for (let code = 1; code < this.counts.length; code++) {
      sum += this.counts[code] * this.set.scores[code];
    }
    return sum;
  }

  equals(other: Rack): boolean {
    if (other.total !== this.total) return false;
    for (let i = 0; i < this.counts.length; i++) {
      if (this.counts[i] !== other.counts[i]) return false;
    }
    return true;
  }

  clone(): Rack {
    const copy = new Rack(this.set);
    copy.counts.set(this.counts);
    copy.total = this.total;
    return copy;
  }
}
