/**
 * The puzzle worker thread: keeps lexicons loaded and runs the engine's
 * puzzle finder for generation jobs, so a job never holds the socket loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Lexicon } from '@tessera/engine';
import { COMMON_LEXICON, ensureLexicons, loadLexicon } from '@tessera/lexica';
import { type FinderRequest, runFinder } from './finder-job.ts';

const { lexicaCacheDir, lexiconDir, lexicons } = workerData as {
  lexicaCacheDir: string;
  lexiconDir: string;
  lexicons: 'all' | string[];
};
const loaded = new Map<string, Lexicon>();

async function lexiconNamed(name: string): Promise<Lexicon> {
  let lex = loaded.get(name);
  if (!lex) {
    await ensureLexicons({ dataDir: lexicaCacheDir, lexiconDir, builtins: lexicons, only: [name] });
    lex = loadLexicon(name);
    loaded.set(name, lex);
  }
  return lex;
}

const resources = {
  lexicon: lexiconNamed,
  common: () => lexiconNamed(COMMON_LEXICON).catch(() => null),
};

parentPort!.on('message', (m: { id: number; req: FinderRequest }) => {
  runFinder(m.req, resources).then(
    (reply) => parentPort!.postMessage({ id: m.id, reply }),
    (err: Error) => parentPort!.postMessage({ id: m.id, error: String(err?.stack ?? err) }),
  );
});
