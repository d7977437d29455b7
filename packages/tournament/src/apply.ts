/**
 * What each kind of log entry does to the state: one handler per kind
 * (a `LogTable`, so a kind without one does not compile). Roster changes
 * re-derive what follows from them here, so a replay always agrees with what
 * was stored: a late entry takes the division's suspended result for the
 * rounds already open, and a withdrawn player's unplayed games become
 * forfeits (their opponent a forfeit win).
 */
import { BYE_SPREAD, FORFEIT_SPREAD, type Outcome } from '@tessera/pairing';
import { byKind, type LogTable } from './log-table.ts';
import { division, playerIndex, settled } from './lookup.ts';
import type { DivState, LogBody, NewPlayer, PairEntry, Snapshot, TSlot, TState } from './state.ts';

/** Applies one entry's body to `s` in place; `at` is the entry's time (Unix ms). */
export function applyBody(s: TState, b: LogBody, at: number): void {
  byKind(APPLY, b, s, at);
}

const APPLY: LogTable<void, [s: TState, at: number]> = {
  created(b, s) {
    s.meta = { ...b.meta };
    s.executiveDirector = b.executiveDirector;
    s.directors = b.directors.map((x) => ({ ...x }));
  },
  'metadata.set'(b, s) {
    s.meta = { ...s.meta, ...b.meta };
  },
  'directors.added'(b, s) {
    for (const x of b.directors) {
      s.directors = s.directors.filter((y) => y.id !== x.id);
      s.directors.push({ ...x });
    }
  },
  'directors.removed'(b, s) {
    s.directors = s.directors.filter((y) => !b.ids.includes(y.id));
  },
  'division.added'(b, s) {
    const id = b.id ?? nextDivisionId(s);
    s.divisionsAdded = (s.divisionsAdded ?? 0) + 1;
    s.divisions.push({
      id,
      name: b.division,
      players: [],
      currentRound: -1,
      roundControls: [],
      controls: {},
      extras: {
        suspendedResult: 'forfeit_loss',
        suspendedSpread: -FORFEIT_SPREAD,
        autoStart: false,
      },
      rounds: [],
    });
  },
  'division.removed'(b, s) {
    // One division goes, never every one that shares its name.
    const d = mustDiv(s, b.division);
    s.divisions = s.divisions.filter((x) => x !== d);
  },
  'division.renamed'(b, s) {
    mustDiv(s, b.division).name = b.newName;
  },
  'players.added'(b, s) {
    addPlayers(mustDiv(s, b.division), b.players, b.seedByRating === true);
  },
  registered(b, s) {
    addPlayers(mustDiv(s, b.division), [{ id: b.id, rating: b.rating }], b.seedByRating === true);
  },
  'players.removed'(b, s) {
    const d = mustDiv(s, b.division);
    for (const id of b.ids) removePlayer(d, mustPlayer(d, id));
  },
  unregistered(b, s) {
    for (const d of s.divisions) {
      const p = playerIndex(d, b.id);
      if (p >= 0) removePlayer(d, p);
    }
  },
  'player.moved'(b, s) {
    const from = mustDiv(s, b.from);
    const p = mustPlayer(from, b.id);
    const player = from.players[p];
    removePlayer(from, p);
    const { id, rating, name, className } = player;
    mustDiv(s, b.to).players.push({ id, rating, name, className });
  },
  'division.controls'(b, s) {
    const d = mustDiv(s, b.division);
    d.controls = { ...b.controls };
    d.extras = { ...b.extras };
  },
  'round.controls'(b, s) {
    const d = mustDiv(s, b.division);
    const before = d.roundControls;
    d.roundControls = b.roundControls.map((x) => ({ ...x }));
    // Before the start pushed controls replace the pairings (§4); after it
    // only the edited rounds not yet open lose theirs.
    if (d.currentRound < 0) d.rounds = [];
    else {
      d.rounds = d.rounds.slice(0, d.roundControls.length);
      for (let r = d.currentRound + 1; r < d.rounds.length; r++)
        if (JSON.stringify(before[r] ?? {}) !== JSON.stringify(d.roundControls[r] ?? {}))
          d.rounds[r] = d.players.map(() => null);
    }
  },
  'round.control'(b, s) {
    const d = mustDiv(s, b.division);
    d.roundControls[b.round] = { ...b.control };
    if (b.round > d.currentRound && d.rounds[b.round])
      d.rounds[b.round] = d.players.map(() => null);
  },
  'pairings.set'(b, s) {
    const d = mustDiv(s, b.division);
    for (const pair of b.pairs) setPair(d, b.round, pair);
    // A pairing made with a withdrawn player is a forfeit at once.
    for (const [p, pl] of d.players.entries()) if (pl.removed) forfeitRemaining(d, p, b.round);
  },
  'pairings.deleted'(b, s) {
    const d = mustDiv(s, b.division);
    if (d.rounds[b.round]) d.rounds[b.round] = d.players.map(() => null);
  },
  'result.set'(b, s) {
    const d = mustDiv(s, b.division);
    const r = row(d, b.round);
    const a = mustPlayer(d, b.a);
    const c = mustPlayer(d, b.b);
    const extra = {
      endReason: b.endReason,
      ...(b.gameId ? { gameId: b.gameId } : {}),
    };
    if (a === c) {
      const outcome = b.outcomeA ?? 'bye';
      const board = r[a]?.board ? { board: r[a]!.board } : {};
      r[a] = { ...selfSlot(a, outcome, b.scoreA), ...extra, ...board };
      return;
    }
    // A director's (or the game's) result settles whatever kiosk entry was held for it.
    if (d.held) {
      const pair = [b.a, b.b].sort().join('|');
      d.held = d.held.filter((h) => h.round !== b.round || [h.a, h.b].sort().join('|') !== pair);
      if (d.held.length === 0) delete d.held;
    }
    const prevA = r[a];
    r[a] = {
      ...prevA,
      opponent: c,
      score: b.scoreA,
      opponentScore: b.scoreB,
      ...(b.outcomeA ? { outcome: b.outcomeA } : { outcome: undefined }),
      ...extra,
      ready: false,
    };
    const prevC = r[c];
    r[c] = {
      ...prevC,
      opponent: a,
      score: b.scoreB,
      opponentScore: b.scoreA,
      ...(b.outcomeB ? { outcome: b.outcomeB } : { outcome: undefined }),
      ...extra,
      ready: false,
    };
    for (const slot of [r[a], r[c]]) if (slot && slot.outcome === undefined) delete slot.outcome;
  },
  'score.held'(b, s) {
    const d = mustDiv(s, b.division);
    const { round, a, b: other, scoreA, scoreB, by } = b;
    d.held = [...(d.held ?? []), { round, a, b: other, scoreA, scoreB, by }];
  },
  'round.started'(b, s, at) {
    const d = mustDiv(s, b.division);
    d.currentRound = b.round;
    d.roundStartedAt = at;
    const opened = row(d, b.round);
    // As TSH's `off`: a withdrawn player takes a forfeit loss in every round
    // that opens after they left (they are never paired into it).
    for (const [p, pl] of d.players.entries())
      if (pl.removed && !opened[p]) opened[p] = selfSlot(p, 'forfeit_loss');
    if (!s.started) {
      s.started = true;
      s.startTime = Math.floor(at / 1000);
    }
    delete s.unstarted;
  },
  ready(b, s) {
    const d = mustDiv(s, b.division);
    const slot = row(d, b.round)[mustPlayer(d, b.player)];
    if (slot) slot.ready = b.ready;
  },
  'game.started'(b, s) {
    const d = mustDiv(s, b.division);
    const r = row(d, b.round);
    for (const id of [b.a, b.b]) {
      const slot = r[mustPlayer(d, id)];
      if (slot) {
        slot.gameId = b.gameId;
        slot.ready = false;
      }
    }
  },
  registration(b, s) {
    s.registrationOpen = b.open;
  },
  checkins(b, s) {
    s.checkinsOpen = b.open;
  },
  checkin(b, s) {
    for (const d of s.divisions)
      for (const p of d.players) if (p.id === b.id) p.checkedIn = b.checkedIn;
  },
  'checkins.cleared'(_b, s) {
    for (const d of s.divisions) for (const p of d.players) p.checkedIn = false;
  },
  'unchecked.removed'(_b, s) {
    for (const d of s.divisions)
      for (let p = d.players.length - 1; p >= 0; p--)
        if (!d.players[p].checkedIn) removePlayer(d, p);
  },
  unstarted(_b, s) {
    if (s.started)
      s.unstarted = {
        startTime: s.startTime,
        divisions: s.divisions.map((d) => ({
          name: d.name,
          players: d.players.map((p) => p.id),
          currentRound: d.currentRound,
          rounds: d.rounds,
        })),
      };
    s.started = false;
    s.startTime = 0;
    s.finished = false;
    for (const d of s.divisions) {
      d.currentRound = -1;
      d.rounds = [];
    }
  },
  'unstart.undone'(_b, s) {
    const was = s.unstarted;
    if (!was) return;
    for (const x of was.divisions) {
      const d = division(s, x.name);
      if (!d) continue;
      d.currentRound = x.currentRound;
      d.rounds = x.rounds;
    }
    s.started = true;
    s.startTime = was.startTime;
    delete s.unstarted;
  },
  finished(b, s) {
    s.finished = b.finished;
  },
  'action.undone'(b, s) {
    restoreSnapshot(s, b.state);
  },
  'round.restored'(b, s) {
    restoreSnapshot(s, b.state);
  },
};

