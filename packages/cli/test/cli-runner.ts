import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, promisify } from 'node:util';
import { afterAll, beforeAll, vi } from 'vitest';
import { main } from '../src/main.ts';

const run = promisify(execFile);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/tessera.mjs');

/** What a `tessera` command printed and the exit code it gave. */
export interface Ran {
  code: number;
  out: string;
  err: string;
}

/** The variables the commands read that a test file pins (and puts back after). */
const PINNED = ['DATA_DIR', 'DATABASE_URL', 'NATS_URL'] as const;

/**
 * A fresh DATA_DIR with PGlite for this test file, no PostgreSQL and no NATS,
 * and two ways to run `tessera`: `tessera` through the CLI's own `main` in
 * this process (what it prints and the code it returns; a process per call
 * cost about ten seconds each: tsx compiling the server, PGlite opening), and
 * `tesseraProcess` as its own process, exactly as an operator runs it.
 */
export function cliInDataDir(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const saved = Object.fromEntries(PINNED.map((k) => [k, process.env[k]]));
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = '';
    delete process.env.NATS_URL;
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tesseraProcess = (...args: string[]): Promise<Ran> =>
    run(process.execPath, [bin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '' },
    }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: e.stdout,
        err: e.stderr,
      }),
    );

  async function tessera(...args: string[]): Promise<Ran> {
    const out: string[] = [];
    const err: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((...a) => void out.push(`${format(...a)}\n`));
    const error = vi
      .spyOn(console, 'error')
      .mockImplementation((...a) => void err.push(`${format(...a)}\n`));
    try {
      const code = await main(args);
      return { code, out: out.join(''), err: err.join('') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  return { dataDir, tessera, tesseraProcess };
}
