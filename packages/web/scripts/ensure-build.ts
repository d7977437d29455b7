/**
 * ensureWebBuild(): the built web app, building it first when it is missing
 * or older than its sources. The server's `serve` command and the browser
 * tests call it, so `npm start` on a fresh clone serves the app without a
 * separate build step.
 *
 * "Older" is decided by a stamp file written into dist/ after each build,
 * whose modification time is the moment that build started: any file under
 * src/, index.html, vite.config.ts, package.json or the protocol and engine
 * packages' sources (the bundle includes them) modified after it means the build is
 * stale. A lock
 * file keeps two processes (a server and a test run, or parallel tests)
 * from building into the same folder at once; whoever waited re-checks and
 * usually finds the build fresh.
 */
import { mkdir, open, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST_DIR = join(WEB_DIR, 'dist');

const STAMP_FILE = join(WEB_DIST_DIR, '.build-stamp');
const LOCK_FILE = join(WEB_DIR, 'node_modules', '.cache', 'tessera-web-build.lock');
/** A lock older than this belongs to a build that died; it is taken over. */
const STALE_LOCK_MS = 5 * 60_000;
const LOCK_POLL_MS = 200;

/** Files and folders whose changes call for a new build. */
export const BUILD_INPUTS = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'public'), // copied as they are (the favicon)
  join(WEB_DIR, 'vite.config.ts'),
  join(WEB_DIR, 'package.json'), // the app shows its version
  join(WEB_DIR, '..', 'protocol', 'src'),
  join(WEB_DIR, '..', 'engine', 'src'), // the game room and analyzer run the engine
];

let inProcess: Promise<string> | null = null;

export function ensureWebBuild(): Promise<string> {
  inProcess ??= ensure().finally(() => {
    inProcess = null;
  });
  return inProcess;
}

async function ensure(): Promise<string> {
  if (!(await isStale())) return WEB_DIST_DIR;
  const release = await acquireLock();
  try {
    if (await isStale()) await buildNow();
  } finally {
    await release();
  }
  return WEB_DIST_DIR;
}

/** True when dist is missing, unstamped, or some input is newer than the stamp. */
export async function isStale(): Promise<boolean> {
  const stamp = await mtimeOf(STAMP_FILE);
  if (stamp === undefined || (await mtimeOf(join(WEB_DIST_DIR, 'index.html'))) === undefined) {
    return true;
  }
  for (const input of BUILD_INPUTS) {
    if ((await newestMtime(input)) > stamp) return true;
  }
  return false;
}

async function buildNow(): Promise<void> {
  const startedAt = new Date();
  // Imported here so servers that find a fresh build never load Vite.
  const { build } = await import('vite');
  // Vite bundles React's development build when NODE_ENV says so, and test
  // runners set NODE_ENV=test: what is served must be the production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB_DIR,
      configFile: join(WEB_DIR, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(STAMP_FILE, `built ${startedAt.toISOString()}\n`);
  await utimes(STAMP_FILE, startedAt, startedAt);
}

async function mtimeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of a file, or of any file below a folder (0 if none). */
async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

async function acquireLock(): Promise<() => Promise<void>> {
  await mkdir(dirname(LOCK_FILE), { recursive: true });
  for (;;) {
    try {
      const handle = await open(LOCK_FILE, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(LOCK_FILE, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - ((await mtimeOf(LOCK_FILE)) ?? Date.now());
      if (age > STALE_LOCK_MS) await rm(LOCK_FILE, { force: true });
      else await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
    }
  }
}

// `npx tsx packages/web/scripts/ensure-build.ts` builds if needed and prints the folder.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureWebBuild());
}
