import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { startServer } from '../src/app.ts';
import { createScratchDatabase, dropScratchDatabase } from '../src/storage/scratch-database.ts';

/**
 * A quiet server for a storage bench: PGlite in a temporary folder, or a
 * scratch database on the PostgreSQL server `baseUrl` names; the default
 * lexicon only, no web app, no starter puzzles. `dispose` removes it all.
 */
export async function startBenchServer(tag: string, baseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), `tessera-${tag}-bench-`));
  const databaseUrl = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
  const testLexica = join(tmpdir(), 'tessera-test-lexica');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    logLevel: 'silent',
    secretKey: randomBytes(24).toString('hex'),
    lexicons: [DEFAULT_LEXICON],
    lexicaCacheDir: existsSync(testLexica) ? testLexica : undefined,
    webDist: join(dataDir, 'no-web'),
    puzzleStarter: false,
  });
  const dispose = async () => {
    await server.close();
    if (databaseUrl && baseUrl) await dropScratchDatabase(baseUrl, databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, dispose };
}
