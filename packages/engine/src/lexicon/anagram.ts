import { BLANK_BIT, LETTER_MASK } from '../tiles/letter-sets.ts';
import { ACCEPTS_BIT, CHILD_MASK, END_BIT, MAX_TILE, TILE_SHIFT, dawgRoot } from './graph.ts';

export interface AnagramOptions {
  /** 'full' uses every tile of the rack; 'sub' (default) any 2 or more of them. */
  readonly mode?: 'full' | 'sub';
  /** Shortest word reported (default 2). */
  readonly minLength?: number;
  /** Stop after this many words. */
  readonly limit?: number;
}

/**
 * Words that can be made from a rack (machine letters, 0 = blank).
 *
 * A depth-first walk of the DAWG carrying the rack as per-letter counts: at
 * each list we try every child whose tile we still hold, else spend a blank
 * on it. Whole branches die as soon as the rack cannot continue them, so the
 * work is proportional to the reachable part of the graph, not to the number
 * of tile permutations. A real tile is always preferred to a blank, so every
 * word is reported once, with the fewest blanks; letters played by a blank
 * carry the blank bit (0x80). Words come out in alphabetical (tile) order.
 */
export function anagrams(
  nodes: Uint32Array,
  rack: ArrayLike<number>,
  options: AnagramOptions = {},
): Uint8Array[] {
  const counts = new Int32Array(MAX_TILE + 1);
  let blanks = 0;
  for (let i = 0; i < rack.length; i++) {
    const t = rack[i] & LETTER_MASK;
    if (t === 0) blanks++;
    else counts[t]++;
  }
  const full = options.mode === 'full';
  const size = rack.length;
  const minLength = full ? size : Math.max(1, options.minLength ?? 2);
  const limit = options.limit ?? Infinity;
  const out: Uint8Array[] = [];
  const word = new Uint8Array(Math.max(1, size));

  const walk = (list: number, depth: number): boolean => {
    for (let i = list; ; i++) {
      const node = nodes[i];
      const t = node >>> TILE_SHIFT;
      let played = -1;
      if (counts[t] > 0) {
        counts[t]--;
        played = t;
      } else if (blanks > 0) {
        blanks--;
        played = t | BLANK_BIT;
      }
      if (played >= 0) {
        word[depth] = played;
        if ((node & ACCEPTS_BIT) !== 0 && depth + 1 >= minLength) {
          out.push(word.slice(0, depth + 1));
          if (out.length >= limit) return false;
        }
        const child = node & CHILD_MASK;
        const go = child !== 0 && depth + 1 < size ? walk(child, depth + 1) : true;
        if (played & BLANK_BIT) blanks++;
        else counts[t]++;
        if (!go) return false;
      }
      if ((node & END_BIT) !== 0) return true;
    }
  };
  const root = dawgRoot(nodes);
  if (root !== 0 && size > 0) walk(root, 0);
  return out;
}

/**
 * Whether some word of the lexicon uses exactly these letters (the wordsmog
 * rule: a play is valid when it is an anagram of a valid word). Blank bits
 * are ignored. Same walk as `anagrams`, full length only, stopping at the
 * first hit and allocating nothing but the letter counts.
 */
export function hasAnagram(nodes: Uint32Array, word: ArrayLike<number>): boolean {
  const size = word.length;
  if (size === 0) return false;
  const counts = new Int32Array(MAX_TILE + 1);
  for (let i = 0; i < size; i++) {
    const t = word[i] & LETTER_MASK;
    if (t === 0 || t > MAX_TILE) return false;
    counts[t]++;
  }
  const walk = (list: number, depth: number): boolean => {
    for (let i = list; ; i++) {
      const node = nodes[i];
      const t = node >>> TILE_SHIFT;
      if (counts[t] > 0) {
        if (depth + 1 === size) {
          if ((node & ACCEPTS_BIT) !== 0) return true;
        } else {
          const child = node & CHILD_MASK;
          if (child !== 0) {
            counts[t]--;
            const found = walk(child, depth + 1);
            counts[t]++;
            if (found) return true;
          }
        }
      }
      if ((node & END_BIT) !== 0) return false;
    }
  };
  const root = dawgRoot(nodes);
  return root !== 0 && walk(root, 0);
}
