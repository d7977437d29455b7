/**
 * Player actions in a live game: play, pass, exchange, challenge, resign, time
 * out. Each checks the rules, computes the scores, turns the action into
 * events and applies them through the reducer, then adds the events that
 * follow automatically (the end of the game, a challenge's outcome).
 *
 * Challenge rules (docs/product/gameplay.md §4):
 * - VOID: plays with invalid words are refused; there is nothing to challenge.
 * - a successful challenge under any other rule takes the play off
 *   (PHONY_TILES_RETURNED: tiles back to the rack, the turn passes);
 * - a failed one costs: SINGLE nothing (CHALLENGE is recorded), DOUBLE the
 *   challenger's turn (UNSUCCESSFUL_CHALLENGE_TURN_LOSS), FIVE_POINT and
 *   TEN_POINT give the challenged player 5 or 10 (CHALLENGE_BONUS), TRIPLE
 *   ends the game, won by the challenged player (TRIPLE_CHALLENGE).
 *
 * Going out: under VOID the game ends at once; otherwise the opponent must
 * pass or challenge first (WAITING_FOR_FINAL_PASS). The player who goes out
 * gains twice the value of the opponent's rack (END_RACK_PTS). After six
 * scoreless turns in a row each player loses their own rack's value
 * (END_RACK_PENALTY, CONSECUTIVE_ZEROES).
 */
import { directionOf, printCoord } from '../board/coords.ts';
import { invalidWords, type WordChecker } from '../rules/checker.ts';
import {
  challengeBonus,
  END_RACK_MULTIPLIER,
  MAX_SCORELESS_TURNS,
  MILLIS_PER_MINUTE,
  OVERTIME_PENALTY_PER_MINUTE,
} from '../rules/constants.ts';
import { checkPlacement, PLACEMENT_MESSAGES, type Placement } from '../rules/placement.ts';
import { scorePlacement, tileScoreTable } from '../rules/score.ts';
import { wordsFormed } from '../rules/words.ts';
import { err, ok, type Err, type Result } from '../result.ts';
import { parseTiles, printTiles } from '../tiles/notation.ts';
import { makeEvent, type EventType, type GameEvent } from './events.ts';
import { applyEvent, lastTurn, rackText } from './reduce.ts';
import type { RuleErrorCode } from './rule-errors.ts';
import { other, type EndReason, type GameState } from './state.ts';

export interface ActionOptions {
  /** Word validity: needed to play under VOID and to challenge. */
  checker?: WordChecker;
  millisRemaining?: number;
  note?: string;
}

export type ActionResult = Result<GameEvent[], RuleErrorCode>;

function event(
  g: GameState,
  type: EventType,
  p: number,
  opts: ActionOptions,
  fields: Partial<GameEvent> = {},
): GameEvent {
  return makeEvent(type, p, {
    rack: rackText(g, g.racks[p].tiles()),
    millisRemaining: opts.millisRemaining ?? 0,
    note: opts.note ?? '',
    ...fields,
  });
}

/** Apply events in order; stops at the first failure (which is a bug here). */
function commit(g: GameState, events: GameEvent[]): ActionResult {
  const stored: GameEvent[] = [];
  for (const e of events) {
    const r = applyEvent(g, e);
    if (!r.ok) return r;
    stored.push(r.value);
  }
  return ok(stored);
}

function guard(g: GameState, p: number, allowWaiting: boolean): Err<RuleErrorCode> | null {
  if (g.playState === 'GAME_OVER') return err('GAME_OVER', 'The game is over.');
  if (p !== g.playerOnTurn) return err('NOT_YOUR_TURN', 'It is not your turn.');
  if (!allowWaiting && g.playState === 'WAITING_FOR_FINAL_PASS') {
    return err(
      'MUST_PASS_OR_CHALLENGE',
      'Your opponent has played their final tiles. You must pass or challenge.',
    );
  }
  return null;
}

