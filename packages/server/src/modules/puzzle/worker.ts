/**
 * The puzzle worker thread: keeps lexicons loaded and runs the engine's
 * puzzle finder for generation jobs, so a job never holds the socket loop.
 */
import { parentPort } from 'node:worker_threads';
import { COMMON_LEXICON } from '@tessera/lexica';
import { workerLexicons } from '../../workers/lexicon-cache.ts';
import { type FinderRequest, runFinder } from './finder-job.ts';

const lexiconNamed = workerLexicons();

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
