import { create } from '@bufbuild/protobuf';
import { PuzzleGenerationRequestSchema } from '@tessera/protocol';
import { DEFAULT_LEXICON, ensureLexicons, listLexicons, resolveLexiconName } from '@tessera/lexica';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import { createSchedulerModule } from '../scheduler/index.ts';
import { PuzzleGenerator } from './generation.ts';
import { readJobRequest, tagValue, type JobRequest } from './job-request.ts';
import { JOB_KIND } from './jobs.ts';
import type { JobRow } from './migrations.ts';
import { PuzzleStore } from './store.ts';
import { PuzzleWorker } from './worker-pool.ts';

/** A generation request in plain terms (tags by name); unset fields take the defaults. */
export type PlainJobRequest = Partial<
  Omit<JobRequest, 'buckets' | 'letterDistribution'> & {
    letterDistribution: string;
    buckets: { size: number; includes?: string[]; excludes?: string[] }[];
  }
> & { seed?: number };

/** Reads a plain request as the RPC reads a wire one (same checks, same defaults). */
export function readPlainRequest(
  r: PlainJobRequest,
  resolveLexicon: (name: string) => string | undefined,
): JobRequest {
  return {
    ...readJobRequest(
      create(PuzzleGenerationRequestSchema, {
        ...r,
        botVsBot: r.botVsBot ?? true,
        buckets: (r.buckets ?? []).map((b) => ({
          size: b.size,
          includes: (b.includes ?? []).map(tagValue),
          excludes: (b.excludes ?? []).map(tagValue),
        })),
      }),
      resolveLexicon,
      DEFAULT_LEXICON,
    ),
    simulate: r.simulate,
  };
}

/**
 * Generation without a server (`tessera puzzles generate`): bot-versus-bot
 * jobs run here, on a worker thread, against the configured database, and
 * are logged like the admin page's jobs; a job over stored games is queued
 * for a running server, which reads the games through the game module.
 */
export async function generateOffline(
  db: Db,
  config: Config,
  log: Logger,
  plain: PlainJobRequest,
  progress: (job: JobRow) => void,
): Promise<{ job: JobRow | undefined; queued: boolean }> {
  const wanted = plain.lexicon?.trim().toUpperCase() || DEFAULT_LEXICON;
  await ensureLexicons({
    dataDir: config.lexicaCacheDir,
    lexiconDir: config.lexiconDir,
    builtins: config.lexicons,
    only: [resolveLexiconName(wanted)],
  });
  const names = new Set(listLexicons().map((l) => l.name));
  const resolve = (n: string) => {
    const name = resolveLexiconName(n.trim().toUpperCase());
    return names.has(name) ? name : undefined;
  };
  const request = readPlainRequest(plain, resolve);
  const worker = new PuzzleWorker({
    lexicaCacheDir: config.lexicaCacheDir,
    lexiconDir: config.lexiconDir,
    lexicons: config.lexicons,
  });
  const generator = new PuzzleGenerator({
    store: new PuzzleStore(db),
    run: (req) => worker.run(req),
    log,
  });
  try {
    const id = (await generator.create(request, null, undefined, plain.seed))!;
    if (!request.botVsBot) {
      const { api } = createSchedulerModule({ db, log });
      await api.schedule({ kind: JOB_KIND, key: id, runAt: Date.now() });
      return { job: await generator.job(id), queued: true };
    }
    for (;;) {
      const done = await generator.runChunk(id).catch(async (err: Error) => {
        await generator.fail(id, err.message);
        return true;
      });
      const job = (await generator.job(id))!;
      progress(job);
      if (done) {
        await generator.vacuum();
        return { job, queued: false };
      }
    }
  } finally {
    await worker.close();
  }
}
