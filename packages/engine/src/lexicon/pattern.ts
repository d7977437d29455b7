import type { LetterSetName } from '../tiles/letter-sets.ts';
import { ACCEPTS_BIT, CHILD_MASK, END_BIT, MAX_TILE, TILE_SHIFT, dawgRoot } from './graph.ts';
import { tokenizeWord } from './tokenize.ts';

/**
 * Word patterns. Syntax (case-insensitive, accents folded as in words):
 *
 * | write    | matches                                                  |
 * | -------- | -------------------------------------------------------- |
 * | `CAT`    | those tiles; multi-letter tiles are read greedily (CH)   |
 * | `(C)`    | exactly one tile written out, e.g. Spanish `(C)H` is C,H |
 * | `?`      | any one tile                                             |
 * | `[AEI]`  | one tile from the set (`[(C)H]` is C or H in Spanish)    |
 * | `[^AEI]` | one tile not in the set                                  |
 * | `*`      | any run of tiles, possibly empty                         |
 *
 * Examples: `C?T` (CAT, COT, CUT), `*ING`, `Q[^U]*`, `[AEIOU][AEIOU]`.
 * A pattern holds at most 30 elements (a run of `*` counts once).
 */
export interface Pattern {
  /** Number of elements; element `j` accepts tile `t` when `allow[j * 64 + t]`. */
  readonly length: number;
  readonly allow: Uint8Array;
  /** Bit j set when element j is `*`. */
  readonly starMask: number;
}

export type PatternError = 'empty' | 'too-long' | 'unclosed' | 'bad-letter' | 'empty-set';

export type PatternResult = { ok: true; pattern: Pattern } | { ok: false; error: PatternError };

const MAX_ELEMENTS = 30;
const STAR = -1;

/** Parses a pattern for a letter set; errors are values the UI can show. */
export function parsePattern(set: LetterSetName, text: string): PatternResult {
  const elements: (Uint8Array | typeof STAR)[] = [];
  const single = (code: number): Uint8Array => {
    const a = new Uint8Array(MAX_TILE + 1);
    a[code] = 1;
    return a;
  };
  let i = 0;
  const src = text.trim();
  while (i < src.length) {
    const ch = src[i];
    if (ch === '*') {
      if (elements[elements.length - 1] !== STAR) elements.push(STAR);
      i++;
    } else if (ch === '?') {
      elements.push(new Uint8Array(MAX_TILE + 1).fill(1, 1));
      i++;
    } else if (ch === '(') {
      const close = src.indexOf(')', i);
      if (close < 0) return { ok: false, error: 'unclosed' };
      const tiles = tokenizeWord(set, src.slice(i + 1, close));
      if (!tiles || tiles.length !== 1) return { ok: false, error: 'bad-letter' };
      elements.push(single(tiles[0]));
      i = close + 1;
    } else if (ch === '[') {
      const close = src.indexOf(']', i);
      if (close < 0) return { ok: false, error: 'unclosed' };
      const body = src.slice(i + 1, close);
      const negate = body.startsWith('^');
      const codes = literalTiles(set, negate ? body.slice(1) : body);
      if (!codes) return { ok: false, error: 'bad-letter' };
      const a = new Uint8Array(MAX_TILE + 1);
      for (const c of codes) a[c] = 1;
      if (negate) for (let t = 1; t <= MAX_TILE; t++) a[t] ^= 1;
      if (!a.some((v) => v === 1)) return { ok: false, error: 'empty-set' };
      elements.push(a);
      i = close + 1;
    } else {
      let j = i;
      while (j < src.length && !'*?([])'.includes(src[j])) j++;
      const tiles = tokenizeWord(set, src.slice(i, j));
      if (!tiles) return { ok: false, error: 'bad-letter' };
      for (const t of tiles) elements.push(single(t));
      i = j;
    }
    if (elements.length > MAX_ELEMENTS) return { ok: false, error: 'too-long' };
  }
  if (elements.length === 0) return { ok: false, error: 'empty' };
  const allow = new Uint8Array(elements.length * (MAX_TILE + 1));
  let starMask = 0;
  elements.forEach((e, j) => {
    if (e === STAR) {
      starMask |= 1 << j;
      allow.fill(1, j * (MAX_TILE + 1) + 1, (j + 1) * (MAX_TILE + 1));
    } else allow.set(e, j * (MAX_TILE + 1));
  });
  return { ok: true, pattern: { length: elements.length, allow, starMask } };
}

/** Tiles listed inside brackets: `(X)` groups and greedily read letters. */
function literalTiles(set: LetterSetName, body: string): number[] | null {
  const out: number[] = [];
  for (const part of body.split(/(\([^)]*\))/)) {
    if (part === '') continue;
    const inner = part.startsWith('(') ? part.slice(1, -1) : part;
    const tiles = tokenizeWord(set, inner);
    if (!tiles || (part.startsWith('(') && tiles.length !== 1)) return null;
    out.push(...tiles);
  }
  return out;
}

/**
 * All words matching a pattern, in alphabetical (tile) order.
 *
 * The pattern is run as a small non-deterministic automaton whose states are
 * element positions, held as a bit set in one integer (bit `m` = the pattern
 * is complete). The DAWG is walked depth first carrying that bit set; a branch
 * is abandoned as soon as no position survives. Each word is one DAWG path, so
 * it is reported once however many ways the `*`s could match it.
 */
export function matchPattern(nodes: Uint32Array, pattern: Pattern, limit = Infinity): Uint8Array[] {
  const { length: m, allow, starMask } = pattern;
  const done = 1 << m;
  // Positions reachable without consuming a tile: skip over `*` elements.
  const closure = (s: number): number => {
    for (let j = 0; j < m; j++) if (s & (1 << j) && starMask & (1 << j)) s |= 1 << (j + 1);
    return s;
  };
  const out: Uint8Array[] = [];
  const word = new Uint8Array(32);
  const walk = (list: number, depth: number, state: number): boolean => {
    for (let i = list; ; i++) {
      const node = nodes[i];
      const t = node >>> TILE_SHIFT;
      let next = 0;
      for (let j = 0; j < m; j++) {
        if (state & (1 << j) && allow[j * (MAX_TILE + 1) + t]) {
          next |= starMask & (1 << j) ? 1 << j : 1 << (j + 1);
        }
      }
      if (next !== 0) {
        next = closure(next);
        word[depth] = t;
        if (next & done && node & ACCEPTS_BIT) {
          out.push(word.slice(0, depth + 1));
          if (out.length >= limit) return false;
        }
        const child = node & CHILD_MASK;
        if (child !== 0 && next !== done && depth < 31 && !walk(child, depth + 1, next)) {
          return false;
        }
      }
      if (node & END_BIT) return true;
    }
  };
  const root = dawgRoot(nodes);
  if (root !== 0) walk(root, 0, closure(1));
  return out;
}
