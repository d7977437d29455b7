/** The server-facing wrapper: a bot's move for a CGP, computed in a worker thread. */
import type { SearchLimits } from '@tessera/engine';
import { runWorker } from './spawn.ts';

export type BotMoveResult = { ok: true; text: string } | { ok: false; message: string };

export function botMoveInWorker(job: {
  cgp: string;
  bot: string;
  lexicon: string;
  seed?: number;
  limits?: SearchLimits;
}): Promise<BotMoveResult> {
  return runWorker<BotMoveResult>(new URL('./bot-move-worker.ts', import.meta.url), job);
}