/** The state becomes the snapshot's (a copy: the entry's body is never shared with the state). */
function restoreSnapshot(s: TState, snap: Snapshot): void {
  const { id, seq } = s;
  for (const k of Object.keys(s)) delete (s as unknown as Record<string, unknown>)[k];
  Object.assign(s, JSON.parse(JSON.stringify(snap)) as Snapshot, { id, seq });
}

/** The id the fold gives the next division an old log added without one ("d1", "d2", ...). */
export function nextDivisionId(s: TState): string {
  let n = (s.divisionsAdded ?? 0) + 1;
  while (s.divisions.some((d) => d.id === `d${n}`)) n++;
  return `d${n}`;
}

function row(d: DivState, round: number): (TSlot | null)[] {
  while (d.rounds.length <= round) d.rounds.push(d.players.map(() => null));
  const r = d.rounds[round];
  while (r.length < d.players.length) r.push(null);
  return r;
}

function mustDiv(s: TState, name: string): DivState {
  const d = division(s, name);
  if (!d) throw new Error(`log names unknown division ${name}`);
  return d;
}

function mustPlayer(d: DivState, id: string): number {
  const i = playerIndex(d, id);
  if (i < 0) throw new Error(`log names unknown player ${id} in ${d.name}`);
  return i;
}

