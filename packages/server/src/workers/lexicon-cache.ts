/**
 * The lexicon cache a worker thread keeps (the bot and puzzle workers). The
 * main thread passes where its compiled lexicons live as workerData; loading
 * one here is a cache hit (no compiling). Each ensure replaces the package's
 * current store, so loaded graphs are kept in this worker's own map.
 */
import { workerData } from 'node:worker_threads';
import type { Lexicon } from '@tessera/engine';
import { ensureLexicons, loadLexicon } from '@tessera/lexica';

export interface LexiconWorkerData {
  lexicaCacheDir: string;
  lexiconDir: string;
  lexicons: 'all' | string[];
}

/** A loader for this worker: the lexicon named, loaded once and kept. */
export function workerLexicons(): (name: string) => Promise<Lexicon> {
  const { lexicaCacheDir, lexiconDir, lexicons } = workerData as LexiconWorkerData;
  const loaded = new Map<string, Lexicon>();
  return async (name) => {
    let lex = loaded.get(name);
    if (!lex) {
      await ensureLexicons({
        dataDir: lexicaCacheDir,
        lexiconDir,
        builtins: lexicons,
        only: [name],
      });
      lex = loadLexicon(name);
      loaded.set(name, lex);
    }
    return lex;
  };
}
