import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureLexicons } from '@tessera/lexica';
import { MessageType } from '@tessera/protocol';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendMove, startGame, updateAfter } from './game-helpers.ts';
import { TEST_LEXICONS } from './global-setup.ts';
import { registerUser, type ServerProcess, startServerProcess, TestSocket } from './harness.ts';

/**
 * PGlite on a worker thread (PGLITE_WORKER, decision 0155) keeps today's
 * durability: a server process killed with SIGKILL takes its database thread
 * with it, and the next process on the same data folder finds every move it
 * acknowledged, and the folder's lock of the dead process taken over.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pglite-crash-'));
const processes: ServerProcess[] = [];
beforeAll(async () => {
  const dir = inject('lexicaCacheDir');
  await ensureLexicons({ dataDir: dir, lexiconDir: join(dir, 'none'), builtins: TEST_LEXICONS });
});
afterAll(async () => {
  for (const p of processes) await p.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const SECRET_KEY = randomBytes(24).toString('hex');
async function start(): Promise<ServerProcess> {
  const p = await startServerProcess({
    PGLITE_WORKER: '1',
    DATA_DIR: dataDir,
    SECRET_KEY,
    LEXICA_CACHE_DIR: inject('lexicaCacheDir'),
    LEXICONS: TEST_LEXICONS.join(','),
  });
  processes.push(p);
  return p;
}

// PGlite only: with DATABASE_URL the server process would use that server, not the worker.
describe.skipIf(!!process.env.DATABASE_URL)('PGlite on a worker thread, killed', () => {
  it('loses no acknowledged move when the server process is killed with SIGKILL', async () => {
    const first = await start();
    const [a, b] = [await registerUser(first), await registerUser(first)];
    const sa = await TestSocket.withToken(first, a.cookie, '/');
    const sb = await TestSocket.withToken(first, b.cookie, '/');
    for (const s of [sa, sb]) await s.next(MessageType.SESSION_INFO);
    const gameId = await startGame(sa, sb);
    const path = `/game/${gameId}`;
    const watcher = await TestSocket.open(first, `?path=${encodeURIComponent(path)}`);
    const opening = await watcher.next(MessageType.GAME_HISTORY_REFRESHER);
    let onTurn = (opening.history as { playerOnTurn: number }).playerOnTurn;
    const seats = (opening.history as { players: { userId: string }[] }).players;
    const socketOf = (i: number) => (seats[i]!.userId === a.userId ? sa : sb);

    // Three passes, each acknowledged to the mover before the next.
    let acknowledged = 0;
    for (let i = 0; i < 3; i++) {
      const s = socketOf(onTurn);
      const from = s.received.length;
      sendMove(s, gameId, '-', acknowledged);
      const update = await updateAfter(s, acknowledged, from);
      acknowledged = update.eventCount as number;
      onTurn = update.playerOnTurn as number;
    }
    expect(acknowledged).toBe(3);
    await first.kill();

    const second = await start();
    const back = await TestSocket.open(second, `?path=${encodeURIComponent(path)}`);
    const refresher = await back.next(MessageType.GAME_HISTORY_REFRESHER);
    expect((refresher.history as { events: unknown[] }).events).toHaveLength(acknowledged);
    const health = await (await fetch(`${second.url}/healthz`)).json();
    expect(health).toMatchObject({ database: 'pglite' });
    back.close();
  }, 180_000);
});
