/**
 * The copy `fold` applies entries to. A result, a READY, a game's start, a
 * held kiosk score or a round's opening changes one round of one division:
 * for entries of only those kinds the copy is shallow except for those rounds,
 * and shares everything else with `from` (which no fold ever changes), so a
 * result costs a round's row, not the whole event (issue 36 item 12). Any
 * other entry copies the whole state.
 */
import type { LogEntry, TSlot, TState } from './state.ts';

/** The kinds whose handlers (apply.ts) change only `round` of `division`, the division's scalars and `held`, and the state's own scalars. */
const ONE_ROUND = new Set(['result.set', 'ready', 'game.started', 'score.held', 'round.started']);

export function copyFor(entries: readonly LogEntry[], from: TState): TState {
  const touched = new Map<string, Set<number>>();
  for (const { body } of entries) {
    if (!ONE_ROUND.has(body.kind)) return deepCopy(from);
    const b = body as { division: string; round: number };
    const rounds = touched.get(b.division) ?? new Set<number>();
    rounds.add(b.round);
    touched.set(b.division, rounds);
  }
  const s: TState = { ...from, divisions: from.divisions.slice() };
  for (const [name, rounds] of touched) {
    const i = s.divisions.findIndex((d) => d.name === name);
    if (i < 0) continue; // applying the entry refuses it
    const d = { ...s.divisions[i], rounds: s.divisions[i].rounds.slice() };
    for (const r of rounds)
      if (d.rounds[r]) d.rounds[r] = d.rounds[r].map((x): TSlot | null => x && { ...x });
    s.divisions[i] = d;
  }
  return s;
}

/**
 * A deep copy of plain data: the state holds only objects, arrays and
 * primitives (structuredClone is not in the package's ES library).
 */
export function deepCopy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepCopy(x)])) as T;
  return v;
}
