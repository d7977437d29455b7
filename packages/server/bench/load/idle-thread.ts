/**
 * The idle sockets' thread (idle-pool.ts): it opens them, sends their lag
 * probes and counts what they receive, so that receiving the lobby's pushes
 * on thousands of sockets does not delay the players' round trips measured
 * on the bench's main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { IdleSocket, inParallel } from './clients.ts';
import type { IdleReply, IdleRequest, IdleThreadData } from './idle-pool.ts';

const port = parentPort!;
const { url, path, count, probeMs } = workerData as IdleThreadData;
const post = (m: IdleReply) => port.postMessage(m);
const idle: IdleSocket[] = [];

try {
  await inParallel(count, 50, async () => {
    idle.push(await IdleSocket.open(url, path));
  });
  serve();
} catch (e) {
  for (const s of idle) s.close();
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}

function serve(): void {
  // The web client's lag probe, spread evenly over the interval.
  const TICK_MS = 100;
  let at = 0;
  const prober =
    probeMs > 0 && idle.length > 0
      ? setInterval(() => {
          const perTick = Math.ceil((idle.length * TICK_MS) / probeMs);
          for (let k = 0; k < perTick; k++) idle[at++ % idle.length].probe();
        }, TICK_MS)
      : undefined;

  port.on('message', (m: IdleRequest) => {
    if (m === 'stats') {
      post({
        type: 'stats',
        held: idle.filter((s) => !s.closed).length,
        received: idle.reduce((n, s) => n + s.received, 0),
      });
    } else {
      clearInterval(prober);
      for (const s of idle) s.close();
      post({ type: 'closed' });
    }
  });
  post({ type: 'ready', count: idle.length });
}
