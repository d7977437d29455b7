/**
 * Pairing off the event loop (issue 36, decision 0123). Pairing and COP run
 * on worker threads (as bot moves do, bot/pool.ts), each job with a deadline:
 * a worker past it is terminated (a pure computation cannot be asked to
 * stop) and the caller is refused with TOURNAMENT_PAIRING_TIMEOUT.
 *
 * One pairing at a time per division: a job waits for the one before it on
 * the same key; a repeat call with the same input while one runs (or
 * waits) joins it (one computation, both callers get its result).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { refuse } from '@tessera/protocol';
import type { PairingResult } from '@tessera/pairing';
import type { PairingInput } from '@tessera/tournament';
import { startTsWorker } from '../../workers/ts-worker.ts';

/** How long one pairing may take (COP shares a 2.5 s budget, decision 0148; Swiss of 1,000 players well under). */
export const PAIRING_DEADLINE_MS = 60_000;

interface Slot {
  worker: Worker;
  busy: boolean;
}

export interface Pairer {
  pair(key: string, input: PairingInput): Promise<PairingResult>;
  close(): Promise<void>;
}

export class PairingPool implements Pairer {
  private readonly idle: Slot[] = [];
  private readonly all = new Set<Slot>();
  private readonly waiting: ((slot: Slot) => void)[] = [];
  /** The last job per division (running or waiting), its input's fingerprint and its result. */
  private readonly tails = new Map<string, { print: string; result: Promise<PairingResult> }>();
  private nextId = 1;

  constructor(
    private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    private readonly deadlineMs = PAIRING_DEADLINE_MS,
  ) {}

  pair(key: string, input: PairingInput): Promise<PairingResult> {
    const print = JSON.stringify(input);
    const tail = this.tails.get(key);
    if (tail && tail.print === print) return tail.result;
    const before = tail?.result.catch(() => undefined) ?? Promise.resolve();
    const result = before.then(() => this.run(print));
    const entry = { print, result };
    this.tails.set(key, entry);
    const forget = () => {
      if (this.tails.get(key) === entry) this.tails.delete(key);
    };
    result.then(forget, forget);
    return result;
  }

  /**
   * Runs one job. The input goes as its JSON text, the fingerprint already
   * made: copying a string costs the loop far less than cloning the object
   * (at 1,000 players a structured clone took as long as the stringify,
   * tens of ms on a loaded machine; docs/PERFORMANCE.md).
   */
  private async run(json: string): Promise<PairingResult> {
    const slot = await this.take();
    const id = this.nextId++;
    return new Promise<PairingResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        // A computation cannot be interrupted: the worker goes, a new one comes.
        this.all.delete(slot);
        void slot.worker.terminate();
        this.release(undefined);
        reject(refuse('TOURNAMENT_PAIRING_TIMEOUT', Math.round(this.deadlineMs / 1000)));
      }, this.deadlineMs);
      const onMessage = (m: { id: number; result?: PairingResult; error?: string }) => {
        if (m.id !== id) return;
        cleanup();
        this.release(slot);
        if (m.result) resolve(m.result);
        else reject(new Error(m.error ?? 'pairing failed'));
      };
      const onError = (err: Error) => {
        cleanup();
        this.all.delete(slot);
        this.release(undefined);
        reject(err);
      };
      const cleanup = () => {
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('error', onError);
      };
      slot.worker.on('message', onMessage);
      slot.worker.on('error', onError);
      slot.worker.postMessage({ id, json });
    });
  }

  private take(): Promise<Slot> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.all.size < this.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A slot is free again (or, undefined, a worker is gone): the next waiting job gets one. */
  private release(slot: Slot | undefined): void {
    const next = this.waiting.shift();
    if (next) next(slot ?? this.spawn());
    else if (slot) this.idle.push(slot);
  }

  private spawn(): Slot {
    const worker = startTsWorker(new URL('./pairing-worker.ts', import.meta.url), {});
    worker.unref();
    const slot = { worker, busy: false };
    this.all.add(slot);
    return slot;
  }

  async close(): Promise<void> {
    await Promise.all([...this.all].map((s) => s.worker.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }
}
