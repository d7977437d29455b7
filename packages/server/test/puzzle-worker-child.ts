import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import type { FinderRequest } from '../src/modules/puzzle/finder-job.ts';
import { PuzzleWorker } from '../src/modules/puzzle/index.ts';

/**
 * A process with nothing but the puzzle worker, for puzzle-worker.test.ts:
 * `node --import tsx puzzle-worker-child.ts <lexicaCacheDir>`. It waits for
 * two requests in turn, as `tessera puzzles generate` waits for its chunks,
 * prints what came back and ends without closing the worker.
 */
const [lexicaCacheDir] = process.argv.slice(2);
const worker = new PuzzleWorker({
  lexicaCacheDir,
  lexiconDir: `${lexicaCacheDir}/none`,
  lexicons: [DEFAULT_LEXICON, COMMON_LEXICON],
});
const request = (from: number): FinderRequest => ({
  kind: 'bots',
  lexicon: DEFAULT_LEXICON,
  letterDistribution: 'english',
  jobSeed: 29,
  from,
  maxGames: 1,
  budgetMs: 0,
  equityLossLimit: 150,
  sim: false,
});
for (const from of [0, 1]) {
  const reply = await worker.run(request(from));
  console.log(`chunk ${from}: ${reply.games.length} game`);
}
// No close(): an idle worker must not hold the process open.