/** Clears p's slot in a round and the opponent's pointer back to p. */
function unpair(r: (TSlot | null)[], p: number): void {
  const slot = r[p];
  if (slot && slot.opponent !== p && r[slot.opponent]?.opponent === p) r[slot.opponent] = null;
  r[p] = null;
}

function selfSlot(p: number, outcome: Outcome, spread?: number): TSlot {
  const sp =
    spread ??
    (outcome === 'bye' || outcome === 'forfeit_win'
      ? BYE_SPREAD
      : outcome === 'forfeit_loss'
        ? -FORFEIT_SPREAD
        : 0);
  return { opponent: p, outcome, score: sp };
}

function setPair(d: DivState, round: number, pair: PairEntry): void {
  const r = row(d, round);
  const a = mustPlayer(d, pair.a);
  const b = mustPlayer(d, pair.b);
  unpair(r, a);
  unpair(r, b);
  const board = pair.board ? { board: pair.board } : {};
  if (a === b) {
    r[a] = { ...selfSlot(a, pair.outcome ?? 'bye', pair.spread), ...board };
    return;
  }
  r[a] = { opponent: b, ...(pair.aFirst === undefined ? {} : { first: pair.aFirst }), ...board };
  r[b] = { opponent: a, ...(pair.aFirst === undefined ? {} : { first: !pair.aFirst }), ...board };
}

