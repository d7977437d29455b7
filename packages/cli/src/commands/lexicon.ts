import { tokenizeWord } from '@tessera/engine';
import { ensureLexicons, type EnsureOptions, type LexiconMeta } from '@tessera/lexica';

export const summary = 'list, check words in, or (re)build lexicons (DATA_DIR, LEXICON_DIR)';

const USAGE = `usage:
  tessera lexicon list [--json]          lexicons with word counts, sources and licences
  tessera lexicon check NAME WORD...     prints each word followed by valid or invalid
  tessera lexicon build [--force] [NAME...]  builds missing or changed lexicons

environment (as for the server): DATA_DIR (default ./data, or LEXICA_CACHE_DIR)
holds the compiled graphs under lexica/; LEXICON_DIR (default ./lexica) holds
operator lists (CSW24.txt is lexicon CSW24); LEXICONS limits the free lexicons
built ("all" by default, comma-separated names, or "none").`;

function baseOptions(): EnsureOptions {
  const env = process.env;
  const builtins = env.LEXICONS?.trim();
  return {
    dataDir: env.LEXICA_CACHE_DIR || env.DATA_DIR || './data',
    lexiconDir: env.LEXICON_DIR || './lexica',
    builtins:
      !builtins || builtins.toLowerCase() === 'all'
        ? 'all'
        : builtins.toLowerCase() === 'none'
          ? []
          : builtins.split(',').map((n) => n.trim().toUpperCase()),
    log: (m) => console.error(m),
  };
}

function table(metas: LexiconMeta[]): string {
  const rows = metas.map((m) => [
    m.name,
    String(m.words),
    m.letterDistribution,
    m.source,
    m.license,
  ]);
  const head = ['NAME', 'WORDS', 'LETTERS', 'SOURCE', 'LICENSE'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows]
    .map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  '))
    .join('\n');
}

async function list(args: string[]): Promise<number> {
  const store = await ensureLexicons(baseOptions());
  const metas = store.list();
  if (args.includes('--json')) {
    const out = metas.map(({ name, words, letterDistribution, source, license }) => ({
      name,
      words,
      letterDistribution,
      source,
      license,
    }));
    console.log(JSON.stringify(out));
  } else {
    console.log(table(metas));
  }
  return 0;
}

async function check(args: string[]): Promise<number> {
  const [name, ...words] = args;
  if (!name || words.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const store = await ensureLexicons({ ...baseOptions(), only: [name] });
  if (!store.meta(name)) {
    console.error(`tessera lexicon: unknown lexicon '${name}'`);
    return 1;
  }
  const lexicon = store.load(name);
  for (const word of words) {
    const tiles = tokenizeWord(lexicon.letterSet, word);
    console.log(`${word} ${tiles !== null && lexicon.has(tiles) ? 'valid' : 'invalid'}`);
  }
  return 0;
}

async function build(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const names = args.filter((a) => !a.startsWith('--'));
  const store = await ensureLexicons({
    ...baseOptions(),
    force,
    only: names.length > 0 ? names : undefined,
  });
  console.log(`${store.built} built, ${store.list().length - store.built} already current`);
  return 0;
}

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list') return list(rest);
  if (sub === 'check') return check(rest);
  if (sub === 'build') return build(rest);
  console.error(USAGE);
  return sub === undefined || sub === 'help' || sub === '--help' ? 0 : 2;
}
