import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, inject, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../../..');

/**
 * The puzzle worker thread must keep its process alive while it works (and
 * only then): `tessera puzzles generate` has nothing else pending while a
 * chunk runs, and used to end with Node's code 13 (an unsettled top-level
 * await) in the middle of one.
 */
it('keeps a process with nothing else to do alive until each chunk is back, then lets it end', async () => {
  const r = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(HERE, 'puzzle-worker-child.ts'), inject('lexicaCacheDir')],
    { cwd: ROOT, timeout: 120_000 },
  ).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect(r.stdout).toBe('chunk 0: 1 game\nchunk 1: 1 game\n');
  expect('code' in r ? r.code : 0, r.stderr).toBe(0);
}, 150_000);
