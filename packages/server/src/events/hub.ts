import type { Logger } from 'pino';
import type { Db } from '../storage/database.ts';

/**
 * The domain-event hub. A module that changes something publishes what
 * happened from inside its own transaction; subscribers come in two phases:
 *
 * - in-transaction subscribers run at once, on the same transaction, and
 *   commit or roll back with the change (a throw refuses the change);
 * - after-commit subscribers run once the transaction has committed, in the
 *   process that committed it, each exactly once and in registration order.
 *
 * An in-transaction subscriber that changes something of its own publishes
 * it with the `publish` it is given, exactly as the publisher does: its
 * events are queued on the same transaction, delivered after commit (after
 * the event that caused them) and dropped if the transaction rolls back.
 * So every change reaches its after-commit subscribers the same way.
 *
 * The publisher cannot forget the second phase: `transaction()` runs it.
 * Events that must reach other processes are forwarded over the bus by the
 * subscriber that needs them (see bus/subjects.ts).
 */
export class EventHub<E extends object> {
  private readonly during = new Map<keyof E, Subscriber[]>();
  private readonly after = new Map<keyof E, Subscriber[]>();

  /**
   * Told of every transaction's time, outcome and the changes it wrote
   * (several under group commit; the operators' metrics).
   */
  onTransaction?: (seconds: number, committed: boolean, changes: number) => void;

  constructor(private readonly log?: Logger) {}

  /**
   * Reacts inside the publishing transaction; a throw rolls the change back.
   * `publish` publishes the subscriber's own events on that transaction.
   */
  inTransaction<K extends keyof E>(
    name: K,
    owner: string,
    handler: (event: E[K], tx: Db, publish: Publisher<E>) => Promise<void>,
  ): void {
    this.add(this.during, name, owner, handler as Handler);
  }

  /** Reacts once the publishing transaction has committed. */
  afterCommit<K extends keyof E>(
    name: K,
    owner: string,
    handler: (event: E[K]) => void | Promise<void>,
  ): void {
    this.add(this.after, name, owner, handler as Handler);
  }

  /**
   * Runs `work` in a transaction whose `publish` reaches the in-transaction
   * subscribers at once and the after-commit ones when it has committed.
   * Resolves after the after-commit subscribers have run; their failures are
   * logged, never undo the committed change, and do not stop the others.
   */
  async transaction<T>(db: Db, work: (tx: Db, publish: Publisher<E>) => Promise<T>): Promise<T> {
    const committed: Published<E>[] = [];
    const start = performance.now();
    let result: T;
    try {
      result = await db
        .transaction()
        .execute(async (tx) => work(tx, this.publisher(tx, committed)));
    } catch (e) {
      this.onTransaction?.((performance.now() - start) / 1000, false, 1);
      throw e;
    }
    this.onTransaction?.((performance.now() - start) / 1000, true, 1);
    await this.deliverAll(committed);
    return result;
  }

  /**
   * The `publish` of work on `tx`: in-transaction subscribers at once, the
   * event queued on `queue` for `deliverAll` once `tx` has committed
   * (transaction() above, and group-commit.ts for several changes in one).
   */
  publisher(tx: Db, queue: Published<E>[]): Publisher<E> {
    const publish: Publisher<E> = async (name, event) => {
      // Queued first, so what its subscribers publish in turn is delivered after it.
      queue.push({ name, event });
      for (const s of this.during.get(name) ?? []) await s.handler(event, tx, publish);
    };
    return publish;
  }

  /** Runs the after-commit subscribers of a committed transaction's events, in order. */
  async deliverAll(queue: Published<E>[]): Promise<void> {
    for (const p of queue) await this.deliver(p);
  }

  private async deliver({ name, event }: Published<E>): Promise<void> {
    for (const s of this.after.get(name) ?? []) {
      try {
        await s.handler(event);
      } catch (err) {
        this.log?.error({ err, event: name, owner: s.owner }, 'after-commit subscriber failed');
      }
    }
  }

  private add(m: Map<keyof E, Subscriber[]>, name: keyof E, owner: string, handler: Handler): void {
    const list = m.get(name) ?? [];
    list.push({ owner, handler });
    m.set(name, list);
  }
}

export type Publisher<E> = <K extends keyof E>(name: K, event: E[K]) => Promise<void>;

/** Subscribers are stored by event name, so their payload type is known only to `publish`'s caller. */
type Handler = (event: unknown, tx?: Db, publish?: Publisher<never>) => void | Promise<void>;
interface Subscriber {
  owner: string;
  handler: Handler;
}
export interface Published<E> {
  name: keyof E;
  event: E[keyof E];
}
