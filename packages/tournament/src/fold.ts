/**
 * The state of a tournament is a fold of its log (decision 0097). Pure: no
 * I/O, no clock. `fold(entries, from)` copies what the entries may change of
 * `from` once (fold-copy.ts) and applies every entry to the copy (apply.ts
 * says what each kind does); `from` itself is never changed.
 */
import { applyBody } from './apply.ts';
import { copyFor } from './fold-copy.ts';
import type { LogEntry, Meta, TState } from './state.ts';

/** The metadata of a tournament nobody has described yet. */
export function emptyMeta(): Meta {
  return {
    name: '',
    description: '',
    slug: '',
    type: 'standard',
    disclaimer: '',
    tileStyle: '',
    boardStyle: '',
    logo: '',
    color: '',
    password: '',
    privateAnalysis: false,
    irlMode: false,
    monitored: false,
    scheduledStart: 0,
    scheduledEnd: 0,
    freeformClubSettingFields: [],
  };
}

export function emptyState(id: string): TState {
  return {
    id,
    meta: emptyMeta(),
    executiveDirector: '',
    directors: [],
    started: false,
    startTime: 0,
    finished: false,
    checkinsOpen: false,
    registrationOpen: false,
    divisions: [],
    seq: 0,
  };
}

export function fold(entries: readonly LogEntry[], from: TState): TState {
  const s = copyFor(entries, from);
  for (const e of entries) {
    applyBody(s, e.body, e.at);
    s.seq = e.seq;
  }
  return s;
}

/**
 * The state as of a round: the log up to the moment a later round opened,
 * plus any later amendment of a result of that round or before.
 */
export function foldAsOfRound(entries: readonly LogEntry[], id: string, round: number): TState {
  const cut = entries.findIndex((e) => e.body.kind === 'round.started' && e.body.round > round);
  if (cut < 0) return fold(entries, emptyState(id));
  const amended = entries
    .slice(cut)
    .filter((e) => e.body.kind === 'result.set' && e.body.round <= round);
  return fold([...entries.slice(0, cut), ...amended], emptyState(id));
}
