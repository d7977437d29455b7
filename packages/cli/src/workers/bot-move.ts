/**
 * A bot's move for a CGP, answered by the server's bot worker thread (its
 * BotPool): the same lexicon loading and the same engine call as a bot in a
 * live game. The bot sees its own rack and the unseen tiles, shuffled from
 * the seed, not the opponent's rack the CGP may give.
 */
import { cgp, Prng } from '@tessera/engine';
import { botPosition, resolveBot, type SearchLimits } from '@tessera/engine/ai';
import { BotPool } from '@tessera/server/bot-pool';

export type BotMoveResult = { ok: true; text: string } | { ok: false; message: string };

function shuffler(seed: number): (a: number[]) => number[] {
  const rng = Prng.seeded(seed);
  return (a) => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
}

export async function botMoveInWorker(job: {
  cgp: string;
  bot: string;
  lexicon: string;
  seed?: number;
  limits?: SearchLimits;
}): Promise<BotMoveResult> {
  const parsed = cgp.gameFromCgp(job.cgp);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const kind = resolveBot(job.bot, job.lexicon);
  if (!kind) return { ok: false, message: `unknown bot '${job.bot}'` };
  const g = parsed.value;
  const seed = job.seed ?? 1;
  const position = { ...botPosition(g, g.playerOnTurn, shuffler(seed)), lexicon: job.lexicon };
  // Lexicons come from the same places as the other engine commands (lexicons.ts).
  const pool = new BotPool(
    {
      lexicaCacheDir: process.env.DATA_DIR || './data',
      lexiconDir: process.env.LEXICON_DIR || './lexica',
      lexicons: 'all',
    },
    1,
  );
  // The pool's workers do not keep a process alive (a server has its sockets); a command must.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    return { ok: true, text: await pool.move(kind, position, seed, job.limits ?? {}) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  } finally {
    clearInterval(keepAlive);
    await pool.close();
  }
}
