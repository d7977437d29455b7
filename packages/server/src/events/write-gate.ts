/** A batch has failed: a change still waiting to write is turned away with it. */
export class BatchFailed extends Error {}

/**
 * The writing gate of one group-commit batch (decision 0142): the changes of
 * a batch run side by side on its transaction, and each passes this gate
 * right before its first write.
 *
 * - Changes pass for the first time in batch order: a change waits until
 *   every change before it has passed (or finished). So writes start in
 *   the order the changes arrived, as when they ran one after another.
 * - A shared pass (an ordinary move on its own game) writes beside the
 *   other shared ones.
 * - An exclusive pass (a game's end, under a savepoint) waits until every
 *   change holding the gate has left it, and none passes while it holds
 *   it: a ROLLBACK TO its savepoint undoes only its own statements, and two
 *   game ends never change a shared row (a tournament's) at the same time.
 *   While one waits, no other change passes either.
 *
 * No deadlock: a change waits only on changes before it in the batch, on
 * holders (which never wait on the gate while they hold it), or on a
 * waiting exclusive change that itself waits only on holders.
 */
export class WriteGate {
  /** Changes below this position have all passed at least once (or finished). */
  private frontier = 0;
  private readonly passed: boolean[];
  private readonly holding = new Map<number, 'shared' | 'exclusive'>();
  private waiting: { at: number; exclusive: boolean; go(): void; stop(e: Error): void }[] = [];
  private failed?: Error;

  constructor(size: number) {
    this.passed = new Array<boolean>(size).fill(false);
  }

  /** Resolves once change `at` may write (alone, if `exclusive`). */
  enter(at: number, exclusive: boolean): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((go, stop) => {
      this.waiting.push({ at, exclusive, go, stop });
      this.pump();
    });
  }

  /** Change `at` writes nothing more for now (its write matched no row). */
  leave(at: number): void {
    if (this.holding.delete(at)) this.pump();
  }

  /** Change `at` has finished, whether or not it wrote. */
  done(at: number): void {
    this.holding.delete(at);
    this.mark(at);
    this.pump();
  }

  /** The batch failed: every waiting change, and any that comes, is turned away. */
  fail(): void {
    this.failed ??= new BatchFailed('another change of the batch failed');
    for (const w of this.waiting) w.stop(this.failed);
    this.waiting = [];
  }

  private pump(): void {
    if ([...this.holding.values()].includes('exclusive')) return;
    for (;;) {
      // A change not yet passed may go only once all before it have (the
      // frontier); one that passed before and left again may go at once.
      const ready = this.waiting.filter((w) => w.at <= this.frontier);
      if (ready.length === 0) return;
      // The first in the batch, when several wait to be alone.
      const alone = ready.filter((w) => w.exclusive).sort((a, b) => a.at - b.at)[0];
      if (alone) {
        if (this.holding.size === 0) this.grant(alone);
        return;
      }
      for (const w of ready) this.grant(w);
    }
  }

  private grant(w: (typeof this.waiting)[number]): void {
    this.waiting.splice(this.waiting.indexOf(w), 1);
    this.holding.set(w.at, w.exclusive ? 'exclusive' : 'shared');
    this.mark(w.at);
    w.go();
  }

  private mark(at: number): void {
    this.passed[at] = true;
    while (this.frontier < this.passed.length && this.passed[this.frontier]) this.frontier++;
  }
}
