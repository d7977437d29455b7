/**
 * Loading lexicons for the engine commands (movegen, autoplay, endgame,
 * leaves): builds or finds them in the cache under DATA_DIR (default
 * ./data) the same way `tessera lexicon` does.
 */
import { ensureLexicons } from '@tessera/lexica';
import type { Lexicon } from '@tessera/engine';

export async function loadLexicons(names: readonly string[]): Promise<Map<string, Lexicon>> {
  const env = process.env;
  const store = await ensureLexicons({
    dataDir: env.DATA_DIR || './data',
    lexiconDir: env.LEXICON_DIR || './lexica',
    only: [...names],
    log: (m) => console.error(m),
  });
  const out = new Map<string, Lexicon>();
  for (const name of names) {
    if (store.meta(name)) out.set(name, store.load(name));
  }
  return out;
}

/** `--flag value` from an argument list (undefined when absent). */
export function option(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : undefined;
}