/** Events that end the game if it just reached an ending position. */
function endings(g: GameState, opts: ActionOptions): GameEvent[] {
  if (g.playState === 'GAME_OVER') return [];
  const last = g.events[g.events.length - 1];
  const mover = last?.playerIndex ?? 0;
  const wentOut =
    last?.type === 'TILE_PLACEMENT_MOVE' && g.racks[mover].size === 0 && g.bag.size === 0;
  if (wentOut && g.rules.challengeRule === 'VOID') return [goOut(g, mover, opts)];
  if (g.scorelessTurns >= MAX_SCORELESS_TURNS) {
    return [0, 1].map((p) =>
      event(g, 'END_RACK_PENALTY', p, opts, { lostScore: g.racks[p].value() }),
    );
  }
  return [];
}

function goOut(g: GameState, p: number, opts: ActionOptions): GameEvent {
  const opp = g.racks[other(p)];
  return event(g, 'END_RACK_PTS', p, opts, {
    rack: rackText(g, opp.tiles()),
    endRackPoints: END_RACK_MULTIPLIER * opp.value(),
  });
}

function finish(g: GameState, first: ActionResult, opts: ActionOptions): ActionResult {
  if (!first.ok) return first;
  const more = commit(g, endings(g, opts));
  return more.ok ? ok([...first.value, ...more.value]) : more;
}

export function play(
  g: GameState,
  p: number,
  placement: Placement,
  opts: ActionOptions = {},
): ActionResult {
  const blocked = guard(g, p, false);
  if (blocked) return blocked;
  const code = checkPlacement(g.board, placement, g.racks[p], g.set.size);
  if (code) return err(code, PLACEMENT_MESSAGES[code]);
  const words = wordsFormed(g.board, placement);
  if (g.rules.challengeRule === 'VOID') {
    if (!opts.checker) return err('NO_LEXICON', 'A lexicon is needed to check the words.');
    const bad = invalidWords(opts.checker, words);
    if (bad.length > 0) {
      const list = bad.map((w) => printTiles(g.set, w, 'word').toUpperCase()).join(', ');
      return err('INVALID_WORDS', `Invalid words: ${list}`);
    }
  }
  const e = event(g, 'TILE_PLACEMENT_MOVE', p, opts, {
    row: placement.row,
    column: placement.col,
    direction: directionOf(placement.vertical),
    position: printCoord(placement),
    playedTiles: printTiles(g.set, placement.tiles, 'word'),
    score: scorePlacement(g.board, placement, tileScoreTable(g.set)),
  });
  return finish(g, commit(g, [e]), opts);
}

export function pass(g: GameState, p: number, opts: ActionOptions = {}): ActionResult {
  const blocked = guard(g, p, true);
  if (blocked) return blocked;
  const waiting = g.playState === 'WAITING_FOR_FINAL_PASS';
  const passed = commit(g, [event(g, 'PASS', p, opts)]);
  if (!passed.ok || !waiting) return finish(g, passed, opts);
  const end = commit(g, [goOut(g, other(p), opts)]);
  return end.ok ? ok([...passed.value, ...end.value]) : end;
}

export function exchange(
  g: GameState,
  p: number,
  tiles: ArrayLike<number>,
  opts: ActionOptions = {},
): ActionResult {
  const blocked = guard(g, p, false);
  if (blocked) return blocked;
  if (tiles.length === 0) return err('EXCHANGE_EMPTY', 'Select at least one tile to exchange.');
  if (!g.racks[p].holds(tiles, false)) {
    return err('TILES_NOT_ON_RACK', PLACEMENT_MESSAGES.TILES_NOT_ON_RACK);
  }
  if (g.bag.size < g.rules.exchangeMinBag) {
    return err(
      'BAG_TOO_SMALL',
      `Exchanging needs at least ${g.rules.exchangeMinBag} tiles in the bag; it holds ${g.bag.size}.`,
    );
  }
  const e = event(g, 'EXCHANGE', p, opts, { exchanged: rackText(g, tiles) });
  return finish(g, commit(g, [e]), opts);
}

