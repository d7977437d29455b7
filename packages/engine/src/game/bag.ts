/**
 * The bag: the tiles not on the board or on a rack, plus the generator that
 * decides which come out next.
 *
 * Stored as a flat Uint8Array used as an unordered pool. Drawing picks a
 * random slot and moves the last tile into it (swap-remove, O(1)); returning
 * tiles appends them. The result depends only on the seed and the sequence of
 * operations, which is what makes a game reproducible from its events.
 */
import { BLANK, BLANK_BIT, type LetterSet } from '../tiles/letter-sets.ts';
import { Prng, type PrngState } from './prng.ts';

export class Bag {
  private tiles: Uint8Array;
  private count = 0;

  constructor(
    readonly set: LetterSet,
    private rng: Prng,
    capacity = set.tileCount,
  ) {
    this.tiles = new Uint8Array(capacity);
  }

  /** A full bag for the letter set, in machine-letter order, with a seeded generator. */
  static full(set: LetterSet, seed: number): Bag {
    const bag = new Bag(set, Prng.seeded(seed));
    set.letters.forEach((l, code) => {
      for (let i = 0; i < l.count; i++) bag.put(code);
    });
    return bag;
  }

  static restore(set: LetterSet, tiles: ArrayLike<number>, rngState: readonly number[]): Bag {
    const bag = new Bag(set, Prng.fromState(rngState), Math.max(set.tileCount, tiles.length));
    for (let i = 0; i < tiles.length; i++) bag.put(tiles[i]);
    return bag;
  }

  get size(): number {
    return this.count;
  }

  rngState(): PrngState {
    return this.rng.state();
  }

  put(tile: number): void {
    if (this.count === this.tiles.length) {
      const grown = new Uint8Array(this.tiles.length * 2 + 8);
      grown.set(this.tiles);
      this.tiles = grown;
    }
    // A blank played as a letter goes back as a plain blank.
    this.tiles[this.count++] = tile & BLANK_BIT ? BLANK : tile;
  }

  /** Draw one random tile; -1 when empty. */
  draw(): number {
    if (this.count === 0) return -1;
    const i = this.rng.below(this.count);
    const tile = this.tiles[i];
    this.tiles[i] = this.tiles[--this.count];
    return tile;
  }

  /** Remove one specific tile (setting a rack by hand); false if none is left. */
  take(tile: number): boolean {
    for (let i = this.count - 1; i >= 0; i--) {
      if (this.tiles[i] === tile) {
        this.tiles[i] = this.tiles[--this.count];
        return true;
      }
    }
    return false;
  }

  has(tile: number): boolean {
    for (let i = 0; i < this.count; i++) if (this.tiles[i] === tile) return true;
    return false;
  }

  /** The tiles in the bag, in pool order. */
  contents(): Uint8Array {
    return this.tiles.slice(0, this.count);
  }

  /** Count of each machine letter in the bag. */
  counts(): Uint8Array {
    const out = new Uint8Array(this.set.size);
    for (let i = 0; i < this.count; i++) out[this.tiles[i]]++;
    return out;
  }

  clone(): Bag {
    return Bag.restore(this.set, this.contents(), this.rng.state());
  }
}
