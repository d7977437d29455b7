/**
 * Reading and writing tiles as text, for any letter set, in the notation GCG
 * and CGP share:
 *
 * - an uppercase rune is a tile (`A`, `Ñ`, `CH`, `L·L`);
 * - the lowercase rune is a blank played as that letter (`a`, `ch`);
 * - `[CH]` / `[ch]` writes a multi-letter tile unambiguously (CGP always does);
 * - `?` is an undesignated blank (racks only);
 * - `.` is a square already on the board that a word plays through (words only).
 *
 * Bare multi-letter runes are read greedily, longest first (the letter set's
 * `multiRunes` order): in the Spanish set `CH` is always the CH tile, which is
 * what Spanish records mean. Printing does the reverse and adds brackets only
 * where a single-letter tile would otherwise be read back as part of a
 * multi-letter one (`auto`), or always (`always`, for CGP).
 */
import { err, ok, type Result } from '../result.ts';
import { BLANK, BLANK_BIT, LETTER_MASK, type LetterSet } from './letter-sets.ts';

/** Marks a played-through square inside a word's tiles ('.'). */
export const PLAYED_THROUGH = 0;

/** What a piece of tile text is: a rack (`?` allowed) or a word (`.` allowed). */
export type TileContext = 'rack' | 'word';

export type NotationErrorCode =
  | 'UNKNOWN_TILE'
  | 'UNDESIGNATED_BLANK'
  | 'BLANK_ON_RACK'
  | 'PLAYED_THROUGH_ON_RACK'
  | 'UNCLOSED_BRACKET'
  | 'EMPTY';

export interface ParseTilesOptions {
  /** Extra spellings for tiles (from a GCG `#tile` pragma): text -> machine letter. */
  readonly aliases?: ReadonlyMap<string, number>;
  /** Accept the empty string (an empty rack). Default true for racks, false for words. */
  readonly allowEmpty?: boolean;
}

/** One token read from text: the machine letter and how many characters it used. */
interface Token {
  readonly tile: number;
  readonly length: number;
  /** '?' or '.', which mean different things in racks and words. */
  readonly mark?: '?' | '.';
}

function lookupRune(set: LetterSet, text: string): number {
  const upper = text.toUpperCase();
  const code = set.codeByRune.get(upper);
  if (code === undefined) return -1;
  if (text === upper) return code;
  return text === upper.toLowerCase() ? code | BLANK_BIT : -1;
}

function readToken(
  set: LetterSet,
  text: string,
  i: number,
  aliases: ReadonlyMap<string, number> | undefined,
): Token | null {
  const ch = text[i];
  if (ch === '?') return { tile: BLANK, length: 1, mark: '?' };
  if (ch === '.') return { tile: PLAYED_THROUGH, length: 1, mark: '.' };
  if (ch === '[') {
    const close = text.indexOf(']', i + 1);
    if (close < 0) return null;
    const tile = lookupRune(set, text.slice(i + 1, close));
    return tile < 0 ? null : { tile, length: close - i + 1 };
  }
  if (aliases) {
    for (const [alias, tile] of aliases) {
      if (text.startsWith(alias, i)) return { tile, length: alias.length };
    }
  }
  for (const rune of set.multiRunes) {
    const piece = text.slice(i, i + rune.length);
    if (piece.length === rune.length) {
      const tile = lookupRune(set, piece);
      if (tile >= 0) return { tile, length: rune.length };
    }
  }
  const cp = text.codePointAt(i)!;
  const single = String.fromCodePoint(cp);
  const tile = lookupRune(set, single);
  return tile < 0 ? null : { tile, length: single.length };
}

/**
 * Tokenise `text` into machine letters. In a rack, `?` becomes 0 (blank); in a
 * word, `.` becomes 0 (played through) and lowercase letters carry the blank bit.
 */
export function parseTiles(
  set: LetterSet,
  text: string,
  context: TileContext,
  options: ParseTilesOptions = {},
): Result<Uint8Array, NotationErrorCode> {
  const src = text.normalize('NFC');
  const allowEmpty = options.allowEmpty ?? context === 'rack';
  if (src.length === 0 && !allowEmpty) return err('EMPTY', 'no tiles given');
  const out: number[] = [];
  let i = 0;
  while (i < src.length) {
    const token = readToken(set, src, i, options.aliases);
    if (!token) {
      if (src[i] === '[') return err('UNCLOSED_BRACKET', `'[' without a matching ']' in "${text}"`);
      const bad = String.fromCodePoint(src.codePointAt(i)!);
      return err('UNKNOWN_TILE', `'${bad}' is not a tile of the ${set.name} letter set`);
    }
    if (context === 'rack') {
      if (token.mark === '.') {
        return err('PLAYED_THROUGH_ON_RACK', `'.' cannot appear on a rack ("${text}")`);
      }
      if (token.tile & BLANK_BIT) {
        return err(
          'BLANK_ON_RACK',
          `a rack holds '?' for a blank, not a lowercase letter ("${text}")`,
        );
      }
    } else if (token.mark === '?') {
      return err(
        'UNDESIGNATED_BLANK',
        `a blank in a word must be written as a lowercase letter ("${text}")`,
      );
    }
    out.push(token.tile);
    i += token.length;
  }
  return ok(Uint8Array.from(out));
}

export type BracketStyle = 'auto' | 'always';

function runeText(set: LetterSet, tile: number, context: TileContext): string {
  if (tile === 0) return context === 'rack' ? '?' : '.';
  const rune = set.letters[tile & LETTER_MASK]?.rune;
  if (rune === undefined) throw new RangeError(`machine letter ${tile} is not in ${set.name}`);
  return tile & BLANK_BIT ? rune.toLowerCase() : rune;
}

function startsMultiRune(set: LetterSet, text: string): boolean {
  const upper = text.toUpperCase();
  return set.multiRunes.some((r) => upper.startsWith(r));
}

/** Print machine letters back as text that `parseTiles` reads to the same tiles. */
export function printTiles(
  set: LetterSet,
  tiles: ArrayLike<number>,
  context: TileContext,
  brackets: BracketStyle = 'auto',
): string {
  // Built right to left so each tile can see the text that follows it.
  let out = '';
  for (let i = tiles.length - 1; i >= 0; i--) {
    const text = runeText(set, tiles[i], context);
    const multi = text.length > 1;
    const needs =
      brackets === 'always'
        ? multi
        : set.multiRunes.length > 0 && !multi && text !== '.' && text !== '?'
          ? startsMultiRune(set, text + out)
          : false;
    out = (needs ? `[${text}]` : text) + out;
  }
  return out;
}

/** Tiles sorted by machine letter (blanks first): the canonical order for racks. */
export function sortTiles(tiles: ArrayLike<number>): Uint8Array {
  return Uint8Array.from(tiles).sort();
}
