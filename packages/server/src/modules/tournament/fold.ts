/**
 * The state of a tournament is a fold of its log (decision 0097). Pure: no
 * I/O, no clock. `fold(entries, from)` copies `from` once and applies every
 * entry to the copy. Roster changes re-derive what follows from them here,
 * so a replay always agrees with what was stored: a late entry takes the
 * division's suspended result for the rounds already open, and a withdrawn
 * player's unplayed games become forfeits (their opponent a forfeit win).
 */
import {
  BYE_SPREAD,
  classNumbering,
  FORFEIT_SPREAD,
  type Division,
  type Outcome,
} from '@tessera/pairing';
import type { DivState, LogBody, LogEntry, Meta, PairEntry, TSlot, TState } from './state.ts';

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
  const s = structuredClone(from);
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

export function division(s: TState, name: string): DivState | undefined {
  return s.divisions.find((d) => d.name === name);
}

export function playerIndex(d: DivState, id: string): number {
  return d.players.findIndex((p) => p.id === id);
}

/** The division in the pairing engine's shape (names are usernames). */
export function toPairingDivision(d: DivState): Division {
  const n = d.players.length;
  const classes = classNumbering(d.players.map((p) => p.className));
  return {
    players: d.players.map((p) => ({
      name: p.name ?? usernameOf(p.id),
      rating: p.rating,
      removed: p.removed,
      ...(p.className ? { class: classes.get(p.className), className: p.className } : {}),
    })),
    numRounds: d.roundControls.length,
    rounds: d.rounds.map((row) => Array.from({ length: n }, (_, i) => row[i] ?? null)),
    controls: d.controls,
    roundControls: d.roundControls,
  };
}

export function usernameOf(personId: string): string {
  const i = personId.indexOf(':');
  return i < 0 ? personId : personId.slice(i + 1);
}

export function userIdOf(personId: string): string {
  const i = personId.indexOf(':');
  return i < 0 ? personId : personId.slice(0, i);
}

/** A slot is settled when it has an outcome or both scores. */
export function settled(slot: TSlot | null | undefined): boolean {
  return !!slot && (slot.outcome !== undefined || slot.score !== undefined);
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

function applyBody(s: TState, b: LogBody, at: number): void {
  switch (b.kind) {
    case 'created':
      s.meta = { ...b.meta };
      s.executiveDirector = b.executiveDirector;
      s.directors = b.directors.map((x) => ({ ...x }));
      return;
    case 'metadata.set':
      s.meta = { ...s.meta, ...b.meta };
      return;
    case 'directors.added':
      for (const x of b.directors) {
        s.directors = s.directors.filter((y) => y.id !== x.id);
        s.directors.push({ ...x });
      }
      return;
    case 'directors.removed':
      s.directors = s.directors.filter((y) => !b.ids.includes(y.id));
      return;
    case 'division.added':
      s.divisions.push({
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
      return;
    case 'division.removed':
      s.divisions = s.divisions.filter((d) => d.name !== b.division);
      return;
    case 'division.renamed':
      mustDiv(s, b.division).name = b.newName;
      return;
    case 'players.added':
    case 'registered': {
      const d = mustDiv(s, b.division);
      const list = b.kind === 'registered' ? [{ id: b.id, rating: b.rating }] : b.players;
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
        d.players.push({ id: x.id, rating: x.rating, ...details });
        const p = d.players.length - 1;
        for (let r = 0; r < d.rounds.length; r++) row(d, r)[p] = null;
        // A late entry: the rounds already open count with the suspended result.
        for (let r = 0; r <= d.currentRound; r++)
          row(d, r)[p] = selfSlot(p, d.extras.suspendedResult, d.extras.suspendedSpread);
      }
      return;
    }
    case 'players.removed':
    case 'unregistered': {
      const names =
        b.kind === 'unregistered'
          ? s.divisions
              .filter((d) => playerIndex(d, b.id) >= 0)
              .map((d) => [d.name, [b.id]] as const)
          : [[b.division, b.ids] as const];
      for (const [dn, ids] of names) {
        const d = mustDiv(s, dn);
        for (const id of ids) removePlayer(d, mustPlayer(d, id));
      }
      return;
    }
    case 'player.moved': {
      const from = mustDiv(s, b.from);
      const p = mustPlayer(from, b.id);
      const player = from.players[p];
      removePlayer(from, p);
      const { id, rating, name, className } = player;
      mustDiv(s, b.to).players.push({ id, rating, name, className });
      return;
    }
    case 'division.controls': {
      const d = mustDiv(s, b.division);
      d.controls = { ...b.controls };
      d.extras = { ...b.extras };
      return;
    }
    case 'round.controls': {
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
      return;
    }
    case 'round.control': {
      const d = mustDiv(s, b.division);
      d.roundControls[b.round] = { ...b.control };
      if (b.round > d.currentRound && d.rounds[b.round])
        d.rounds[b.round] = d.players.map(() => null);
      return;
    }
    case 'pairings.set': {
      const d = mustDiv(s, b.division);
      for (const pair of b.pairs) setPair(d, b.round, pair);
      // A pairing made with a withdrawn player is a forfeit at once.
      for (const [p, pl] of d.players.entries()) if (pl.removed) forfeitRemaining(d, p, b.round);
      return;
    }
    case 'pairings.deleted': {
      const d = mustDiv(s, b.division);
      if (d.rounds[b.round]) d.rounds[b.round] = d.players.map(() => null);
      return;
    }
    case 'result.set': {
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
      return;
    }
    case 'round.started': {
      const d = mustDiv(s, b.division);
      d.currentRound = b.round;
      const opened = row(d, b.round);
      // As TSH's `off`: a withdrawn player takes a forfeit loss in every round
      // that opens after they left (they are never paired into it).
      for (const [p, pl] of d.players.entries())
        if (pl.removed && !opened[p]) opened[p] = selfSlot(p, 'forfeit_loss');
      if (!s.started) {
        s.started = true;
        s.startTime = Math.floor(at / 1000);
      }
      return;
    }
    case 'ready': {
      const slot = row(mustDiv(s, b.division), b.round)[
        mustPlayer(mustDiv(s, b.division), b.player)
      ];
      if (slot) slot.ready = b.ready;
      return;
    }
    case 'game.started': {
      const d = mustDiv(s, b.division);
      const r = row(d, b.round);
      for (const id of [b.a, b.b]) {
        const slot = r[mustPlayer(d, id)];
        if (slot) {
          slot.gameId = b.gameId;
          slot.ready = false;
        }
      }
      return;
    }
    case 'registration':
      s.registrationOpen = b.open;
      return;
    case 'checkins':
      s.checkinsOpen = b.open;
      return;
    case 'checkin':
      for (const d of s.divisions)
        for (const p of d.players) if (p.id === b.id) p.checkedIn = b.checkedIn;
      return;
    case 'checkins.cleared':
      for (const d of s.divisions) for (const p of d.players) p.checkedIn = false;
      return;
    case 'unchecked.removed':
      for (const d of s.divisions)
        for (let p = d.players.length - 1; p >= 0; p--)
          if (!d.players[p].checkedIn) removePlayer(d, p);
      return;
    case 'unstarted':
      s.started = false;
      s.startTime = 0;
      s.finished = false;
      for (const d of s.divisions) {
        d.currentRound = -1;
        d.rounds = [];
      }
      return;
    case 'finished':
      s.finished = b.finished;
      return;
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
