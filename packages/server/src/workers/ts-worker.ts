import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on a TypeScript file. A worker's entry script runs
 * before any loader hook applies, so the entry is a tiny module that
 * registers tsx and then imports the real file.
 */
export function startTsWorker(file: URL, workerData: unknown): Worker {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const tsx = pathToFileURL(join(dirname(pkgFile), pkg.exports['./esm/api'].import.default)).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(code, { eval: true, workerData, env: process.env });
}
