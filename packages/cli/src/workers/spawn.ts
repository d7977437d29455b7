/**
 * One-shot worker threads for CLI commands. Starting a TypeScript worker
 * (registering tsx before the real file loads) is the server's
 * `startTsWorker`; this waits for the worker's single answer.
 */
import { startTsWorker } from '@tessera/server/workers';

/** Run `file` (a URL of a .ts worker) with `data`; resolves with its one message. */
export function runWorker<T>(file: URL, data: unknown): Promise<T> {
  const worker = startTsWorker(file, data);
  return new Promise((resolve, reject) => {
    let done = false;
    worker.once('message', (result: T) => {
      done = true;
      resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (exit) => {
      if (!done) reject(new Error(`worker ${file.pathname} exited with code ${exit}`));
    });
  });
}
