import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../workers/ts-worker.ts';
import type { FinderReply, FinderRequest } from './finder-job.ts';

/**
 * One puzzle worker thread per process, started on first use: generation is
 * background work, so one thread (of the machine's few cores) is enough, and
 * requests queue behind each other.
 */
export class PuzzleWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve: (r: FinderReply) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;

  constructor(
    private readonly data: {
      lexicaCacheDir: string;
      lexiconDir: string;
      lexicons: 'all' | string[];
    },
  ) {}

  private start(): Worker {
    const worker = startTsWorker(new URL('./worker.ts', import.meta.url), this.data);
    worker.on('message', (m: { id: number; reply?: FinderReply; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (!p) return;
      if (m.reply) p.resolve(m.reply);
      else p.reject(new Error(m.error ?? 'puzzle worker failed'));
    });
    const failAll = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, p] of this.pending) {
        p.reject(err);
        this.pending.delete(id);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('puzzle worker stopped')));
    // Idle, the thread must not keep the process alive; busy, it must: a
    // caller with nothing else pending (the CLI) would otherwise exit while
    // waiting for a chunk.
    worker.unref();
    return worker;
  }

  run(req: FinderRequest): Promise<FinderReply> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.ref();
      this.worker!.postMessage({ id, req });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}
