import { toDocument } from '@tessera/engine';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { SessionResolver } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { LexiconApi } from '../lexicon/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import type { Roles } from '../roles/index.ts';
import type { Scheduler } from '../scheduler/index.ts';
import { type FinishedGames, PuzzleGenerator } from './generation.ts';
import { PuzzleJobRunner } from './jobs.ts';
import { type PlainJobRequest, readPlainRequest } from './offline.ts';
import { puzzleRoutes } from './service.ts';
import { starterJob } from './starter.ts';
import { PuzzleStore } from './store.ts';
import { PuzzleWorker } from './worker-pool.ts';

export { puzzleMigrations } from './migrations.ts';
export { readJobRequest, JOB_DEFAULTS, type JobRequest } from './job-request.ts';
export { PuzzleGenerator, type FinishedGames } from './generation.ts';
export { PuzzleStore, type NewPuzzle } from './store.ts';
export { PuzzleWorker } from './worker-pool.ts';
export { JOB_KIND } from './jobs.ts';
export { generateOffline, readPlainRequest, type PlainJobRequest } from './offline.ts';
export type { JobRow } from './migrations.ts';

/** The puzzle pages' realm: presence and the puzzle lobby chat (chat.puzzlelobby). */
export const PUZZLE_REALM = 'puzzle';

/** What other modules, tools and tests may ask of puzzles. */
export interface PuzzleApi {
  /** Queues a generation job on the scheduler; returns its id. */
  startJob(request: PlainJobRequest, by: string | null): Promise<string>;
  /** Runs a generation job to its end in this process (on the worker thread) and returns its log. */
  generateNow(
    request: PlainJobRequest,
    by?: string | null,
  ): Promise<{ jobId: string; puzzlesCreated: number; fulfilled: boolean; error: string }>;
  /** How many puzzles are stored (in one lexicon, or in all). */
  count(lexicon?: string): Promise<number>;
}

/**
 * Puzzle mode (docs/product/gameplay.md §3, §4, §7) and puzzle generation
 * (docs/product/community.md §3): PuzzleService; tables puzzles,
 * puzzle_attempts, puzzle_votes, puzzle_ratings, puzzle_jobs; scheduler job
 * `puzzle.generate` (chunks run on a worker thread). Reads finished games
 * through the game module's API. On a database without puzzles of the
 * default lexicon it queues the starter job.
 */
export function createPuzzleModule(deps: {
  db: Db;
  config: Config;
  log: Logger;
  gateway: Gateway;
  sessions: SessionResolver;
  roles: Roles;
  scheduler: Scheduler;
  lexicons: LexiconApi;
  games: GameApi;
  /** Milliseconds of bot games per chunk (tests use less). */
  chunkBudgetMs?: number;
}): ModuleParts<PuzzleApi> {
  const { config, log } = deps;
  deps.gateway.realms((path) =>
    path === '/puzzle' || path.startsWith('/puzzle/') ? [PUZZLE_REALM] : [],
  );
  const store = new PuzzleStore(deps.db);
  const worker = new PuzzleWorker({
    lexicaCacheDir: config.lexicaCacheDir,
    lexiconDir: config.lexiconDir,
    lexicons: config.lexicons,
  });
  const games: FinishedGames = {
    endedBetween: (from, to, opts) => deps.games.endedBetween(from, to, opts),
    async document(id) {
      const row = await deps.games.row(id);
      return row ? toDocument(await deps.games.state(row)) : null;
    },
  };
  const generator = new PuzzleGenerator({
    store,
    run: (req) => worker.run(req),
    games,
    log,
    chunkBudgetMs: deps.chunkBudgetMs,
  });
  const runner = new PuzzleJobRunner(deps.scheduler, generator, log);
  const readPlain = (r: PlainJobRequest) => readPlainRequest(r, (n) => deps.lexicons.resolve(n));

  const module: ServerModule = {
    name: 'puzzle',
    routes: (router) =>
      puzzleRoutes(router, {
        store,
        sessions: deps.sessions,
        roles: deps.roles,
        generator,
        runner,
        resolveLexicon: (n) => deps.lexicons.resolve(n),
        lexicon: (n) => deps.lexicons.lexicon(n),
        defaultLexicon: DEFAULT_LEXICON,
        gameExists: async (id) => !!(await deps.games.row(id)),
        secretKey: config.puzzleSecretKey,
      }),
    async start() {
      await runner.scheduleUpkeep();
      if (!config.puzzleStarter || !deps.lexicons.resolve(DEFAULT_LEXICON)) return;
      if ((await store.puzzleCount(DEFAULT_LEXICON)) > 0) return;
      const starter = starterJob(DEFAULT_LEXICON);
      const id = await generator.create(starter.request, null, starter.id);
      if (id) {
        log.info({ lexicon: DEFAULT_LEXICON }, 'no puzzles yet: generating a starter set');
        await runner.enqueue(id);
      }
    },
    async stop() {
      await runner.stop(() => worker.close());
    },
  };
  return {
    module,
    api: {
      async startJob(request, by) {
        const id = (await generator.create(readPlain(request), by, undefined, request.seed))!;
        await runner.enqueue(id);
        return id;
      },
      async generateNow(request, by = null) {
        const id = (await generator.create(readPlain(request), by, undefined, request.seed))!;
        const job = await generator.runToEnd(id).catch(async (err: Error) => {
          await generator.fail(id, err.message);
          return (await generator.job(id))!;
        });
        return {
          jobId: id,
          puzzlesCreated: job.puzzles_created,
          fulfilled: job.fulfilled,
          error: job.error_status ?? '',
        };
      },
      count: (lexicon) => store.puzzleCount(lexicon),
    },
  };
}
