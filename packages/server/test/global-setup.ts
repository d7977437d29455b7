import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { COMMON_LEXICON, DEFAULT_LEXICON, ensureLexicons } from '@tessera/lexica';
import { openCore } from '../src/index.ts';

export const TEST_LEXICONS = [DEFAULT_LEXICON, COMMON_LEXICON];

/**
 * Creating a PGlite data folder runs initdb, which takes seconds; copying a
 * migrated one takes milliseconds. Build one template per run and let each
 * test server start from a copy.
 */
export async function setup(project: TestProject) {
  // Compiled word lists are cached by content hash, so one folder serves every run.
  const lexica = join(tmpdir(), 'tessera-test-lexica');
  await ensureLexicons({
    dataDir: lexica,
    lexiconDir: join(lexica, 'none'),
    builtins: TEST_LEXICONS,
  });
  project.provide('lexicaCacheDir', lexica);
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'tessera-template-'));
  const core = await openCore({ dataDir: dir, databaseUrl: undefined, logLevel: 'silent' });
  await core.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    lexicaCacheDir: string;
  }
}
