import { refuse, Refusal } from '@tessera/protocol';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../storage/database.ts';
import { sharedTransaction } from '../storage/shared-transaction.ts';
import type { EventHub, Published, Publisher } from './hub.ts';
import { BatchFailed, WriteGate } from './write-gate.ts';

/** What a change tells the batch while it runs. */
export interface ChangeStep {
  /**
   * Called right before the change's first write. Until then a refusal (or a
   * `Declined`) drops this change alone; after it, only a change that asked
   * for a `savepoint` can still be refused alone, anything else fails the
   * whole batch (decision 0142). Waits for the batch's writing gate
   * (write-gate.ts): a change with a savepoint writes alone.
   */
  writing(savepoint: boolean): Promise<void>;
  /**
   * The write announced by `writing` turned out to change nothing (a
   * conditional statement that matched no row): the change is reading
   * again, so a refusal after this still drops it alone.
   */
  unwritten(): void;
  /** Runs once the batch has committed, before any after-commit subscriber (caches). */
  onCommit(fn: () => void): void;
}

export type ChangeWork<E, T> = (tx: Db, publish: Publisher<E>, step: ChangeStep) => Promise<T>;

/** A change's own answer that is not a refusal (e.g. "not due yet"): drops it alone, like one. */
export class Declined extends Error {}

interface Item<E> {
  /** Changes with the same key (a game) run one after the other. */
  key: string;
  work: ChangeWork<E, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Set once the item has run in a transaction. */
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
  events: Published<E>[];
  commits: (() => void)[];
}

/** Changes one transaction writes at most. */
const MAX_BATCH = 64;
/** PostgreSQL's deadlock and serialization failures: the batch is tried again one change at a time. */
const RETRY_ALONE = new Set(['40P01', '40001']);

/**
 * Group commit (decision 0142): changes that arrive while a transaction is
 * being written wait, and are then written together in the next one, so a
 * busy process pays one BEGIN/COMMIT (and one flush to disk) for many
 * moves. The changes of a batch run side by side on its transaction, so
 * that their statements go to the database back to back while the next
 * change is decided: those with the same key (a game) one after the other,
 * and their writes through a gate (write-gate.ts) that lets them start in
 * arrival order and a change under a savepoint write alone. One refused
 * before its first write leaves the batch without having touched it. Nothing is answered before the commit: then each change's
 * after-commit subscribers run (broadcasts) and its caller is answered. A
 * failed commit or statement fails every change of the batch with
 * CHANGE_NOT_SAVED, none of them stored. Each process batches its own
 * changes; row locks still order them across processes, and across the
 * batches one process writes at the same time on PostgreSQL.
 */
export class GroupCommit<E extends object> {
  private queue: Item<E>[] = [];
  /** Batches being written now, and whether one is about to start. */
  private writers = 0;
  private starting = false;

  constructor(
    private readonly hub: EventHub<E>,
    private readonly db: Db,
    private readonly log?: Logger,
    /** False: every change is written at once in a transaction of its own (a diagnostic). */
    private readonly batching = true,
    /**
     * Batches written at the same time, each on a connection of its own.
     * Always one on PGlite (one connection); on PostgreSQL GROUP_COMMIT_WRITERS,
     * so that slow round trips of one batch's statements need not hold up
     * the next batch.
     */
    private readonly maxWriters = 1,
  ) {}

