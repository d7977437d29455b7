import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildLexicon } from './build.ts';
import type { LexiconOrigin, LexiconSource } from './sources.ts';

export interface CompileJob {
  readonly name: string;
  readonly origin: LexiconOrigin;
  readonly lexiconDir: string;
}

export interface Compiled {
  readonly bytes: Uint8Array;
  readonly words: number;
  readonly skipped: number;
  /** Where it was compiled. */
  readonly thread?: 'worker' | 'main';
}

/**
 * 'auto' uses a worker thread for built-in sources (spelling dictionaries
 * expand to millions of forms even from small files; ENABLE is 3 MB of text
 * behind a 450 KB file) and for operator lists of at
 * least this many bytes; a small list builds faster than a worker starts.
 */
const WORKER_THRESHOLD = 2 * 1024 * 1024;

export type WorkerMode = 'auto' | 'always' | 'never';

function inProcess(src: LexiconSource): Compiled {
  const { lexicon, skipped } = buildLexicon(src.name, src.letterSet, src.words());
  return { bytes: lexicon.toBytes(), words: lexicon.wordCount, skipped, thread: 'main' };
}

function sourceBytes(src: LexiconSource): number {
  return src.files.reduce((n, f) => n + statSync(f).size, 0);
}

/**
 * Compiles a source, in a worker thread when it is big: a first start then
 * builds several lexicons at once on a multi-core machine and leaves the
 * calling thread (a starting server) free. The worker loads the TypeScript
 * sources through tsx, as the rest of the platform does; if it cannot start,
 * the build falls back to this thread. Sources supplied directly by a caller
 * (`ensureLexicons({ sources })`) cannot be found again by a worker and are
 * always built here.
 */
export async function compileSource(
  src: LexiconSource,
  lexiconDir: string,
  mode: WorkerMode,
  injected: boolean,
  signal?: AbortSignal,
): Promise<Compiled> {
  const useWorker =
    !injected &&
    (mode === 'always' ||
      (mode === 'auto' && (src.origin !== 'operator' || sourceBytes(src) >= WORKER_THRESHOLD)));
  if (!useWorker) return inProcess(src);
  try {
    return await inWorker({ name: src.name, origin: src.origin, lexiconDir }, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    return inProcess(src);
  }
}

/**
 * The URL of tsx's ESM register API, read from tsx's own export map (the
 * CommonJS variant cannot register hooks from inside a worker).
 */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api'].import.default)).href;
}

function inWorker(job: CompileJob, signal?: AbortSignal): Promise<Compiled> {
  // A worker's entry file is loaded before any --import hook applies, so the
  // entry is a tiny script that registers tsx and then imports the real one.
  const entry = new URL('./build-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(code, { eval: true, workerData: job });
    // Stopping the server ends a build at once rather than waiting for it.
    const abort = () => void worker.terminate();
    signal?.addEventListener('abort', abort, { once: true });
    let done = false;
    worker.once('message', (result: Compiled) => {
      done = true;
      resolve({ ...result, thread: 'worker' });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', abort);
      if (!done) reject(signal?.reason ?? new Error(`lexicon worker exited with code ${code}`));
    });
  });
}