/** The on-turn player challenges the opponent's last play. */
export function challenge(
  g: GameState,
  challenger: number,
  opts: ActionOptions = {},
): ActionResult {
  const blocked = guard(g, challenger, true);
  if (blocked) return blocked;
  const rule = g.rules.challengeRule;
  if (rule === 'VOID') return err('CHALLENGE_NOT_ALLOWED', 'This game does not allow challenges.');
  const challenged = other(challenger);
  const last = lastTurn(g);
  const since = last ? g.events.slice(g.events.lastIndexOf(last) + 1) : [];
  if (!last || last.type !== 'TILE_PLACEMENT_MOVE' || last.playerIndex !== challenged) {
    return err('NOTHING_TO_CHALLENGE', 'There is no play to challenge.');
  }
  if (since.some((e) => e.type === 'CHALLENGE' || e.type === 'CHALLENGE_BONUS')) {
    return err('ALREADY_CHALLENGED', 'This play has already been challenged.');
  }
  if (!opts.checker) return err('NO_LEXICON', 'A lexicon is needed to judge a challenge.');
  const words: Uint8Array[] = [];
  for (const w of last.wordsFormed) {
    const tiles = parseTiles(g.set, w, 'word');
    if (!tiles.ok) return err('BAD_TILES', tiles.message);
    words.push(tiles.value);
  }
  const phony = invalidWords(opts.checker, words).length > 0;
  const waiting = g.playState === 'WAITING_FOR_FINAL_PASS';
  if (phony) {
    const e = event(g, 'PHONY_TILES_RETURNED', challenged, opts, {
      rack: last.rack,
      lostScore: last.score,
    });
    return finish(g, commit(g, [e]), opts);
  }
  let outcome: GameEvent;
  if (rule === 'SINGLE') outcome = event(g, 'CHALLENGE', challenger, opts);
  else if (rule === 'FIVE_POINT' || rule === 'TEN_POINT') {
    outcome = event(
      g,
      'CHALLENGE_BONUS',
      challenged,
      { ...opts, millisRemaining: 0 },
      {
        bonus: challengeBonus(rule),
      },
    );
  } else outcome = event(g, 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS', challenger, opts);
  const done = commit(g, [outcome]);
  if (!done.ok) return done;
  // A play that went out stands: the challenge was the final turn.
  if (waiting && g.playState !== 'GAME_OVER') {
    const end = commit(g, [goOut(g, challenged, opts)]);
    return end.ok ? ok([...done.value, ...end.value]) : end;
  }
  return finish(g, done, opts);
}

export function resign(g: GameState, p: number, opts: ActionOptions = {}): ActionResult {
  if (g.playState === 'GAME_OVER') return err('GAME_OVER', 'The game is over.');
  return commit(g, [event(g, 'RESIGNED', p, opts)]);
}

export function timeOut(g: GameState, p: number, opts: ActionOptions = {}): ActionResult {
  if (g.playState === 'GAME_OVER') return err('GAME_OVER', 'The game is over.');
  return commit(g, [event(g, 'TIMED_OUT', p, opts)]);
}

/** Points lost for overtime: 10 per started minute below zero. */
export function overtimePenalty(millisRemaining: number): number {
  if (millisRemaining >= 0) return 0;
  return OVERTIME_PENALTY_PER_MINUTE * Math.ceil(-millisRemaining / MILLIS_PER_MINUTE);
}

/** At the end of a timed game: a TIME_PENALTY for each player whose clock went negative. */
export function applyTimePenalties(
  g: GameState,
  millisRemaining: readonly [number, number],
): ActionResult {
  const events: GameEvent[] = [];
  for (const p of [0, 1]) {
    const lost = overtimePenalty(millisRemaining[p]);
    if (lost > 0) {
      events.push(
        event(g, 'TIME_PENALTY', p, { millisRemaining: millisRemaining[p] }, { lostScore: lost }),
      );
    }
  }
  return commit(g, events);
}

/** End a game outside the event log (a meta event: abort, cancel, forfeit). */
export function endWithoutPlay(
  g: GameState,
  reason: Extract<EndReason, 'ABORTED' | 'CANCELLED' | 'FORCE_FORFEIT'>,
  loser = -1,
): Result<true, 'GAME_OVER'> {
  if (g.playState === 'GAME_OVER') return err('GAME_OVER', 'The game is over.');
  g.playState = 'GAME_OVER';
  g.endReason = reason;
  g.winner = loser >= 0 ? other(loser) : -1;
  return ok(true);
}
