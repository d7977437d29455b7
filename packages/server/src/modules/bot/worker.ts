/**
 * Bot worker thread: keeps lexicons and bots loaded and answers one move per
 * message. It rebuilds the position from what the bot may know (see
 * position.ts) and returns the chosen move as GCG text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  Bot,
  type BotKind,
  boardLayout,
  FastGame,
  type GameState,
  leavesFor,
  letterSet,
  type LetterSetName,
  type Lexicon,
  Movegen,
  moveText,
  type SearchLimits,
} from '@tessera/engine';
import { COMMON_LEXICON, ensureLexicons, loadLexicon } from '@tessera/lexica';
import type { BotPosition } from './position.ts';

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

function counts(size: number, tiles: number[]): Uint8Array {
  const c = new Uint8Array(size);
  for (const t of tiles) c[t]++;
  return c;
}

async function choose(job: Job): Promise<string> {
  const p = job.position;
  const set = letterSet(p.letterSet as LetterSetName);
  const lexicon = await lexiconNamed(p.lexicon);
  const layout = boardLayout(p.layout as 'CrosswordGame');
  const common = job.kind.startsWith('common')
    ? await lexiconNamed(COMMON_LEXICON).catch(() => null)
    : null;
  const bot = new Bot(
    job.kind,
    { lexicon, set, layout, leaves: leavesFor(p.lexicon, set.name), common },
    job.seed,
  );
  bot.limits = job.limits;
  const opponentRack = p.unseen.slice(0, p.opponentRackSize);
  const bag = p.unseen.slice(p.opponentRackSize);
  const racks = [p.rack, opponentRack];
  if (p.me === 1) racks.reverse();
  // The shape FastGame.loadGame reads from a live game.
  const position = {
    board: { squares: Uint8Array.from(p.squares) },
    bag: { contents: () => Uint8Array.from(bag) },
    racks: racks.map((r) => ({ counts: counts(set.size, r), size: r.length })),
    scores: p.scores,
    playerOnTurn: p.me,
    scorelessTurns: p.scorelessTurns,
    playState: 'PLAYING',
    rules: { exchangeMinBag: p.exchangeMinBag },
  } as unknown as GameState;
  const game = new FastGame(new Movegen(lexicon, set, layout));
  game.loadGame(position, job.seed);
  const d = bot.choose(game);
  return moveText(set, layout.dim, d.list, d.index);
}

parentPort!.on('message', (job: Job) => {
  choose(job).then(
    (move) => parentPort!.postMessage({ id: job.id, move }),
    (err: Error) => parentPort!.postMessage({ id: job.id, error: String(err?.stack ?? err) }),
  );
});
