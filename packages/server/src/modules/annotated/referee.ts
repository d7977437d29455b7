/**
 * The editor's referee: every change to an annotated game goes through the
 * engine, the same reducer and actions as live play (docs/decisions/0135).
 *
 * - A new event is the annotator's intent (play, pass, exchange, challenge,
 *   phony taken off, time penalty, end of game); it is turned into the
 *   engine's action, which computes the scores and adds the events that
 *   follow (the end of the game after a final pass, six zeroes).
 * - An amendment replaces event N and replays every later event on top of
 *   it, rescoring plays against the new board; the first later event that no
 *   longer fits is named and nothing changes.
 * - Racks are set by hand with the engine's `setRacks`, at most seven tiles,
 *   only tiles not yet on the board or the other rack.
 *
 * Each function works on a copy and returns the new game or throws a refusal:
 * the caller stores the result only when nothing was refused.
 */
import {
  applyEvent,
  challenge,
  cloneGame,
  END_RACK_MULTIPLIER,
  err,
  exchange,
  lastTurn,
  makeEvent,
  newGameFromSetup,
  other,
  parseCoord,
  parseTiles,
  pass,
  play,
  printTiles,
  RACK_SIZE,
  Rack,
  replay,
  resign,
  scorePlacement,
  setRacks,
  setupOf,
  tileScoreTable,
  timeOut,
  type Err,
  type GameEvent,
  type GameSetup,
  type GameState,
  type WordChecker,
} from '@tessera/engine';
import { refuse } from '@tessera/protocol';

/** Longest note on one event. */
export const NOTE_MAX = 2000;
/** Largest time penalty an annotator may record (points). */
export const TIME_PENALTY_MAX = 1000;

/** The annotator decides a challenge: these checkers say every word is good, or none is. */
const ALL_GOOD: WordChecker = { has: () => true };
const NONE_GOOD: WordChecker = { has: () => false };

/** An engine refusal as a catalogue refusal. */
export function refuseRule(e: Err): never {
  switch (e.code) {
    case 'RACK_UNAVAILABLE':
      throw refuse('ANNO_TILES_UNAVAILABLE', e.message);
    case 'BAG_TOO_SMALL':
      throw refuse('ANNO_ILLEGAL_EVENT', e.message);
    default:
      throw refuse('ANNO_ILLEGAL_EVENT', e.message);
  }
}

/** A rack typed by the annotator: tiles of the game's letter set, at most seven. */
export function readRack(g: GameState, text: string, who: number): Uint8Array {
  const r = parseTiles(g.set, text.trim(), 'rack', { allowEmpty: true });
  if (!r.ok) throw refuse('ANNO_BAD_RACK', r.message);
  if (r.value.length > RACK_SIZE) {
    throw refuse('ANNO_RACK_TOO_LONG', RACK_SIZE, g.players[who].nickname, r.value.length);
  }
  return r.value;
}

function checkNote(note: string): string {
  if (note.length > NOTE_MAX) throw refuse('ANNO_NOTE_TOO_LONG', NOTE_MAX);
  return note;
}

/** Set one player's rack (if `text` is not empty) before their move. */
function setMoverRack(g: GameState, p: number, text: string): void {
  if (text.trim() === '') return;
  const tiles = readRack(g, text, p);
  const r = setRacks(g, p === 0 ? [tiles, null] : [null, tiles]);
  if (!r.ok) refuseRule(r);
}

/**
 * Apply the annotator's intent `e` at the end of `g` (mutating `g`). The
 * events the engine appended are g.events from the old length on.
 */
