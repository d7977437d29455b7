import { ERRORS } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import { useTestServer } from './harness.ts';

const TOKEN = 'operator-token-for-the-test';
const server = useTestServer({ metricsToken: TOKEN, metricsPort: 0 });

async function scrape(url: string, token?: string) {
  const res = await fetch(`${url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one sample line ("name{labels} value"); 0 when the line is absent. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('/metrics', () => {
  it('counts the moves, transactions, sockets and games of a game played', async () => {
    const before = (await scrape(server.url, TOKEN)).text;
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb);
    // Until a move of the socket on this server (the other may be on a peer process) is in.
    let movedHere = false;
    while (!movedHere) {
      const m = await bestMove(server, gameId);
      const mover =
        m.player === 0 ? p.byId(m.g.players[0].userId!) : p.byId(m.g.players[1].userId!);
      const waiting = updateAfter(mover, m.eventCount, mover.received.length);
      sendMove(mover, gameId, m.text, m.eventCount);
      await waiting;
      movedHere = mover === p.sa;
    }
    const scraped = await scrape(server.url, TOKEN);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toContain('text/plain');
    const after = scraped.text;
    const moves = 'tessera_move_seconds_count{outcome="accepted"}';
    expect(sample(after, moves)).toBeGreaterThan(sample(before, moves));
    const tx = 'tessera_db_transaction_seconds_count{outcome="committed"}';
    expect(sample(after, tx)).toBeGreaterThan(sample(before, tx));
    expect(sample(after, 'tessera_transaction_changes_count')).toBeGreaterThan(
      sample(before, 'tessera_transaction_changes_count'),
    );
    const sent = 'tessera_bus_messages_total{direction="published"}';
    expect(sample(after, sent)).toBeGreaterThan(sample(before, sent));
    expect(sample(after, 'tessera_sockets')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'tessera_realms')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'tessera_games_in_progress')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    p.close();
  }, 60_000);

  it('is refused on the public port without the operator token', async () => {
    for (const token of [undefined, 'wrong-token', `${TOKEN}x`]) {
      const r = await scrape(server.url, token);
      expect(r.status).toBe(401);
      expect(r.text).toBe(String(ERRORS.METRICS_TOKEN_REQUIRED.code));
      expect(r.text).not.toContain('tessera_');
    }
  });

  it('is served on its own port, with the token asked for there too', async () => {
    const url = server.metricsUrl!;
    expect(url).toBeDefined();
    expect((await scrape(url)).status).toBe(401);
    const r = await scrape(url, TOKEN);
    expect(r.status).toBe(200);
    expect(r.text).toContain('tessera_move_seconds_bucket');
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });
});
