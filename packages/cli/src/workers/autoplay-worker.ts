/** Worker: plays a slice of an autoplay match and posts its MatchResult. */
import { parentPort, workerData } from 'node:worker_threads';
import {
  Bot,
  FastGame,
  Movegen,
  playMatch,
  type BotKind,
  type SearchLimits,
} from '@tessera/engine/ai';
import { botResources } from '../bots-setup.ts';

interface Job {
  lexicon: string;
  kinds: [BotKind, BotKind];
  seed: number;
  from: number;
  to: number;
  limits: SearchLimits;
}

const job = workerData as Job;
const res = await botResources(job.lexicon, job.kinds);
if (!res) throw new Error(`unknown lexicon ${job.lexicon}`);
const game = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
const bots: [Bot, Bot] = [
  new Bot(job.kinds[0], res, job.seed * 2 + 1),
  new Bot(job.kinds[1], res, job.seed * 2 + 2),
];
for (const b of bots) b.limits = job.limits;
parentPort!.postMessage(playMatch(game, bots, job.seed, job.from, job.to));