function applyIntent(g: GameState, e: GameEvent): void {
  const note = checkNote(e.note ?? '');
  const opts = { note, checker: ALL_GOOD };
  const onTurn = g.playerOnTurn;
  let r;
  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE': {
      const p = onTurn;
      const coord = parseCoord(e.position, g.board.dim);
      if (!coord.ok) throw refuse('ANNO_ILLEGAL_EVENT', coord.message);
      const tiles = parseTiles(g.set, e.playedTiles, 'word');
      if (!tiles.ok) throw refuse('ANNO_ILLEGAL_EVENT', tiles.message);
      if (e.rack.trim() !== '') setMoverRack(g, p, e.rack);
      else {
        // No rack given: the play's own tiles are what the player is known to hold.
        const fresh = Array.from(
          tiles.value.filter((t) => t !== 0),
          Rack.source,
        );
        if (!g.racks[p].holds(fresh, false)) {
          setMoverRack(g, p, printTiles(g.set, fresh, 'rack'));
        }
      }
      r = play(g, p, { ...coord.value, tiles: tiles.value }, opts);
      break;
    }
    case 'PASS':
      setMoverRack(g, onTurn, e.rack);
      r = pass(g, onTurn, opts);
      break;
    case 'EXCHANGE': {
      if (e.position !== '' || e.playedTiles !== '') throw refuse('ANNO_EXCHANGE_PLACES_TILES');
      if (g.playState !== 'GAME_OVER' && g.bag.size < g.rules.exchangeMinBag) {
        throw refuse('ANNO_EXCHANGE_BAG_TOO_SMALL', g.rules.exchangeMinBag, g.bag.size);
      }
      setMoverRack(g, onTurn, e.rack);
      const swapped = parseTiles(g.set, e.exchanged, 'rack');
      if (!swapped.ok || swapped.value.length === 0) {
        throw refuse('ANNO_ILLEGAL_EVENT', 'an exchange must name the tiles exchanged');
      }
      r = exchange(g, onTurn, swapped.value, opts);
      break;
    }
    // A challenge the play survived: the rule decides what it costs.
    case 'CHALLENGE':
    case 'CHALLENGE_BONUS':
    case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS':
      r = challenge(g, onTurn, opts);
      break;
    // A successful challenge: the play comes off and its rack is remembered.
    case 'PHONY_TILES_RETURNED':
      r = challenge(g, onTurn, { ...opts, checker: NONE_GOOD });
      break;
    case 'TIME_PENALTY': {
      const p = e.playerIndex;
      if (p !== 0 && p !== 1) throw refuse('ANNO_ILLEGAL_EVENT', 'no such player');
      if (!Number.isInteger(e.lostScore) || e.lostScore <= 0 || e.lostScore > TIME_PENALTY_MAX) {
        throw refuse('ANNO_ILLEGAL_EVENT', `a time penalty is 1 to ${TIME_PENALTY_MAX} points`);
      }
      const out = replayOne(g, makeEvent('TIME_PENALTY', p, { lostScore: e.lostScore, note }));
      if (!out.ok) refuseRule(out);
      return;
    }
    // End of game: a player who went out collects the other rack (the final pass).
    case 'END_RACK_PTS':
      if (g.playState !== 'WAITING_FOR_FINAL_PASS') {
        throw refuse('ANNO_ILLEGAL_EVENT', 'nobody has gone out with the bag empty');
      }
      r = pass(g, onTurn, opts);
      break;
    case 'RESIGNED':
    case 'TIMED_OUT': {
      const p = e.playerIndex === 0 || e.playerIndex === 1 ? e.playerIndex : onTurn;
      r = e.type === 'RESIGNED' ? resign(g, p, opts) : timeOut(g, p, opts);
      break;
    }
    case 'END_RACK_PENALTY':
      throw refuse('ANNO_ILLEGAL_EVENT', 'rack penalties follow six scoreless turns by themselves');
  }
  if (!r.ok) refuseRule(r);
}

/**
 * One stored event applied again after an earlier change: the scores the
 * board decides are computed afresh (a play's value, a phony's loss, the
 * rack points at the end); the rest is replayed as recorded.
 */
function replayOne(g: GameState, e: GameEvent) {
  const fresh = { ...e, wordsFormed: [...e.wordsFormed] };
  if (e.type === 'TILE_PLACEMENT_MOVE') {
    const coord = parseCoord(e.position, g.board.dim);
    const tiles = parseTiles(g.set, e.playedTiles, 'word');
    if (coord.ok && tiles.ok) {
      fresh.score = scorePlacement(
        g.board,
        { ...coord.value, tiles: tiles.value },
        tileScoreTable(g.set),
      );
    }
  } else if (e.type === 'PHONY_TILES_RETURNED') {
    fresh.lostScore = lastTurn(g)?.score ?? e.lostScore;
  } else if (e.type === 'END_RACK_PTS' && e.rack === '') {
    fresh.endRackPoints = END_RACK_MULTIPLIER * g.racks[other(e.playerIndex)].value();
  }
  return applyEventChecked(g, fresh);
}

/** The reducer, refusing a recorded rack of more than seven tiles. */
function applyEventChecked(g: GameState, e: GameEvent) {
  if (e.rack !== '') {
    const tiles = parseTiles(g.set, e.rack, 'rack');
    const owner = e.type === 'END_RACK_PTS' ? other(e.playerIndex) : e.playerIndex;
    if (tiles.ok && tiles.value.length > RACK_SIZE && (owner === 0 || owner === 1)) {
      const who = g.players[owner].nickname;
      return err('RACK_UNAVAILABLE', `${who}'s rack would hold ${tiles.value.length} tiles`);
    }
  }
  return applyEvent(g, e);
}

/** Append the annotator's event at the end of the game. */
export function appendEvent(g: GameState, e: GameEvent): GameState {
  const next = cloneGame(g);
  applyIntent(next, e);
  return next;
}

