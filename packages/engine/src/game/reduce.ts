/**
 * The reducer: apply one recorded event to a game state. Live play
 * (game/actions.ts), replays from the event log, GCG imports and the
 * annotation editor all go through here, so they cannot disagree on rules.
 *
 * The reducer checks what a record must get right (turn order, the placement
 * rules, that the tiles exist) and trusts the scores it is given: actions
 * compute them, and importers compare them separately (formats/gcg/replay.ts).
 * It stores a normalised copy of the event: derived fields (words formed,
 * bingo, tiles used, coordinates, cumulative score, nickname) are recomputed
 * and tile text is printed canonically, so a game imported twice is equal.
 *
 * Nothing is changed when an error is returned.
 */
import { directionOf, parseCoord, printCoord } from '../board/coords.ts';
import { RACK_SIZE } from '../rules/constants.ts';
import {
  applyPlacement,
  canonicalPlacement,
  checkPlacement,
  freshCount,
  liftPlacement,
  PLACEMENT_MESSAGES,
  type Placement,
} from '../rules/placement.ts';
import { wordsFormed } from '../rules/words.ts';
import { err, ok, type Err, type Result } from '../result.ts';
import { parseTiles, printTiles, sortTiles } from '../tiles/notation.ts';
import { Rack } from '../tiles/rack.ts';
import { isTurn, makeEvent, trailingScorelessTurns, type GameEvent } from './events.ts';
import { canSetRack, setRack, tileCounts } from './racks.ts';
import type { EventErrorCode } from './rule-errors.ts';
import { other, refill, type GameState } from './state.ts';

function fail<C extends EventErrorCode>(code: C, message: string): Err<C> {
  return err(code, message);
}

export function rackText(g: GameState, tiles: ArrayLike<number>): string {
  return printTiles(g.set, sortTiles(tiles), 'rack');
}

function readRack(g: GameState, text: string): Result<Uint8Array, 'BAD_TILES'> {
  const r = parseTiles(g.set, text, 'rack');
  return r.ok ? r : fail('BAD_TILES', r.message);
}

/** The placement a TILE_PLACEMENT_MOVE event describes. */
export function eventPlacement(
  g: GameState,
  e: GameEvent,
): Result<Placement, 'BAD_POSITION' | 'BAD_TILES'> {
  const coord = parseCoord(e.position, g.board.dim);
  if (!coord.ok) return fail('BAD_POSITION', coord.message);
  const tiles = parseTiles(g.set, e.playedTiles, 'word');
  if (!tiles.ok) return fail('BAD_TILES', tiles.message);
  return ok({ ...coord.value, tiles: tiles.value });
}

/** The last turn-using event, or null. */
export function lastTurn(g: GameState): GameEvent | null {
  for (let i = g.events.length - 1; i >= 0; i--) {
    if (isTurn(g.events[i].type)) return g.events[i];
  }
  return null;
}

function decideByScore(g: GameState): void {
  const [a, b] = g.scores;
  g.winner = a === b ? -1 : a > b ? 0 : 1;
}

function endGame(g: GameState, reason: GameState['endReason'], loser = -1): void {
  g.playState = 'GAME_OVER';
  g.endReason = reason;
  if (loser >= 0) g.winner = other(loser);
  else decideByScore(g);
}

