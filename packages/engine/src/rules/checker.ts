/**
 * Word validity, kept behind two small interfaces so the rules never depend
 * on how a lexicon is stored. The lexicon graph implements them structurally;
 * tests use the Set-backed `wordListChecker`.
 *
 * Words are machine letters with the blank bit stripped.
 *
 * WordSmog: a word is valid when some anagram of it is a word. A lexicon can
 * answer that from a table keyed by the word's letters in sorted order; the
 * `wordsmogChecker` wrapper turns such an `AnagramChecker` into the
 * `WordChecker` the rules call, so the rules have one code path for both
 * variants.
 */
import { err, ok, type Result } from '../result.ts';
import { LETTER_MASK, type LetterSet } from '../tiles/letter-sets.ts';
import { parseTiles } from '../tiles/notation.ts';
import type { Variant } from './constants.ts';

export interface WordChecker {
  has(word: ArrayLike<number>): boolean;
}

export interface AnagramChecker {
  /** True when some arrangement of the letters of `word` is a valid word. */
  hasAnagram(word: ArrayLike<number>): boolean;
}

export function wordsmogChecker(anagrams: AnagramChecker): WordChecker {
  return { has: (word) => anagrams.hasAnagram(word) };
}

function isAnagramChecker(x: unknown): x is AnagramChecker {
  return typeof (x as AnagramChecker).hasAnagram === 'function';
}

/** The checker a variant's rules use, given a lexicon. */
export function checkerForVariant(
  variant: Variant,
  lexicon: WordChecker | (WordChecker & AnagramChecker),
): Result<WordChecker, 'NO_ANAGRAM_LOOKUP'> {
  if (variant !== 'wordsmog') return ok(lexicon);
  if (!isAnagramChecker(lexicon)) {
    return err('NO_ANAGRAM_LOOKUP', 'WordSmog needs a lexicon that can look up anagrams');
  }
  return ok(wordsmogChecker(lexicon));
}

/** A string key for a word: its letters with blank bits stripped. */
export function wordKey(word: ArrayLike<number>): string {
  let key = '';
  for (let i = 0; i < word.length; i++) key += String.fromCharCode(word[i] & LETTER_MASK);
  return key;
}

/** The same key with the letters sorted (all anagrams share it). */
export function anagramKey(word: ArrayLike<number>): string {
  const letters = Array.from(word, (t) => t & LETTER_MASK).sort((a, b) => a - b);
  return String.fromCharCode(...letters);
}

/** A Set-backed checker over a list of words written as text (for tests and tools). */
export function wordListChecker(
  set: LetterSet,
  words: Iterable<string>,
): WordChecker & AnagramChecker {
  const keys = new Set<string>();
  const sorted = new Set<string>();
  for (const w of words) {
    const tiles = parseTiles(set, w.toUpperCase(), 'word');
    if (!tiles.ok) throw new Error(`word list: ${tiles.message}`);
    keys.add(wordKey(tiles.value));
    sorted.add(anagramKey(tiles.value));
  }
  return {
    has: (word) => keys.has(wordKey(word)),
    hasAnagram: (word) => sorted.has(anagramKey(word)),
  };
}

/** The words of `words` the checker rejects (empty when all are valid). */
export function invalidWords(checker: WordChecker, words: readonly Uint8Array[]): Uint8Array[] {
  const bad: Uint8Array[] = [];
  for (const w of words) {
    const plain = w.map((t) => t & LETTER_MASK);
    if (!checker.has(plain)) bad.push(w);
  }
  return bad;
}
