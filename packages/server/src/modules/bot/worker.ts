/**
 * The bot worker thread, the one both the server (BotPool) and the CLI use:
 * keeps lexicons loaded and answers one move per message with the engine's
 * botMoveForPosition, from what the bot may know, as GCG text.
 */
import { parentPort } from 'node:worker_threads';
import { boardLayout, letterSet, type LetterSetName } from '@tessera/engine';
import {
  botMoveForPosition,
  type BotKind,
  type BotPosition,
  leavesFor,
  type SearchLimits,
} from '@tessera/engine/ai';
import { COMMON_LEXICON } from '@tessera/lexica';
import { workerLexicons } from '../../workers/lexicon-cache.ts';

interface Job {
  id: number;
  kind: BotKind;
  position: BotPosition;
  seed: number;
  limits: SearchLimits;
}

const lexiconNamed = workerLexicons();

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
