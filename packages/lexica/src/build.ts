import { Lexicon, tokenizeWord, type LetterSetName } from '@tessera/engine';

/** Longest word kept for a letter set: 21 on super boards, else 15. */
export function maxLengthFor(letterSet: LetterSetName): number {
  return letterSet === 'english_super' ? 21 : 15;
}

export const MIN_WORD_LENGTH = 2;

const NEVER_TILES = /[\s\d'’-]/;

export interface BuildResult {
  readonly lexicon: Lexicon;
  /** Entries dropped: not spellable with the set's tiles, or too short or long. */
  readonly skipped: number;
}

/**
 * Compiles written words into a lexicon: each word is folded and tokenised
 * for the letter set (engine tokenize.ts), words of fewer than 2 or more than
 * 15 tiles (21 for super) are skipped and counted, duplicates after folding
 * are merged by the graph builder.
 */
export function buildLexicon(
  name: string,
  letterSet: LetterSetName,
  words: Iterable<string>,
  maxLength = maxLengthFor(letterSet),
): BuildResult {
  let skipped = 0;
  function* tiles(): Generator<Uint8Array> {
    for (const word of words) {
      // Cheap early reject: spell-checker expansions produce millions of
      // clitic and elided forms (l'home, dona-m'ho) that no set can spell.
      if (NEVER_TILES.test(word)) {
        skipped++;
        continue;
      }
      const t = tokenizeWord(letterSet, word);
      if (t === null || t.length < MIN_WORD_LENGTH || t.length > maxLength) skipped++;
      else yield t;
    }
  }
  const lexicon = Lexicon.compile(tiles(), { name, letterSet, maxLength });
  return { lexicon, skipped };
}

/**
 * Words of an operator's list file: one per line, blank lines ignored, and
 * anything after the first whitespace (definitions, probabilities) dropped.
 */
export function* wordFileWords(text: string): Generator<string> {
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim().split(/\s/, 1)[0];
    if (word) yield word;
  }
}
