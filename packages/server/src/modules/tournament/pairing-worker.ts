/**
 * A pairing worker thread (pairing-pool.ts): runs the pure pairing engine on
 * the plain data it is sent and posts the result back, so a Swiss of
 * thousands or a COP of seconds never blocks the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { pairRound } from '@tessera/pairing';
import type { PairingInput } from '@tessera/tournament';

parentPort?.on('message', (m: { id: number; json: string }) => {
  try {
    // The input comes as JSON text (pairing-pool.ts `run`).
    const input = JSON.parse(m.json) as PairingInput;
    const result = pairRound(input.division, input.round, input.options);
    parentPort?.postMessage({ id: m.id, result });
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
