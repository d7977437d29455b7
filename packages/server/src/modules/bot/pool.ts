import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { BotKind, BotPosition, SearchLimits } from '@tessera/engine/ai';
import { startTsWorker } from '../../workers/ts-worker.ts';

interface Pending {
  resolve: (move: string) => void;
  reject: (err: Error) => void;
}

/**
 * Bot moves are computed on worker threads so a thinking bot never blocks
 * the socket loop. Jobs go to the worker with the fewest jobs in flight.
 */
export class BotPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly data: {
      lexicaCacheDir: string;
      lexiconDir: string;
      lexicons: 'all' | string[];
    },
    private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1)),
  ) {}

  private spawn() {
    const worker = startTsWorker(new URL('./worker.ts', import.meta.url), this.data);
    const slot = { worker, busy: 0 };
    worker.on('message', (m: { id: number; move?: string; error?: string }) => {
      slot.busy--;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.move !== undefined) p.resolve(m.move);
      else p.reject(new Error(m.error ?? 'bot failed'));
    });
    worker.on('error', (err) => {
      // A crashed worker fails what it had and is replaced on the next job.
      this.workers.splice(this.workers.indexOf(slot), 1);
      for (const [id, p] of this.pending) {
        p.reject(err);
        this.pending.delete(id);
      }
    });
    worker.unref();
    this.workers.push(slot);
    return slot;
  }

  move(kind: BotKind, position: BotPosition, seed: number, limits: SearchLimits): Promise<string> {
    const slot =
      this.workers.length < this.size
        ? this.spawn()
        : this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    slot.busy++;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, kind, position, seed, limits });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}
