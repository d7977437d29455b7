import {
  COMMON_LEXICON,
  DEFAULT_LEXICON,
  ensureLexicons,
  listLexicons,
  loadLexicon,
  resolveLexiconName,
} from '@tessera/lexica';
import type { Lexicon } from '@tessera/engine';
import type { ModuleContext, ModuleParts, ServerModule } from '../module.ts';

/** Lexicons whose games are always void: the common-English list (ECWL in the product docs). */
export function voidOnly(lexicon: string): boolean {
  return /^(ECWL|COMMON)/i.test(lexicon);
}

/** The lexicon module's face: which word lists the server can play with. */
export interface LexiconApi {
  /** The canonical name of an available lexicon (legacy names mapped), or undefined. */
  resolve(name: string): string | undefined;
  /** A loaded lexicon by any of its names, or undefined while building or unknown. */
  lexicon(name: string): Lexicon | undefined;
  /** The lexicons ready to play, with their sizes and sources. */
  list(): ReturnType<typeof listLexicons>;
  /** True while lexicons are still being built: list() will grow. */
  building(): boolean;
}

/**
 * The word lists the server plays with. Start-up waits for the default and
 * common English lexicons (seconds on a first start, instant from the cache);
 * the other languages compile in the background and appear when ready.
 */
export function createLexiconModule(
  deps: Pick<ModuleContext, 'config' | 'log'>,
): ModuleParts<LexiconApi> {
  const { config, log } = deps;
  const wanted = config.lexicons;
  const first = [DEFAULT_LEXICON, COMMON_LEXICON].filter(
    (n) => wanted === 'all' || wanted.includes(n),
  );
  let background: Promise<unknown> | undefined;
  const stopping = new AbortController();
  let ready = false;
  let building = true;

  const options = {
    dataDir: config.lexicaCacheDir,
    lexiconDir: config.lexiconDir,
    builtins: wanted,
    log: (message: string) => log.info(message),
  };

  /** The canonical name of an available lexicon (legacy names mapped), or undefined. */
  const resolve = (name: string): string | undefined => {
    if (!ready || !name) return undefined;
    const names = new Set(listLexicons().map((l) => l.name));
    const upper = name.trim().toUpperCase();
    if (names.has(upper)) return upper;
    const mapped = resolveLexiconName(upper);
    return names.has(mapped) ? mapped : undefined;
  };

  const lexicon = (name: string): Lexicon | undefined => {
    const resolved = resolve(name);
    if (!resolved) return undefined;
    try {
      return loadLexicon(resolved);
    } catch {
      return undefined;
    }
  };

  const module: ServerModule = {
    name: 'lexicon',
    async start() {
      await ensureLexicons({ ...options, only: first });
      ready = true;
      background = ensureLexicons({ ...options, signal: stopping.signal })
        .catch((err) => {
          if (!stopping.signal.aborted) log.error({ err }, 'building lexicons failed');
        })
        .finally(() => {
          building = false;
        });
    },
    async stop() {
      // Ends a background build so nothing writes to the data folder afterwards.
      stopping.abort();
      await background;
    },
  };
  return {
    module,
    api: {
      resolve,
      lexicon,
      list: () => (ready ? listLexicons() : []),
      building: () => building,
    },
  };
}
