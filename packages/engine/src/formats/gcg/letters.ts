/**
 * Which letter set a GCG record is written in: a `#tile-distribution` pragma,
 * the variant's own set, the spec's rule by `#lexicon` prefix (RD german, NSF
 * norwegian, FRA french, DISC catalan, OSPS polish, FILE spanish, else
 * english), or, with none of these, the first set in which every tile of the
 * file can be read (the Polish test record has no pragma at all).
 */
import { isVariant, variantLetterSet } from '../../rules/constants.ts';
import {
  isLetterSetName,
  letterSet,
  letterSetForLexicon,
  type LetterSet,
  type LetterSetName,
} from '../../tiles/letter-sets.ts';
import { parseTiles, type TileContext } from '../../tiles/notation.ts';
import type { GcgRecord } from './parse.ts';

/** Letter sets tried, in order, when a file names none. */
const GUESS_ORDER: LetterSetName[] = [
  'english',
  'polish',
  'spanish',
  'catalan',
  'german',
  'french',
  'norwegian',
];

function tileTexts(record: GcgRecord): { text: string; context: TileContext }[] {
  const out: { text: string; context: TileContext }[] = [];
  for (const m of record.moves) {
    out.push({ text: m.rack, context: 'rack' });
    out.push({ text: m.word, context: 'word' });
    out.push({ text: m.exchanged, context: 'rack' });
    out.push({ text: m.counted, context: 'rack' });
  }
  for (const r of record.racks) if (r) out.push({ text: r, context: 'rack' });
  return out.filter((t) => t.text !== '');
}

/** `#tile` spellings as machine letters for a letter set. */
export function aliasesFor(set: LetterSet, record: GcgRecord): Map<string, number> {
  const out = new Map<string, number>();
  for (const [alias, rune] of record.tileAliases) {
    const code = set.codeByRune.get(rune.replace(/^\[|\]$/g, '').toUpperCase());
    if (code !== undefined) out.set(alias, code);
  }
  return out;
}

/** The letter set a record is written in (spec rule by lexicon prefix, else by its tiles). */
export function inferLetterSet(record: GcgRecord): LetterSetName {
  if (isLetterSetName(record.tileDistribution)) return record.tileDistribution;
  const variant = isVariant(record.gameType) ? record.gameType : null;
  const fixed = variant ? variantLetterSet(variant) : null;
  if (fixed) return fixed;
  if (record.lexicon) return letterSetForLexicon(record.lexicon);
  const texts = tileTexts(record);
  for (const name of GUESS_ORDER) {
    const set = letterSet(name);
    const aliases = aliasesFor(set, record);
    if (texts.every((t) => parseTiles(set, t.text, t.context, { aliases }).ok)) return name;
  }
  return 'english';
}
