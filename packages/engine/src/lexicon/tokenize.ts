import { BLANK_BIT, LETTER_MASK, letterSet, type LetterSetName } from '../tiles/letter-sets.ts';

/**
 * Turning written words into machine letters, per letter set.
 *
 * Folding: the text is upper-cased (which also turns German ß into SS), then
 * every character that is a tile of the set, or part of a multi-letter tile,
 * is kept as it is; any other character loses its accents (Unicode NFD with
 * the combining marks dropped) and must then be a tile. So French and
 * Spanish lose their accents while Spanish keeps Ñ, German keeps Ä Ö Ü,
 * Catalan keeps Ç, Polish and Norwegian keep their own letters, and an accent
 * the set does not know (é in a German word) folds to its base letter.
 * Ligatures Æ and Œ become AE and OE where the set has no such tile.
 * Catalan's geminate L may be written L·L, L.L or with the single Ŀ letter.
 *
 * Tokenising is greedy, longest tile first: Spanish "CHICO" is CH I C O,
 * Catalan "QUATRE" is QU A T R E, and a Catalan word with a lone Q or a Y not
 * after N cannot be written with the set's tiles, so it has no tokenisation.
 * Digits, apostrophes, hyphens and spaces are never tiles.
 */

interface Folder {
  readonly singles: ReadonlyMap<string, number>;
  readonly allowed: ReadonlySet<string>;
  readonly multi: readonly { rune: string; code: number }[];
  readonly catalan: boolean;
  /** Memo: upper-case character to its folded form, or null if it cannot be a tile. */
  readonly folds: Map<string, string | null>;
  /**
   * Fast path by UTF-16 unit below DIRECT_LIMIT, for upper-case text: the
   * tile code, -1 when the unit can never be (part of) a tile, or 0 when the
   * general path must decide (multi-letter tile starts, Catalan dots, ...).
   */
  direct?: Int8Array;
}

const DIRECT_LIMIT = 0x2000;

const folders = new Map<LetterSetName, Folder>();

function folder(name: LetterSetName): Folder {
  let f = folders.get(name);
  if (f) return f;
  const set = letterSet(name);
  const singles = new Map<string, number>();
  const allowed = new Set<string>();
  const multi: { rune: string; code: number }[] = [];
  set.letters.forEach((l, code) => {
    if (code === 0) return;
    const chars = [...l.rune];
    if (chars.length === 1) singles.set(l.rune, code);
    else multi.push({ rune: l.rune, code });
    for (const c of chars) allowed.add(c);
  });
  multi.sort((a, b) => b.rune.length - a.rune.length);
  f = { singles, allowed, multi, catalan: name === 'catalan', folds: new Map() };
  folders.set(name, f);
  return f;
}

const COMBINING = /[\u0300-\u036f]/g;
const HAS_COMBINING = /[\u0300-\u036f]/;
const LIGATURES: Record<string, string> = { Æ: 'AE', Œ: 'OE' };

function foldChar(f: Folder, ch: string): string | null {
  let folded = f.folds.get(ch);
  if (folded === undefined) {
    if (f.allowed.has(ch)) folded = ch;
    else {
      folded = LIGATURES[ch] ?? ch.normalize('NFD').replace(COMBINING, '');
      for (const c of folded) if (!f.allowed.has(c)) folded = null;
    }
    f.folds.set(ch, folded);
  }
  return folded;
}

/** Upper-cases and folds `text` for the set; null if a character cannot be a tile. */
export function foldWord(name: LetterSetName, text: string): string | null {
  const f = folder(name);
  // Lists are mostly precomposed already; normalise only when marks are present.
  let s = (HAS_COMBINING.test(text) ? text.normalize('NFC') : text).toUpperCase();
  if (s.includes('ẞ')) s = s.replace(/ẞ/g, 'SS');
  if (f.catalan && (s.includes('Ŀ') || s.includes('L.L') || s.includes('L\u2027L'))) {
    s = s.replace(/Ŀ/g, 'L·').replace(/L[.\u2027]L/g, 'L·L');
  }
  let out = '';
  for (const ch of s) {
    const folded = foldChar(f, ch);
    if (folded === null) return null;
    out += folded;
  }
  return out;
}

const scratch: number[] = [];

/**
 * Machine letters for a written word (folded first), or null when the word
 * cannot be spelled with the set's tiles.
 */
export function tokenizeWord(name: LetterSetName, text: string): Uint8Array | null {
  // Fast path: one tile per character, looked up in a flat table.
  const f = folder(name);
  const direct = f.direct ?? directTable(f);
  const s = (HAS_COMBINING.test(text) ? text.normalize('NFC') : text).toUpperCase();
  const out = new Uint8Array(s.length);
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = c < DIRECT_LIMIT ? direct[c] : 0;
    if (d > 0) out[i] = d;
    else if (d < 0) return null;
    else break;
  }
  if (i === s.length) return s.length > 0 ? out : null;
  return tokenizeSlow(f, name, text);
}

function directTable(f: Folder): Int8Array {
  const table = new Int8Array(DIRECT_LIMIT);
  const multiStarts = new Set(f.multi.map((m) => m.rune[0]));
  for (let c = 0; c < DIRECT_LIMIT; c++) {
    if (c >= 0xd800) break;
    const ch = String.fromCharCode(c);
    if (multiStarts.has(ch) || ch === '.' || ch === 'ẞ' || ch === 'Ŀ') continue;
    const folded = foldChar(f, ch);
    if (folded === null) table[c] = -1;
    else if (folded.length === 1 && !multiStarts.has(folded) && f.singles.has(folded)) {
      table[c] = f.singles.get(folded)!;
    }
  }
  (f as { direct?: Int8Array }).direct = table;
  return table;
}

function tokenizeSlow(f: Folder, name: LetterSetName, text: string): Uint8Array | null {
  const folded = foldWord(name, text);
  if (folded === null || folded.length === 0) return null;
  scratch.length = 0;
  let i = 0;
  outer: while (i < folded.length) {
    for (const m of f.multi) {
      if (folded.startsWith(m.rune, i)) {
        scratch.push(m.code);
        i += m.rune.length;
        continue outer;
      }
    }
    const cp = folded.codePointAt(i)!;
    const ch = cp > 0xffff ? String.fromCodePoint(cp) : folded[i];
    const code = f.singles.get(ch);
    if (code === undefined) return null;
    scratch.push(code);
    i += ch.length;
  }
  return Uint8Array.from(scratch);
}

/** Writes machine letters back as text; blank-designated letters in lowercase. */
export function formatWord(name: LetterSetName, word: ArrayLike<number>): string {
  const set = letterSet(name);
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const code = word[i] & LETTER_MASK;
    const rune = code < set.size ? set.letters[code].rune : '?';
    out += word[i] & BLANK_BIT ? rune.toLowerCase() : rune;
  }
  return out;
}
