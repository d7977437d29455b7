/**
 * The bot worker thread, the one both the server (BotPool) and the CLI use:
 * keeps lexicons loaded and answers one move per message with the engine's
 * botMoveForPosition, from what the bot may know, as GCG text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { boardLayout, letterSet, type LetterSetName, type Lexicon } from '@tessera/engine';
import {
  botMoveForPosition,
  type BotKind,
  type BotPosition,
  leavesFor,
  type SearchLimits,
} from '@tessera/engine/ai';
import { COMMON_LEXICON, ensureLexicons, loadLexicon } from '@tessera/lexica';

interface Job {
  id: number;
  kind: BotKind;
  position: BotPosition;
  seed: number;
  limits: SearchLimits;
}

const { lexicaCacheDir, lexiconDir, lexicons } = workerData as {
  lexicaCacheDir: string;
  lexiconDir: string;
  lexicons: 'all' | string[];
};
const loaded = new Map<string, Lexicon>();

/**
 * Loads a compiled lexicon from the cache the main thread built (a cache
 * hit: no compiling here). Each ensure replaces the package's current store,
 * so loaded graphs are kept in this worker's own map.
 */
async function lexiconNamed(name: string): Promise<Lexicon> {
  let lex = loaded.get(name);
  if (!lex) {
    await ensureLexicons({ dataDir: lexicaCacheDir, lexiconDir, builtins: lexicons, only: [name] });
    lex = loadLexicon(name);
    loaded.set(name, lex);
  }
  return lex;
}

async function choose(job: Job): Promise<string> {
  const p = job.position;
  const set = letterSet(p.letterSet as LetterSetName);
  const lexicon = await lexiconNamed(p.lexicon);
  const layout = boardLayout(p.layout as 'CrosswordGame');
  const common = job.kind.startsWith('common')
    ? await lexiconNamed(COMMON_LEXICON).catch(() => null)
    : null;
  const res = { lexicon, set, layout, leaves: leavesFor(p.lexicon, set.name), common };
  return botMoveForPosition(res, job.kind, p, job.seed, job.limits);
}

parentPort!.on('message', (job: Job) => {
  choose(job).then(
    (move) => parentPort!.postMessage({ id: job.id, move }),
    (err: Error) => parentPort!.postMessage({ id: job.id, error: String(err?.stack ?? err) }),
  );
});
