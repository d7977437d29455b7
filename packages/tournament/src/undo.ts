/**
 * Undo of the last director action and restore-as-of-round (issue 36, item
 * 19; decision 0150). Both are log entries themselves: they record what was
 * undone and carry the state they go back to (a fold of the log up to that
 * point), so nothing is erased and the fold never reads the log back. Both
 * are refused on a finished tournament, while a game of what they undo is in
 * progress, and without the director's confirmation when they remove
 * results.
 */
import { refuse } from '@tessera/protocol';
import { emptyState, fold } from './fold.ts';
import { divisionById, playerIndex, settled, usernameOf } from './lookup.ts';
import { notFinished } from './rules.ts';
import type { LogBody, LogEntry, LogKind, Snapshot, TState } from './state.ts';

/** Kinds that players and games write, never a director's action. */
const NOT_DIRECTORS: readonly LogKind[] = [
  'ready',
  'game.started',
  'checkin',
  'registered',
  'unregistered',
  'score.held',
  'action.undone',
];

/** Whether an entry is a director's action (what undo takes back). */
function directorAction(e: LogEntry): boolean {
  if (e.actor === 'system' || NOT_DIRECTORS.includes(e.body.kind)) return false;
  // A player's kiosk score and a player's own change of division are theirs.
  if (e.body.kind === 'result.set' && [e.body.a, e.body.b].includes(e.actor)) return false;
  if (e.body.kind === 'player.moved' && e.body.id === e.actor) return false;
  return true;
}

export interface Action {
  fromSeq: number;
  throughSeq: number;
  kinds: string[];
}

/**
 * The last director action still in effect: the entries one call wrote
 * (same actor, same time). What an undo undid is skipped, so undoing again
 * goes one action further back; a restore is an action and can be undone.
 */
export function lastAction(entries: readonly LogEntry[]): Action | undefined {
  let limit = Infinity;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.seq > limit) continue;
    if (e.body.kind === 'action.undone') {
      limit = Math.min(limit, e.body.toSeq);
      continue;
    }
    if (!directorAction(e)) continue;
    if (e.body.kind === 'created') return undefined;
    let j = i;
    while (j > 0) {
      const x = entries[j - 1];
      if (!sameCall(x, e) || x.body.kind === 'created') break;
      if (!directorAction(x)) break;
      j--;
    }
    return {
      fromSeq: entries[j].seq,
      throughSeq: e.seq,
      kinds: entries.slice(j, i + 1).map((x) => x.body.kind),
    };
  }
  return undefined;
}

/** Two entries one call wrote (the same actor at the same moment). */
const sameCall = (x: LogEntry, y: LogEntry) => x.actor === y.actor && x.at === y.at;

/** The state the log had once the entry `seq` was folded in. */
export function stateAt(entries: readonly LogEntry[], id: string, seq: number): TState {
  return fold(
    entries.filter((e) => e.seq <= seq),
    emptyState(id),
  );
}

/**
 * What going from `now` to `then` would do to games: refused while a game
 * it takes away is in progress; the number of two-player results it removes
 * or changes otherwise (byes and forfeits that pairing gave are not counted).
 */
export function lostResults(now: TState, then: TState): number {
  const lost = new Set<string>();
  for (const d of now.divisions) {
    const old = divisionById(then, d.id);
    d.rounds.forEach((row, r) =>
      row.forEach((slot, p) => {
        if (!slot || slot.opponent === p) return;
        const me = d.players[p].id;
        const them = d.players[slot.opponent]?.id ?? '';
        const q = old ? playerIndex(old, me) : -1;
        const was = q >= 0 ? old?.rounds[r]?.[q] : undefined;
        const same =
          !!was &&
          was.opponent >= 0 &&
          old?.players[was.opponent]?.id === them &&
          was.gameId === slot.gameId;
        if (slot.gameId && !settled(slot) && !same)
          throw refuse(
            'TOURNAMENT_UNDO_GAMES_IN_PROGRESS',
            usernameOf(me),
            usernameOf(them),
            r + 1,
          );
        const kept =
          same &&
          settled(was) &&
          was.score === slot.score &&
          was.opponentScore === slot.opponentScore &&
          was.outcome === slot.outcome;
        if (settled(slot) && !kept) lost.add([d.id, r, ...[me, them].sort()].join('|'));
      }),
    );
  }
  return lost.size;
}

function snapshot(s: TState): Snapshot {
  const { id: _id, seq: _seq, ...rest } = s;
  return rest;
}

/** The results lost (refused unless confirmed) and the directors who would lose their role. */
function checked(
  now: TState,
  then: TState,
  confirm: boolean,
): { lost: number; directorsRemoved?: string[] } {
  const lost = lostResults(now, then);
  if (lost > 0 && !confirm) throw refuse('TOURNAMENT_UNDO_CONFIRM', lost);
  const stays = new Set([then.executiveDirector, ...then.directors.map((d) => d.id)]);
  const gone = [now.executiveDirector, ...now.directors.map((d) => d.id)].filter(
    (id) => !stays.has(id),
  );
  return { lost, ...(gone.length ? { directorsRemoved: gone } : {}) };
}

/** Undo (`entries` is the whole log, `s` its fold): the entry that takes back the last director action. */
export function undoEntry(entries: readonly LogEntry[], s: TState, confirm: boolean): LogBody {
  notFinished(s);
  const a = lastAction(entries);
  if (!a) throw refuse('TOURNAMENT_UNDO_NOTHING');
  const toSeq = a.fromSeq - 1;
  const then = stateAt(entries, s.id, toSeq);
  return {
    kind: 'action.undone',
    toSeq,
    ...a,
    ...checked(s, then, confirm),
    state: snapshot(then),
  };
}

/**
 * Restore as of round `round` (0-based): the state the log had just before
 * a later round first opened, as GetTournamentAsOfRound shows it when no
 * result was amended since.
 */
export function restoreEntry(
  entries: readonly LogEntry[],
  s: TState,
  round: number,
  confirm: boolean,
): LogBody {
  notFinished(s);
  let cut = entries.findIndex((e) => e.body.kind === 'round.started' && e.body.round > round);
  // The call that opened the round may have paired it first: that goes too.
  while (cut > 1 && sameCall(entries[cut - 1], entries[cut])) cut--;
  if (!Number.isInteger(round) || round < 0 || cut < 1)
    throw refuse('TOURNAMENT_RESTORE_ROUND', round + 1, round + 2);
  const toSeq = entries[cut - 1].seq;
  const then = stateAt(entries, s.id, toSeq);
  return {
    kind: 'round.restored',
    round,
    toSeq,
    ...checked(s, then, confirm),
    state: snapshot(then),
  };
}
