/**
 * The listener half of an external store that React reads with
 * useSyncExternalStore: a store keeps its own snapshot, hands out
 * `subscribe` and calls `notify()` after replacing the snapshot.
 */
export class Listeners {
  private readonly all = new Set<() => void>();

  /** useSyncExternalStore's subscribe: adds a listener and returns its removal. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.all.add(listener);
    return () => this.all.delete(listener);
  };

  /** Tells every listener that the snapshot changed. */
  notify(): void {
    for (const listener of this.all) listener();
  }
}