/**
 * Before any pairing, entered players take their seed by rating (unless the director
 * kept their own order, or the entry predates seeding by rating); later ones join at
 * the end. One entered again (withdrawn, or re-rated) keeps their seat.
 */
function addPlayers(d: DivState, list: readonly NewPlayer[], byRating: boolean): void {
  for (const x of list) {
    const old = playerIndex(d, x.id);
    const details = {
      ...(x.name ? { name: x.name } : {}),
      ...(x.className ? { className: x.className } : {}),
    };
    if (old >= 0) {
      d.players[old] = { ...d.players[old], rating: x.rating, removed: false, ...details };
      continue;
    }
    if (byRating && unpaired(d)) {
      // Seeds are by rating (highest first); equal ratings keep the order they were added.
      const at = d.players.findIndex((o) => o.rating < x.rating);
      const p = at < 0 ? d.players.length : at;
      for (let r = 0; r < d.rounds.length; r++) row(d, r).splice(p, 0, null);
      d.players.splice(p, 0, { id: x.id, rating: x.rating, ...details });
      continue;
    }
    d.players.push({ id: x.id, rating: x.rating, ...details });
    const p = d.players.length - 1;
    for (let r = 0; r < d.rounds.length; r++) row(d, r)[p] = null;
    // A late entry: the rounds already open count with the suspended result.
    for (let r = 0; r <= d.currentRound; r++)
      row(d, r)[p] = selfSlot(p, d.extras.suspendedResult, d.extras.suspendedSpread);
  }
}

/** Nothing opened, paired or played yet: seats may still move (seeding by rating). */
function unpaired(d: DivState): boolean {
  return d.currentRound < 0 && d.rounds.every((r) => r.every((x) => x === null));
}

/** A withdrawn player's unplayed games from `fromRound` on become forfeits. */
function forfeitRemaining(d: DivState, p: number, fromRound: number): void {
  for (let r = Math.max(0, fromRound); r < d.rounds.length; r++) {
    const slot = d.rounds[r][p];
    if (!slot || settled(slot)) continue;
    if (slot.opponent !== p) {
      const q = slot.opponent;
      d.rounds[r][q] = selfSlot(q, 'forfeit_win');
    }
    d.rounds[r][p] = selfSlot(p, 'forfeit_loss');
  }
}

/**
 * Before anything was played a player leaves without a trace (their seat and
 * every pairing of theirs go; the others' indices shift). Afterwards they are
 * marked removed, their past games stay, their unplayed ones are forfeits,
 * and every round opened later gives them a forfeit loss (round.started).
 */
function removePlayer(d: DivState, p: number): void {
  const played = d.currentRound >= 0 || d.rounds.some((r) => r.some((x) => settled(x)));
  if (played) {
    d.players[p].removed = true;
    d.players[p].checkedIn = false;
    forfeitRemaining(d, p, d.currentRound);
    return;
  }
  d.players.splice(p, 1);
  d.rounds = d.rounds.map((r) => {
    unpair(r, p);
    const out = r.filter((_, i) => i !== p);
    return out.map((x) =>
      x ? { ...x, opponent: x.opponent > p ? x.opponent - 1 : x.opponent } : x,
    );
  });
}