/** Apply `e` to `g`; returns the normalised event that was appended to the log. */
export function applyEvent(g: GameState, e: GameEvent): Result<GameEvent, EventErrorCode> {
  const p = e.playerIndex;
  if (p !== 0 && p !== 1) return fail('BAD_PLAYER', `player index ${p} is not 0 or 1`);
  const over = g.playState === 'GAME_OVER';
  const adjustment =
    e.type === 'TIME_PENALTY' ||
    (e.type === 'END_RACK_PENALTY' && g.endReason === 'CONSECUTIVE_ZEROES');
  if (over && !adjustment) return fail('GAME_OVER', 'the game is over');
  const needsTurn =
    e.type === 'TILE_PLACEMENT_MOVE' ||
    e.type === 'PASS' ||
    e.type === 'EXCHANGE' ||
    e.type === 'CHALLENGE' ||
    e.type === 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS';
  if (needsTurn && p !== g.playerOnTurn) {
    return fail('NOT_YOUR_TURN', `it is not ${g.players[p].nickname}'s turn`);
  }
  const waiting = g.playState === 'WAITING_FOR_FINAL_PASS';
  if (waiting && (e.type === 'TILE_PLACEMENT_MOVE' || e.type === 'EXCHANGE')) {
    return fail('MUST_PASS_OR_CHALLENGE', 'the opponent has gone out: pass or challenge');
  }
  // The rack the event names: the mover's, or for END_RACK_PTS the opponent's.
  const rackOwner = e.type === 'END_RACK_PTS' ? other(p) : p;
  let target: Uint8Array | null = null;
  if (e.rack !== '') {
    const r = readRack(g, e.rack);
    if (!r.ok) return r;
    target = r.value;
  }
  const out = makeEvent(e.type, p, { ...e, nickname: g.players[p].nickname });
  if (target) out.rack = rackText(g, target);

  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE': {
      const pl = eventPlacement(g, e);
      if (!pl.ok) return pl;
      if (target) {
        const can = canSetRack(g, p, target);
        if (!can.ok) return can;
      }
      const rack = target ? Rack.of(g.set, target) : g.racks[p];
      const code = checkPlacement(g.board, pl.value, rack, g.set.size);
      if (code) return fail(code, PLACEMENT_MESSAGES[code]);
      const placement = canonicalPlacement(g.board, pl.value);
      if (target) setRack(g, p, target);
      else out.rack = rackText(g, g.racks[p].tiles());
      const used = freshCount(placement);
      out.row = placement.row;
      out.column = placement.col;
      out.direction = directionOf(placement.vertical);
      out.position = printCoord(placement);
      out.playedTiles = printTiles(g.set, placement.tiles, 'word');
      out.wordsFormed = wordsFormed(g.board, placement).map((w) => printTiles(g.set, w, 'word'));
      out.numTilesFromRack = used;
      out.isBingo = used === RACK_SIZE;
      applyPlacement(g.board, placement);
      for (const t of placement.tiles) if (t !== 0) g.racks[p].remove(Rack.source(t));
      refill(g, p);
      g.scores[p] += e.score;
      g.playerOnTurn = other(p);
      if (g.racks[p].size === 0 && g.bag.size === 0 && g.rules.challengeRule !== 'VOID') {
        g.playState = 'WAITING_FOR_FINAL_PASS';
      }
      break;
    }
    case 'PHONY_TILES_RETURNED': {
      const last = lastTurn(g);
      if (!last || last.type !== 'TILE_PLACEMENT_MOVE' || last.playerIndex !== p) {
        return fail('NO_PLAY_TO_WITHDRAW', `${g.players[p].nickname} has no play to take back`);
      }
      const pl = eventPlacement(g, last);
      if (!pl.ok) return pl;
      const before = readRack(g, last.rack);
      if (!before.ok) return before;
      const want = target ?? before.value;
      const lifted = tileCounts(
        g.set.size,
        Array.from(
          pl.value.tiles.filter((t) => t !== 0),
          Rack.source,
        ),
      );
      const can = canSetRack(g, p, want, lifted);
      if (!can.ok) return can;
      liftPlacement(g.board, pl.value);
      for (const t of pl.value.tiles) if (t !== 0) g.racks[p].add(Rack.source(t));
      setRack(g, p, want);
      out.rack = rackText(g, want);
      out.lostScore = e.lostScore || last.score;
      out.playedTiles = last.playedTiles;
      g.scores[p] -= out.lostScore;
      g.playerOnTurn = other(p);
      g.playState = 'PLAYING';
      break;
    }
    case 'EXCHANGE': {
      const rackTiles = target ?? g.racks[p].tiles();
      const rack = Rack.of(g.set, rackTiles);
      let swapped: Uint8Array;
      if (e.exchanged !== '') {
        const x = readRack(g, e.exchanged);
        if (!x.ok) return x;
        swapped = x.value;
      } else {
        swapped = rackTiles.slice(0, e.numTilesFromRack);
      }
      if (swapped.length === 0 || swapped.length > rackTiles.length) {
        return fail('BAD_EXCHANGE', 'an exchange must name tiles from the rack');
      }
      if (!rack.holds(swapped, false)) {
        return fail('TILES_NOT_ON_RACK', PLACEMENT_MESSAGES.TILES_NOT_ON_RACK);
      }
      if (g.bag.size < swapped.length) {
        return fail('BAG_TOO_SMALL', `the bag holds only ${g.bag.size} tiles`);
      }
      if (target) {
        const can = canSetRack(g, p, target);
        if (!can.ok) return can;
        setRack(g, p, target);
      }
      out.rack = rackText(g, rackTiles);
      out.exchanged = e.exchanged === '' ? '' : rackText(g, swapped);
      out.numTilesFromRack = swapped.length;
      for (const t of swapped) g.racks[p].remove(t);
      refill(g, p);
      for (const t of swapped) g.bag.put(t);
      g.playerOnTurn = other(p);
      break;
    }
    case 'CHALLENGE_BONUS':
    case 'CHALLENGE': {
      const challenged = e.type === 'CHALLENGE' ? other(p) : p;
      const last = lastTurn(g);
      if (!last || last.type !== 'TILE_PLACEMENT_MOVE' || last.playerIndex !== challenged) {
        return fail('NO_PLAY_TO_CHALLENGE', 'there is no play to challenge');
      }
      if (!applyRack(g, rackOwner, target, out)) return rackError(g, rackOwner, target!);
      g.scores[p] += e.type === 'CHALLENGE_BONUS' ? e.bonus : 0;
      break;
    }
    case 'PASS':
    case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS': {
      if (!applyRack(g, rackOwner, target, out)) return rackError(g, rackOwner, target!);
      g.playerOnTurn = other(p);
      if (e.type === 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS' && g.rules.challengeRule === 'TRIPLE') {
        endGame(g, 'TRIPLE_CHALLENGE', p);
      }
      break;
    }
    case 'END_RACK_PTS': {
      if (!applyRack(g, rackOwner, target, out)) return rackError(g, rackOwner, target!);
      g.scores[p] += e.endRackPoints;
      endGame(g, 'STANDARD');
      break;
    }
    case 'END_RACK_PENALTY':
    case 'TIME_PENALTY': {
      if (!applyRack(g, rackOwner, target, out)) return rackError(g, rackOwner, target!);
      g.scores[p] -= e.lostScore;
      if (e.type === 'END_RACK_PENALTY' && !over) endGame(g, 'CONSECUTIVE_ZEROES');
      else if (over && (g.endReason === 'STANDARD' || g.endReason === 'CONSECUTIVE_ZEROES')) {
        decideByScore(g);
      }
      break;
    }
    case 'TIMED_OUT':
    case 'RESIGNED': {
      if (!applyRack(g, rackOwner, target, out)) return rackError(g, rackOwner, target!);
      endGame(g, e.type === 'TIMED_OUT' ? 'TIME' : 'RESIGNED', p);
      break;
    }
    default:
      return fail('BAD_EVENT', `unknown event type ${String((e as GameEvent).type)}`);
  }
  out.cumulative = g.scores[p];
  g.events.push(out);
  g.scorelessTurns = trailingScorelessTurns(g.events, g.start?.scorelessTurns ?? 0);
  return ok(out);
}

/** Set the rack an adjustment event names (if any); false when impossible. */
function applyRack(
  g: GameState,
  owner: number,
  target: Uint8Array | null,
  out: GameEvent,
): boolean {
  if (!target) {
    out.rack = rackText(g, g.racks[owner].tiles());
    return true;
  }
  if (!canSetRack(g, owner, target).ok) return false;
  setRack(g, owner, target);
  return true;
}

function rackError(g: GameState, owner: number, target: Uint8Array): Err<'RACK_UNAVAILABLE'> {
  const r = canSetRack(g, owner, target);
  return r.ok ? fail('RACK_UNAVAILABLE', 'rack unavailable') : r;
}
