import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../src/workers/ts-worker.ts';

export interface IdleThreadData {
  url: string;
  path: string;
  count: number;
  /** Each socket's lag probe interval (0: none). */
  probeMs: number;
}
export type IdleRequest = 'stats' | 'close';
export type IdleReply =
  | { type: 'ready'; count: number }
  | { type: 'error'; message: string }
  | { type: 'stats'; held: number; received: number }
  | { type: 'closed' };

/**
 * The load bench's anonymous idle sockets, held on a thread of their own
 * (idle-thread.ts). In a lobby of 20,000 sockets each push of the live
 * games list is hundreds of megabytes for the idle sockets to receive; on
 * the bench's main thread that stalled it for up to a second, and the
 * players' round trips it measured then included the stall.
 */
export class IdlePool {
  private waiting: ((m: IdleReply) => void)[] = [];

  private constructor(
    private readonly worker: Worker,
    readonly count: number,
  ) {
    worker.on('message', (m: IdleReply) => this.waiting.shift()?.(m));
  }

  static async open(data: IdleThreadData): Promise<IdlePool> {
    const worker = startTsWorker(new URL('./idle-thread.ts', import.meta.url), data);
    const first = await new Promise<IdleReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (first.type !== 'ready') {
      await worker.terminate();
      throw new Error(`idle sockets: ${first.type === 'error' ? first.message : first.type}`);
    }
    return new IdlePool(worker, first.count);
  }

  async stats(): Promise<{ held: number; received: number }> {
    const m = await this.ask('stats');
    return m.type === 'stats' ? m : { held: 0, received: 0 };
  }

  async close(): Promise<void> {
    await this.ask('close');
    await this.worker.terminate();
  }

  private ask(request: IdleRequest): Promise<IdleReply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.worker.postMessage(request);
    });
  }
}
