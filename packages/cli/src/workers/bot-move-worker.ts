/**
 * Worker: one bot move for a position given as CGP (the player to move
 * first). Posts `{ ok: true, text }` with the move in GCG notation (`8D
 * WORD`, `-ABC`, `-`) or `{ ok: false, message }`. The server starts it
 * through `runWorker` (spawn.ts) so bot thinking never blocks its event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Bot, botAction, gameFromCgp, resolveBot, type SearchLimits } from '@tessera/engine';
import { botResources } from '../bots-setup.ts';

interface Job {
  cgp: string;
  bot: string;
  lexicon: string;
  seed?: number;
  limits?: SearchLimits;
}

const job = workerData as Job;
const parsed = gameFromCgp(job.cgp);
const kind = resolveBot(job.bot, job.lexicon);
if (!parsed.ok) parentPort!.postMessage({ ok: false, message: parsed.message });
else if (!kind) parentPort!.postMessage({ ok: false, message: `unknown bot '${job.bot}'` });
else {
  const res = await botResources(job.lexicon, [kind]);
  if (!res) parentPort!.postMessage({ ok: false, message: `unknown lexicon '${job.lexicon}'` });
  else {
    const bot = new Bot(kind, res, job.seed ?? 1);
    bot.limits = job.limits ?? {};
    parentPort!.postMessage({ ok: true, text: botAction(bot, parsed.value).text });
  }
}