  /** Queues `work`; changes with the same `key` (a game id) run one after the other. */
  run<T>(key: string, work: ChangeWork<E, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        key,
        work,
        resolve: resolve as (v: unknown) => void,
        reject,
        events: [],
        commits: [],
      });
      if (!this.batching) {
        void this.writeAlone(this.queue.pop()!);
        return;
      }
      if (!this.starting && this.writers < this.maxWriters) {
        this.starting = true;
        this.writers++;
        // The changes that arrive in this turn of the event loop share the batch.
        setImmediate(() => {
          this.starting = false;
          void this.drain();
        });
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.write(batch);
        this.settle(batch);
      } catch (err) {
        if (batch.length > 1 && RETRY_ALONE.has(sqlState(err))) {
          // Another process's batch locked the same games in the other order.
          for (const item of batch) await this.writeAlone(item);
          continue;
        }
        this.log?.error({ err, changes: batch.length }, 'group commit failed');
        for (const item of batch) item.reject(refuse('CHANGE_NOT_SAVED'));
      }
    }
    this.writers--;
  }

  private async writeAlone(item: Item<E>): Promise<void> {
    item.outcome = undefined;
    item.events = [];
    item.commits = [];
    try {
      await this.write([item]);
      this.settle([item]);
    } catch (err) {
      this.log?.error({ err }, 'change not saved');
      item.reject(refuse('CHANGE_NOT_SAVED'));
    }
  }

  /** One transaction for the batch; throws (after ROLLBACK) if any change failed it. */
  private async write(batch: Item<E>[]): Promise<void> {
    const start = performance.now();
    try {
      await sharedTransaction(this.db, (tx) => this.runAll(tx, batch));
    } catch (e) {
      this.hub.onTransaction?.((performance.now() - start) / 1000, false, batch.length);
      throw e;
    }
    const stored = batch.filter((item) => item.outcome?.ok).length;
    this.hub.onTransaction?.((performance.now() - start) / 1000, true, stored);
  }

  /**
   * Runs the batch's changes side by side, those of one key in turn; throws
   * the failure that failed the batch once every change has stopped.
   */
  private async runAll(tx: Db, batch: Item<E>[]): Promise<void> {
    const gate = new WriteGate(batch.length);
    const failures: unknown[] = [];
    const last = new Map<string, Promise<void>>();
    const runs = batch.map((item, i) => {
      const run = (last.get(item.key) ?? Promise.resolve())
        .then(() => {
          if (failures.length === 0) return this.runOne(tx, item, i, gate);
        })
        .catch((e: unknown) => {
          failures.push(e);
          gate.fail();
        })
        .finally(() => gate.done(i));
      last.set(item.key, run);
      return run;
    });
    await Promise.all(runs);
    if (failures.length > 0) throw cause(failures);
  }

  private async runOne(tx: Db, item: Item<E>, i: number, gate: WriteGate): Promise<void> {
    // An object, as the step's closure changes it.
    const at: { phase: 'reading' | 'writing' | 'guarded' } = { phase: 'reading' };
    const savepoint = `change_${i}`;
    const step: ChangeStep = {
      async writing(guard) {
        if (at.phase !== 'reading') return;
        await gate.enter(i, guard);
        if (guard) await sql.raw(`SAVEPOINT ${savepoint}`).execute(tx);
        at.phase = guard ? 'guarded' : 'writing';
      },
      unwritten() {
        // A savepoint taken stays; a later one of the same name hides it, and nothing is under it.
        if (at.phase !== 'reading') gate.leave(i);
        at.phase = 'reading';
      },
      onCommit: (fn) => item.commits.push(fn),
    };
    try {
      const value = await item.work(tx, this.hub.publisher(tx, item.events), step);
      item.outcome = { ok: true, value };
    } catch (error) {
      const own = error instanceof Refusal || error instanceof Declined;
      if (!own || at.phase === 'writing') throw error;
      if (at.phase === 'guarded') await sql.raw(`ROLLBACK TO SAVEPOINT ${savepoint}`).execute(tx);
      item.outcome = { ok: false, error };
      item.events = [];
      item.commits = [];
    }
  }

  /**
   * After the commit: caches first, then each change's after-commit
   * subscribers, all started now and in order (the game's broadcaster,
   * the first of them, sends without waiting, so a game's updates leave in
   * commit order); each caller is answered once its subscribers are done.
   */
  private settle(batch: Item<E>[]): void {
    for (const item of batch) if (item.outcome?.ok) for (const fn of item.commits) fn();
    for (const item of batch) {
      const outcome = item.outcome!;
      if (!outcome.ok) {
        item.reject(outcome.error);
        continue;
      }
      void this.hub.deliverAll(item.events).then(() => item.resolve(outcome.value));
    }
  }
}

/**
 * What failed a batch: the first failure other than its consequences (a
 * statement refused because the transaction had already failed, a change
 * turned away at the gate), so a deadlock is still seen as one.
 */
function cause(failures: unknown[]): unknown {
  const consequence = (e: unknown) => e instanceof BatchFailed || sqlState(e) === '25P02';
  return failures.find((e) => !consequence(e)) ?? failures[0];
}

/** The SQLSTATE of a database error ('' for anything else). */
function sqlState(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
