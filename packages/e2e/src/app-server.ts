import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import { startServer, type RunningServer, type StartOptions } from '@tessera/server';
import { ensureWebBuild } from '@tessera/web';

export interface AppServer {
  url: string;
  /** The running server's modules (the current instance's, after a restart). */
  readonly services: RunningServer['services'];
  /** Accounts and roles of the running server (tests grant roles here). */
  readonly core: RunningServer['core'];
  /** Stops the server and starts it again on the same port and storage: pages reconnect. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** Built-in lexicons to offer (default: the default and common English ones). */
  lexicons?: string[];
  /**
   * Where compiled lexicons are cached (default: the folder the test suites
   * share, so browser tests never compile word lists of their own).
   */
  lexicaCacheDir?: string;
  /** Further settings (a fixed port and public URL, OAuth providers, STUN/TURN servers…). */
  overrides?: Partial<StartOptions>;
}

/**
 * The whole platform in this process, as `npm start` runs it: the built web
 * app (built first if its sources changed), the API and the websocket, on a
 * free port with PGlite in a temporary folder that is removed on close.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const webDist = await ensureWebBuild();
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-e2e-'));
  const settings: StartOptions = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist,
    databaseUrl: undefined,
    natsUrl: undefined,
    smtpUrl: undefined,
    logLevel: 'silent',
    lexicons: options.lexicons ?? [DEFAULT_LEXICON, COMMON_LEXICON],
    lexicaCacheDir: options.lexicaCacheDir ?? join(tmpdir(), 'tessera-test-lexica'),
    // No starter puzzles: their bot games would run behind every browser test (seedPuzzles makes a few).
    puzzleStarter: false,
    ...options.overrides,
  };
  let server = await startServer(settings);
  const port = server.port;
  return {
    url: server.url,
    get services() {
      return server.services;
    },
    get core() {
      return server.core;
    },
    async restart() {
      await server.close();
      server = await startServer({ ...settings, port });
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
