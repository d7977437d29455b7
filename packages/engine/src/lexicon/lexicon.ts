import { LETTER_MASK, type LetterSetName } from '../tiles/letter-sets.ts';
import { anagrams, hasAnagram, type AnagramOptions } from './anagram.ts';
import { compileGraph, MAX_WORD_LENGTH } from './compile.ts';
import { parseGraph, serializeGraph, type GraphHeader, type ParsedGraph } from './format.ts';
import { ACCEPTS_BIT, CHILD_MASK, END_BIT, TILE_SHIFT, dawgRoot, gaddagRoot } from './graph.ts';
import { matchPattern, parsePattern, type Pattern, type PatternResult } from './pattern.ts';
import { formatWord, tokenizeWord } from './tokenize.ts';

export interface LexiconInfo {
  readonly name: string;
  readonly letterSet: LetterSetName;
  /** Longest word kept, in tiles (15, or 21 for super boards). */
  readonly maxLength?: number;
}

/**
 * A word list compiled into the shared DAWG/GADDAG graph (see graph.ts).
 * Immutable; every query reads the node array and allocates only its answer.
 */
export class Lexicon {
  readonly name: string;
  readonly letterSet: LetterSetName;
  readonly wordCount: number;
  readonly maxLength: number;
  /** Start of the DAWG root list. */
  readonly dawgRoot: number;
  /** Start of the GADDAG root list (see graph.ts for how to walk it). */
  readonly gaddagRoot: number;

  constructor(
    readonly nodes: Uint32Array,
    header: GraphHeader,
  ) {
    this.name = header.name;
    this.letterSet = header.letterSet;
    this.wordCount = header.wordCount;
    this.maxLength = header.maxLength;
    this.dawgRoot = dawgRoot(nodes);
    this.gaddagRoot = gaddagRoot(nodes);
  }

  /** Compiles tokenised words (machine letters); see compileGraph. */
  static compile(words: Iterable<ArrayLike<number>>, info: LexiconInfo): Lexicon {
    const maxLength = info.maxLength ?? 15;
    const { nodes, wordCount } = compileGraph(words, Math.min(maxLength, MAX_WORD_LENGTH));
    return new Lexicon(nodes, { name: info.name, letterSet: info.letterSet, wordCount, maxLength });
  }

  /** Reads a serialised lexicon; errors are values. */
  static parse(
    data: ArrayBufferLike | Uint8Array,
  ): { ok: true; lexicon: Lexicon } | Extract<ParsedGraph, { ok: false }> {
    const parsed = parseGraph(data);
    if (!parsed.ok) return parsed;
    return { ok: true, lexicon: new Lexicon(parsed.nodes, parsed.header) };
  }

  /** Reads a serialised lexicon, throwing on a corrupt file. */
  static fromBytes(data: ArrayBufferLike | Uint8Array): Lexicon {
    const result = Lexicon.parse(data);
    if (!result.ok) throw new Error(`not a lexicon graph: ${result.error}`);
    return result.lexicon;
  }

  toBytes(): Uint8Array {
    return serializeGraph(
      {
        name: this.name,
        letterSet: this.letterSet,
        wordCount: this.wordCount,
        maxLength: this.maxLength,
      },
      this.nodes,
    );
  }

  /**
   * Whether the word (machine letters; blank bits ignored) is in the lexicon.
   * Walks the DAWG one sibling list per letter; no allocation.
   */
  has(word: ArrayLike<number>): boolean {
    const nodes = this.nodes;
    const n = word.length;
    if (n === 0) return false;
    let list = this.dawgRoot;
    let node = 0;
    for (let k = 0; k < n; k++) {
      if (list === 0) return false;
      const tile = word[k] & LETTER_MASK;
      for (let i = list; ; i++) {
        node = nodes[i];
        const t = node >>> TILE_SHIFT;
        if (t === tile) break;
        if (t > tile || (node & END_BIT) !== 0) return false;
      }
      list = node & CHILD_MASK;
    }
    return (node & ACCEPTS_BIT) !== 0;
  }

  /** Whether the written word (folded and tokenised for this set) is valid. */
  hasText(text: string): boolean {
    const word = tokenizeWord(this.letterSet, text);
    return word !== null && this.has(word);
  }

  /** Wordsmog validity: the letters are an anagram of some valid word. */
  hasAnagram(word: ArrayLike<number>): boolean {
    return hasAnagram(this.nodes, word);
  }

  /** Words from a rack (0 = blank); see anagram.ts. */
  anagrams(rack: ArrayLike<number>, options?: AnagramOptions): Uint8Array[] {
    return anagrams(this.nodes, rack, options);
  }

  parsePattern(text: string): PatternResult {
    return parsePattern(this.letterSet, text);
  }

  /** Words matching a pattern (a parsed one, or text in the syntax of pattern.ts). */
  match(pattern: Pattern | string, limit?: number): Uint8Array[] {
    if (typeof pattern === 'string') {
      const parsed = parsePattern(this.letterSet, pattern);
      if (!parsed.ok) return [];
      pattern = parsed.pattern;
    }
    return matchPattern(this.nodes, pattern, limit);
  }

  /** Every word, in tile order (walks the whole DAWG; for tools and tests). */
  *words(): Generator<Uint8Array> {
    const nodes = this.nodes;
    const word = new Uint8Array(this.maxLength + 1);
    const stack: number[] = [];
    if (this.dawgRoot === 0) return;
    stack.push(this.dawgRoot);
    let depth = 0;
    // Iterative DFS: stack[d] is the index of the node being visited at depth d.
    while (depth >= 0) {
      const i = stack[depth];
      const node = nodes[i];
      word[depth] = node >>> TILE_SHIFT;
      if (node & ACCEPTS_BIT) yield word.slice(0, depth + 1);
      const child = node & CHILD_MASK;
      if (child !== 0) {
        stack[++depth] = child;
        continue;
      }
      while (depth >= 0 && nodes[stack[depth]] & END_BIT) depth--;
      if (depth >= 0) stack[depth]++;
    }
  }

  format(word: ArrayLike<number>): string {
    return formatWord(this.letterSet, word);
  }
}
