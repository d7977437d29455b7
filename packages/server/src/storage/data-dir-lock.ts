import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process at a time on the embedded database (docs/decisions/0077).
 * PGlite keeps the database in the memory of the process that opened it and
 * writes it back to DATA_DIR; a second process on the same folder (an
 * operator command beside a running server) works on a copy the first never
 * sees, and their writes corrupt each other. Whoever opens DATA_DIR's PGlite
 * first writes `DATA_DIR/pglite.lock` with its process id; the next opener
 * is refused while that process lives. A lock left by a process that died
 * is taken over.
 */
export const LOCK_FILE = 'pglite.lock';

export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running Tessera server?). ` +
        'Only one process may open it: stop that server and run the command again, ' +
        'or run the server on PostgreSQL (DATABASE_URL), which several processes can share. ' +
        `If no such process runs Tessera, delete ${join(dataDir, LOCK_FILE)}.`,
    );
  }
}

interface LockContent {
  pid: number;
  startedAt: string;
}

/** The folders this process holds (a restarted container may reuse the old process id). */
const held = new Set<string>();

function alive(pid: number, path: string): boolean {
  if (pid === process.pid) return held.has(path);
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(path: string): number | undefined {
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof c.pid === 'number' ? c.pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes DATA_DIR's lock or throws DataDirInUse; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      const content: LockContent = { pid: process.pid, startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      held.add(path);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = holder(path);
      // Our own process counts too: two PGlite instances in one process clash the same way.
      if (pid !== undefined && alive(pid, path)) throw new DataDirInUse(dataDir, pid);
      if (attempt > 0) throw new DataDirInUse(dataDir, pid ?? -1);
      // A lock of a process that is gone (or a half-written one): take it over.
      unlinkSync(path);
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(path);
    if (holder(path) === process.pid) unlinkSync(path);
  };
}
