/**
 * The event loop while big divisions are paired (issue 36, item 11;
 * docs/PERFORMANCE.md "Pairing off the event loop"): the server's pairing
 * pool (pairing-pool.ts, the workers the service pairs on) pairs a Swiss
 * round of 1,000 players and COP rounds of 100 and 300 players with 8 rounds
 * left, while on the main thread a probe makes an HTTP round trip to a
 * server of this process every 10 ms. `maxStallMs` is the longest any round
 * trip took (target: under 50 ms); `jobMs` is the pairing's own time.
 *
 * It stands in for the service: the pool and the loop are the server's, but
 * the probe's server is a bare one, not Tessera's HTTP stack.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emptyState, fold, pairingInput } from '@tessera/tournament';
import { PairingPool } from '../src/modules/tournament/pairing-pool.ts';
import { eventLog } from '../test/fixtures/big-event.ts';

type Emit = (record: Record<string, unknown>) => void;

function input(players: number, method: 'swiss' | 'cop') {
  const rounds = method === 'swiss' ? 12 : 16;
  const st = fold(eventLog(players, rounds, 8, 'swiss'), emptyState('stall'));
  const inp = pairingInput(st.divisions[0], 8, false);
  if (method === 'cop') {
    const rc = inp.division.roundControls!;
    for (let r = 8; r < rc.length; r++) rc[r] = { ...rc[r], pairingMethod: 'cop' };
  }
  return inp;
}

export async function bench(emit: Emit): Promise<void> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const pool = new PairingPool(1);
  // A first job starts the worker, so the figures below leave its start out.
  await pool.pair('warm', input(10, 'swiss'));
  const probeDuring = async (job: () => Promise<boolean>) => {
    let running = true;
    const trips: number[] = [];
    const probe = (async () => {
      while (running) {
        const t = performance.now();
        await (await fetch(url)).text();
        trips.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const t = performance.now();
    const ok = await job();
    const jobMs = Math.round(performance.now() - t);
    running = false;
    await probe;
    trips.sort((a, b) => a - b);
    return {
      ok,
      jobMs,
      probes: trips.length,
      p99Ms: Math.round(trips[Math.floor(trips.length * 0.99)] ?? 0),
      maxStallMs: Math.round(trips.at(-1) ?? 0),
    };
  };
  try {
    // The machine's own noise: the same probe for 3 s with nothing running.
    emit({
      bench: 'tournament.pairing.stall',
      method: 'none (baseline)',
      ...(await probeDuring(() => new Promise((r) => setTimeout(() => r(true), 3000)))),
    });
    for (const [players, method] of [
      [1000, 'swiss'],
      [100, 'cop'],
      [300, 'cop'],
    ] as const) {
      const inp = input(players, method);
      const figures = await probeDuring(async () => (await pool.pair(`stall/${players}`, inp)).ok);
      emit({ bench: 'tournament.pairing.stall', method, players, ...figures });
    }
  } finally {
    await pool.close();
    server.close();
  }
}
