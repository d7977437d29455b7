import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/tessera.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-cli-puzzles-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// The server suite's compiled word lists, when present, spare a first build.
const lexica = join(tmpdir(), 'tessera-test-lexica');

const tessera = (...args: string[]) =>
  run(process.execPath, [bin, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LEXICONS: `${DEFAULT_LEXICON},${COMMON_LEXICON}`,
      ...(existsSync(lexica) ? { LEXICA_CACHE_DIR: lexica } : {}),
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout,
      err: e.stderr,
    }),
  );

it('generates puzzles into the database, logs the job and refuses bad requests', async () => {
  const made = await tessera('puzzles', 'generate', '--count', '4', '--no-sim', '--seed', '3');
  expect(made.code, made.err).toBe(0);
  expect(made.out).toMatch(/ bot games {2}\d+ games {2}4 puzzles {2}fulfilled\n$/);
  expect((await tessera('puzzles', 'count', DEFAULT_LEXICON)).out).toBe('4\n');
  expect((await tessera('puzzles', 'jobs')).out.trim().split('\n')).toHaveLength(1);
  const bad = await tessera('puzzles', 'generate', '--ld', 'klingon');
  expect(bad).toMatchObject({
    code: 2,
    err: 'tessera puzzles: Unknown letter distribution klingon\n',
  });
  expect((await tessera('puzzles', 'generate', '--count', 'x')).code).toBe(2);
}, 300_000);
