import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { replay } from '@tessera/engine';
import { Movegen } from '@tessera/engine/ai';
import { ensureLexicons, loadLexicon } from '@tessera/lexica';
import { ChatMessageSchema, GameEndReason, MessageType } from '@tessera/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendMove, startGame, updateAfter } from './game-helpers.ts';
import { TEST_LEXICONS } from './global-setup.ts';
import {
  dropDatabase,
  freshDatabaseUrl,
  registerUser,
  type ServerProcess,
  startServerProcess,
  TestSocket,
  TWO_PROCESSES as shared,
} from './harness.ts';

beforeAll(async () => {
  if (!shared) return;
  const dir = inject('lexicaCacheDir');
  await ensureLexicons({
    dataDir: dir,
    lexiconDir: join(dir, 'none'),
    builtins: TEST_LEXICONS,
  });
});

const processes: ServerProcess[] = [];
const databases: string[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  for (const db of databases) await dropDatabase(db);
});

async function startProcess(env: Record<string, string>): Promise<{ url: string }> {
  const p = await startServerProcess({
    ...env,
    LEXICA_CACHE_DIR: inject('lexicaCacheDir'),
    LEXICONS: TEST_LEXICONS.join(','),
  });
  processes.push(p);
  return p;
}

describe.skipIf(!shared)('multi-process (NATS_URL and DATABASE_URL)', () => {
  it('a chat line sent by a socket on process A reaches a socket on process B', async () => {
    const databaseUrl = (await freshDatabaseUrl())!;
    databases.push(databaseUrl);
    const env = {
      DATABASE_URL: databaseUrl,
      NATS_URL: process.env.NATS_URL!,
      NATS_PREFIX: `tessera-test-${randomBytes(6).toString('hex')}`,
      SECRET_KEY: randomBytes(24).toString('hex'),
    };
    // Both start together: the migration lock keeps them from racing.
    const [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
    const alice = await registerUser(a);
    const bob = await registerUser(b);
    const sa = await TestSocket.withToken(a, alice.cookie, '/');
    const sb = await TestSocket.withToken(b, bob.cookie, '/');
    await Promise.all([sa.next(MessageType.SESSION_INFO), sb.next(MessageType.SESSION_INFO)]);
    const health = await (await fetch(`${b.url}/healthz`)).json();
    expect(health).toMatchObject({ bus: 'nats', database: 'postgres' });

    sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      channel: 'chat.lobby',
      message: 'hello from A',
    });
    expect(await sb.next(MessageType.CHAT_MESSAGE, 0, 10_000)).toMatchObject({
      message: 'hello from A',
      sender: alice.username,
    });

    const pm = `chat.pm.${[alice.userId, bob.userId].sort().join('_')}`;
    const from = sa.received.length;
    sb.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      channel: pm,
      message: 'and back from B',
    });
    const back = (m: Record<string, unknown>) => m.message === 'and back from B';
    expect(await sa.nextWhere(MessageType.CHAT_MESSAGE, back, from, 10_000)).toMatchObject({
      channel: pm,
    });
    sa.close();
    sb.close();

    // A whole game with one player on each process.
    const pa = await TestSocket.withToken(a, alice.cookie, '/');
    const pb = await TestSocket.withToken(b, bob.cookie, '/');
    await Promise.all([pa.next(MessageType.SESSION_INFO), pb.next(MessageType.SESSION_INFO)]);
    const gameId = await startGame(pa, pb);
    const oracle = new pg.Client({ connectionString: databaseUrl });
    await oracle.connect();
    try {
      const sockets = (userId: string) => (userId === alice.userId ? pa : pb);
      for (let turn = 0; turn < 150; turn++) {
        const m = await oracleMove(oracle, gameId);
        if (!m) break;
        const s = sockets(m.userId);
        sendMove(s, gameId, m.text);
        await updateAfter(s, m.eventCount, 0);
      }
      const ended = (await pa.next(MessageType.GAME_ENDED_EVENT, 0, 10_000)) as {
        endReason: number;
      };
      expect([GameEndReason.STANDARD, GameEndReason.CONSECUTIVE_ZEROES]).toContain(ended.endReason);
      await pb.next(MessageType.GAME_ENDED_EVENT, 0, 10_000);
    } finally {
      await oracle.end();
      pa.close();
      pb.close();
    }
  }, 180_000);
});

/** The best move for whoever is on turn, read straight from the shared database. */
async function oracleMove(db: pg.Client, gameId: string) {
  const row = (await db.query('SELECT * FROM games WHERE id = $1', [gameId])).rows[0];
  if (row.ended_at) return undefined;
  const events = (
    await db.query('SELECT event FROM game_events WHERE game_id = $1 ORDER BY idx', [gameId])
  ).rows;
  const made = replay(
    row.setup,
    events.map((e) => e.event),
  );
  if (!made.ok) throw new Error(made.message);
  const g = made.value;
  const p = g.playerOnTurn;
  let text = '-';
  if (g.playState !== 'WAITING_FOR_FINAL_PASS') {
    const gen = new Movegen(loadLexicon(g.rules.lexicon), g.set, g.rules.boardLayout);
    const list = gen.generate(g.board.squares, g.racks[p].counts, { top: 1, bagSize: g.bag.size });
    text = gen.moveText(list, list.sortedByEquity()[0]);
  }
  return { userId: g.players[p].userId, text, eventCount: Number(row.event_count) };
}
