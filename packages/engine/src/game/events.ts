/**
 * Game events (docs/product/gameplay.md §3): the log a game is replayed from. Every event has all
 * the spec's fields, in the spec's order, with neutral defaults (0, '', false,
 * []) where a field does not apply, so the JSON form is regular.
 *
 * Tile fields are text in the letter set's notation (tiles/notation.ts):
 * `rack` is the player's rack before the event (or, for END_RACK_PTS, the
 * opponent's tiles that were counted), `playedTiles` uses '.' for played-through
 * squares, and `wordsFormed` lists the main word first.
 *
 * Who `playerIndex` is, per type:
 * - TILE_PLACEMENT_MOVE, PASS, EXCHANGE: the player on turn.
 * - PHONY_TILES_RETURNED: the player whose play was challenged off.
 * - CHALLENGE_BONUS: the challenged player, who receives `bonus`.
 * - CHALLENGE (a challenge that failed at no cost, single rule) and
 *   UNSUCCESSFUL_CHALLENGE_TURN_LOSS: the challenger.
 * - END_RACK_PTS: the player who went out (`endRackPoints` = 2 x rack value).
 * - END_RACK_PENALTY, TIME_PENALTY: the player losing `lostScore`.
 * - TIMED_OUT, RESIGNED: the player who lost that way.
 */
import type { Direction } from '../board/coords.ts';

export type EventType =
  | 'TILE_PLACEMENT_MOVE'
  | 'PHONY_TILES_RETURNED'
  | 'PASS'
  | 'CHALLENGE_BONUS'
  | 'EXCHANGE'
  | 'END_RACK_PTS'
  | 'TIME_PENALTY'
  | 'END_RACK_PENALTY'
  | 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS'
  | 'CHALLENGE'
  | 'TIMED_OUT'
  | 'RESIGNED';

export const EVENT_TYPES: readonly EventType[] = [
  'TILE_PLACEMENT_MOVE',
  'PHONY_TILES_RETURNED',
  'PASS',
  'CHALLENGE_BONUS',
  'EXCHANGE',
  'END_RACK_PTS',
  'TIME_PENALTY',
  'END_RACK_PENALTY',
  'UNSUCCESSFUL_CHALLENGE_TURN_LOSS',
  'CHALLENGE',
  'TIMED_OUT',
  'RESIGNED',
];

export interface GameEvent {
  type: EventType;
  playerIndex: number;
  rack: string;
  cumulative: number;
  row: number;
  column: number;
  direction: Direction;
  position: string;
  playedTiles: string;
  exchanged: string;
  score: number;
  bonus: number;
  endRackPoints: number;
  lostScore: number;
  isBingo: boolean;
  wordsFormed: string[];
  millisRemaining: number;
  note: string;
  nickname: string;
  numTilesFromRack: number;
}

export function makeEvent(
  type: EventType,
  playerIndex: number,
  fields: Partial<Omit<GameEvent, 'type' | 'playerIndex'>> = {},
): GameEvent {
  return {
    type,
    playerIndex,
    rack: fields.rack ?? '',
    cumulative: fields.cumulative ?? 0,
    row: fields.row ?? 0,
    column: fields.column ?? 0,
    direction: fields.direction ?? 'horizontal',
    position: fields.position ?? '',
    playedTiles: fields.playedTiles ?? '',
    exchanged: fields.exchanged ?? '',
    score: fields.score ?? 0,
    bonus: fields.bonus ?? 0,
    endRackPoints: fields.endRackPoints ?? 0,
    lostScore: fields.lostScore ?? 0,
    isBingo: fields.isBingo ?? false,
    wordsFormed: fields.wordsFormed ? [...fields.wordsFormed] : [],
    millisRemaining: fields.millisRemaining ?? 0,
    note: fields.note ?? '',
    nickname: fields.nickname ?? '',
    numTilesFromRack: fields.numTilesFromRack ?? 0,
  };
}

/** How the event changes its player's score. */
export function scoreDelta(e: GameEvent): number {
  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE':
      return e.score;
    case 'CHALLENGE_BONUS':
      return e.bonus;
    case 'END_RACK_PTS':
      return e.endRackPoints;
    case 'PHONY_TILES_RETURNED':
    case 'TIME_PENALTY':
    case 'END_RACK_PENALTY':
      return -e.lostScore;
    default:
      return 0;
  }
}

/** Events that use up a player's turn (the rest are adjustments around turns). */
export function isTurn(type: EventType): boolean {
  return (
    type === 'TILE_PLACEMENT_MOVE' ||
    type === 'PASS' ||
    type === 'EXCHANGE' ||
    type === 'PHONY_TILES_RETURNED' ||
    type === 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS'
  );
}

/**
 * Consecutive scoreless turns at the end of the log. A play later challenged
 * off counts as a scoreless turn; a play scoring points ends the count. When
 * no play scored, `base` (the count at the starting position) is added.
 */
export function trailingScorelessTurns(events: readonly GameEvent[], base = 0): number {
  let count = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!isTurn(e.type)) continue;
    if (e.type === 'TILE_PLACEMENT_MOVE') {
      if (e.score > 0) return count;
      count++;
    } else if (e.type === 'PHONY_TILES_RETURNED') {
      count++;
      // Skip the withdrawn play itself (the loop's i-- steps over it).
      i--;
      while (i >= 0 && events[i].type !== 'TILE_PLACEMENT_MOVE') i--;
    } else {
      count++;
    }
  }
  return count + base;
}

export function sameEvent(a: GameEvent, b: GameEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