/** Replay `tail` on `g` (mutating it); refuses naming the first event that no longer fits. */
function replayTail(g: GameState, tail: readonly GameEvent[], firstNumber: number): void {
  for (let i = 0; i < tail.length; i++) {
    const r = replayOne(g, tail[i]);
    if (!r.ok) {
      throw refuse('ANNO_AMENDMENT_BREAKS', firstNumber + i, tail[i].type, r.message);
    }
  }
}

/** The game after its first `count` events. */
export function truncated(g: GameState, count: number): GameState {
  if (!Number.isInteger(count) || count < 0 || count > g.events.length) {
    throw refuse('ANNO_BAD_EVENT_NUMBER', count);
  }
  const r = replay(setupOf(g), g.events.slice(0, count));
  if (!r.ok) refuseRule(r);
  return r.value;
}

/**
 * Replace event `number` (1-based) with the annotator's intent `e`, then
 * replay every later event. The events the intent itself brings along (a
 * final pass's rack points) take the place of the old ones they match.
 */
export function amendEventAt(g: GameState, number: number, e: GameEvent): GameState {
  if (!Number.isInteger(number) || number < 1 || number > g.events.length) {
    throw refuse('ANNO_BAD_EVENT_NUMBER', number);
  }
  const head = truncated(g, number - 1);
  const before = head.events.length;
  applyIntent(head, e);
  const added = head.events.length - before;
  // Old events the action already re-created (same type at the same place) are not replayed twice.
  let skip = 1;
  while (skip < added && g.events[number - 1 + skip]?.type === head.events[before + skip].type) {
    skip++;
  }
  replayTail(head, g.events.slice(number - 1 + skip), number + skip);
  return head;
}

/**
 * Set the racks: now (`number` 0), or as they were before event `number`
 * (1-based), in which case that event and every later one are replayed.
 * An empty text leaves that rack as it is.
 */
export function withRacks(g: GameState, racks: readonly string[], number: number): GameState {
  if (racks.length !== 2) throw refuse('ANNO_BAD_RACK', 'give two racks, one per player');
  if (number === 0) {
    const next = cloneGame(g);
    const tiles = racks.map((t, p) => (t.trim() === '' ? null : readRack(next, t, p)));
    const r = setRacks(next, [tiles[0], tiles[1]]);
    if (!r.ok) refuseRule(r);
    return next;
  }
  if (!Number.isInteger(number) || number < 1 || number > g.events.length) {
    throw refuse('ANNO_BAD_EVENT_NUMBER', number);
  }
  const head = truncated(g, number - 1);
  const event = g.events[number - 1];
  const owner = event.type === 'END_RACK_PTS' ? other(event.playerIndex) : event.playerIndex;
  const text = racks[owner].trim();
  const changed = { ...event, wordsFormed: [...event.wordsFormed] };
  if (text !== '') {
    changed.rack = printTiles(head.set, readRack(head, text, owner), 'rack');
  }
  const r = replayOne(head, changed);
  if (!r.ok) refuseRule(r);
  replayTail(head, g.events.slice(number), number + 1);
  return head;
}

/** Set the notes of events (1-based numbers); an empty note removes it. */
export function withNotes(g: GameState, notes: readonly { eventNumber: number; note: string }[]) {
  for (const n of notes) {
    if (!Number.isInteger(n.eventNumber) || n.eventNumber < 1 || n.eventNumber > g.events.length) {
      throw refuse('ANNO_BAD_EVENT_NUMBER', n.eventNumber);
    }
    checkNote(n.note);
  }
  const next = cloneGame(g);
  for (const n of notes) next.events[n.eventNumber - 1].note = n.note;
  return next;
}

/**
 * The same events replayed on a changed setup (players, description, lexicon,
 * challenge rule): the first event that no longer fits is named. The racks
 * set by hand for the next move are kept when they still can be.
 */
export function rebuilt(g: GameState, change: (setup: GameSetup) => void): GameState {
  const setup = setupOf(g);
  change(setup);
  const made = newGameFromSetup(setup);
  if (!made.ok) refuseRule(made);
  const next = made.value;
  replayTail(next, g.events, 1);
  if (next.playState !== 'GAME_OVER') {
    const kept = setRacks(next, [g.racks[0].tiles(), g.racks[1].tiles()]);
    void kept; // Racks that no longer fit are simply redrawn.
  }
  return next;
}

/** Set the current racks from machine letters (a replaced document's), at most seven each. */
export function withRackTiles(g: GameState, racks: readonly (readonly number[])[]): GameState {
  if (g.playState === 'GAME_OVER') return g;
  racks.forEach((r, p) => {
    if (r.length > RACK_SIZE) {
      throw refuse('ANNO_RACK_TOO_LONG', RACK_SIZE, g.players[p].nickname, r.length);
    }
  });
  const r = setRacks(g, [racks[0] ?? null, racks[1] ?? null]);
  if (!r.ok) refuseRule(r);
  return g;
}
