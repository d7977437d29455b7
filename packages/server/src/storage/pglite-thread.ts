import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../workers/ts-worker.ts';
import {
  errorFromData,
  type PgliteReply,
  type PgliteRequest,
  type PgliteResult,
  type PgliteThreadData,
} from './pglite-protocol.ts';

type Pending = { resolve(reply: PgliteReply): void; reject(e: Error): void };
type Send =
  | { op: 'query'; sql: string; params: unknown[]; begin?: true }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

/**
 * PGlite on a worker thread of ours (PGLITE_WORKER, decision 0155): the same
 * `query` and `close` the pool uses on an in-process PGlite
 * (pglite-pool.ts), each sent to the thread and awaited. PGlite's own worker
 * mode is written for browsers' workers and needs navigator.locks.
 *
 * The thread holds the event loop open only while a request is out, as an
 * in-process PGlite would: a script that has finished with the database is
 * not kept alive by it. A SIGKILL ends the thread with the process, so what
 * PGlite has written is all there is, as on the main thread.
 */
export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set once the thread has gone (closed, crashed or never opened): every request is refused with it. */
  private gone?: Error;
  private opened = false;

  private constructor(
    private readonly worker: Worker,
    private readonly onGone?: (err: Error) => void,
  ) {
    worker.on('message', (m: PgliteReply) => this.settle(m));
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) =>
      this.fail(new Error(`the PGlite thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread and opens PGlite in `dir` (a data folder or
   * 'memory://'). `onGone` hears of a thread that died after opening.
   */
  static async open(dir: string, onGone?: (err: Error) => void): Promise<PgliteThread> {
    const data: PgliteThreadData = { dir };
    const thread = new PgliteThread(
      startTsWorker(new URL('./pglite-worker.ts', import.meta.url), data),
      onGone,
    );
    const answer = thread.await(0);
    try {
      thread.check(await answer);
    } catch (e) {
      await thread.worker.terminate();
      throw e;
    }
    thread.opened = true;
    return thread;
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<PgliteResult<R>> {
    const reply = await this.send({ op: 'query', sql, params });
    return (this.check(reply) as { result: PgliteResult<R> }).result;
  }

  /**
   * A transaction's BEGIN and its first statement in one message (the
   * pool's, pglite-pool.ts): the statement runs only if BEGIN succeeded,
   * and if it did not the thread refuses what follows until the
   * transaction's ROLLBACK.
   */
  async beginWith<R>(sql: string, params: unknown[] = []): Promise<PgliteResult<R>> {
    const reply = await this.send({ op: 'query', sql, params, begin: true });
    return (this.check(reply) as { result: PgliteResult<R> }).result;
  }

  /** Several statements in one text, without parameters (PGlite's `exec`). */
  async exec(sql: string): Promise<PgliteResult[]> {
    const reply = await this.send({ op: 'exec', sql });
    return (this.check(reply) as { results: PgliteResult[] }).results;
  }

  /** Closes PGlite in the thread (it writes what it holds), then ends the thread. */
  async close(): Promise<void> {
    if (this.gone) return;
    try {
      this.check(await this.send({ op: 'close' }));
    } finally {
      this.gone ??= new Error('the PGlite thread is closed');
      await this.worker.terminate();
    }
  }

  private send(m: Send): Promise<PgliteReply> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    const reply = this.await(id);
    try {
      this.worker.postMessage({ ...m, id } as PgliteRequest);
    } catch (e) {
      // A parameter a structured clone refuses (a function, say).
      this.pending.delete(id);
      this.idle();
      return Promise.reject(e as Error);
    }
    return reply;
  }

  private await(id: number): Promise<PgliteReply> {
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private settle(m: PgliteReply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    this.idle();
    p.resolve(m);
  }

  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(e: Error): void {
    if (!this.gone && this.opened) this.onGone?.(e);
    this.gone ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private check(reply: PgliteReply): PgliteReply {
    if ('error' in reply) throw errorFromData(reply.error);
    return reply;
  }
}
