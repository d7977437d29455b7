import { tokenizeWord, type Lexicon } from '@tessera/engine';

/** A random source in [0, 1) (Math.random in the app, fixed in tests). */
export type Random = () => number;

export function pick<T>(items: readonly T[], random: Random): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

/** Every word of exactly `length` tiles, in tile order. */
export function wordsOfLength(lexicon: Lexicon, length: number): Uint8Array[] {
  return lexicon.match('?'.repeat(length));
}

/** The word's tiles in a random order, written out one tile each. */
export function shuffledRack(lexicon: Lexicon, word: ArrayLike<number>, random: Random): string[] {
  const tiles = Array.from(word);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles.map((t) => lexicon.format([t]));
}

/** Every valid word using all of the word's tiles (the word itself included), sorted. */
export function anagramsOf(lexicon: Lexicon, word: ArrayLike<number>): string[] {
  const found = lexicon.anagrams(word, { mode: 'full' }).map((w) => lexicon.format(w));
  return [...new Set(found)].sort();
}

export interface AnagramCheck {
  found: string[];
  missed: string[];
  /** Typed words that are not anagrams of the rack in this lexicon. */
  wrong: string[];
}

/** Compares what the user typed (words separated by spaces, commas or lines) with the answers. */
export function checkAnagrams(
  lexicon: Lexicon,
  answers: readonly string[],
  typed: string,
): AnagramCheck {
  const guesses = new Set<string>();
  for (const raw of typed.split(/[\s,;]+/)) {
    if (!raw) continue;
    const tiles = tokenizeWord(lexicon.letterSet, raw);
    guesses.add(tiles ? lexicon.format(tiles) : raw.toUpperCase());
  }
  const valid = new Set(answers);
  return {
    found: answers.filter((a) => guesses.has(a)),
    missed: answers.filter((a) => !guesses.has(a)),
    wrong: [...guesses].filter((g) => !valid.has(g)).sort(),
  };
}

/** The distinct tiles used by some words (the letters a misspelling may use). */
export function alphabetOf(words: readonly ArrayLike<number>[]): number[] {
  const seen = new Set<number>();
  for (const w of words) for (let i = 0; i < w.length; i++) seen.add(w[i]);
  return [...seen].sort((a, b) => a - b);
}

/**
 * A plausible misspelling: the word with one tile changed so that it is no
 * longer a word; null when a few tries find none.
 */
export function misspelling(
  lexicon: Lexicon,
  word: ArrayLike<number>,
  alphabet: readonly number[],
  random: Random,
): Uint8Array | null {
  if (word.length === 0 || alphabet.length < 2) return null;
  for (let attempt = 0; attempt < 40; attempt++) {
    const changed = Uint8Array.from(word);
    const at = Math.floor(random() * changed.length);
    const tile = pick(alphabet, random)!;
    if (tile === changed[at]) continue;
    changed[at] = tile;
    if (!lexicon.has(changed)) return changed;
  }
  return null;
}

export interface SpellingQuestion {
  text: string;
  valid: boolean;
}

/** Half the time a word of the pool, else a one-tile misspelling of one. */
export function spellingQuestion(
  lexicon: Lexicon,
  pool: readonly Uint8Array[],
  alphabet: readonly number[],
  random: Random,
): SpellingQuestion | null {
  const word = pick(pool, random);
  if (!word) return null;
  if (random() < 0.5) {
    const wrong = misspelling(lexicon, word, alphabet, random);
    if (wrong) return { text: lexicon.format(wrong), valid: false };
  }
  return { text: lexicon.format(word), valid: true };
}
