import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The command `tessera cluster` runs for each node, from this checkout. */
export const NODE_COMMAND = [
  process.execPath,
  join(dirname(fileURLToPath(import.meta.url)), '../../cli/bin/tessera.mjs'),
  'serve',
  '--no-build',
];

/** Debian's HAProxy is on this machine (the cluster tests need it). */
export function haproxyInstalled(): boolean {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
