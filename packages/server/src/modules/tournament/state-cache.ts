import type { TState } from '@tessera/tournament';

/**
 * The folded states this process last saw, by tournament id (issue 36 item
 * 12, decision 0147). An entry is used only while the tournaments row still
 * names it: the same head seq and the same `head` token, a random string
 * every change writes with its entries. A change rolled back leaves the row's
 * old token, so a state folded in a transaction that never committed is never
 * used; a change made by another process moves the row on, so this one folds
 * again from the snapshot and the log. States are shared, never changed
 * (a fold copies what it changes), so handing one out is safe.
 */
export interface CachedState {
  seq: number;
  head: string;
  state: TState;
}

export class StateCache {
  private readonly states = new Map<string, CachedState>();

  constructor(private readonly capacity = 64) {}

  /** The state if the row (seq, head) still names it. */
  valid(id: string, row: { seq: string | number; head: string }): TState | undefined {
    const c = this.states.get(id);
    if (!c || c.seq !== Number(row.seq) || c.head !== row.head) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.states.delete(id);
    this.states.set(id, c);
    return c.state;
  }

  /** Remembers a state; a read never replaces a newer one a change just folded. */
  put(id: string, entry: CachedState, fromRead = false): void {
    const old = this.states.get(id);
    if (fromRead && old && old.seq >= entry.seq) return;
    this.states.delete(id);
    this.states.set(id, entry);
    if (this.states.size > this.capacity) this.states.delete(this.states.keys().next().value!);
  }

  forget(id: string): void {
    this.states.delete(id);
  }
}
