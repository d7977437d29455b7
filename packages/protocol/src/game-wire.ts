import type { MessageInitShape } from '@bufbuild/protobuf';
import type {
  ChallengeRule as EngineChallengeRule,
  EndReason,
  EventType,
  GameEvent as EngineEvent,
  PlayState as EnginePlayState,
} from '@tessera/engine';
import {
  ChallengeRule,
  type GameEvent,
  GameEvent_Direction,
  GameEvent_Type,
  GameEndReason,
  type GameEventSchema,
  PlayState,
} from './gen/tessera/v1/game_pb.ts';

/**
 * The engine's game model and the wire's, one to one. The engine speaks
 * string unions (JSON-friendly, readable in documents); protobuf speaks
 * enums. Both the server and the browser convert through these functions, so
 * there is one game model with one wire form.
 */

function table<E extends string, W extends number>(pairs: [E, W][]) {
  const toWire = new Map(pairs);
  const fromWire = new Map(pairs.map(([e, w]) => [w, e]));
  return {
    toWire: (e: E): W => toWire.get(e)!,
    fromWire: (w: W): E | undefined => fromWire.get(w),
  };
}

export const eventTypes = table<EventType, GameEvent_Type>([
  ['TILE_PLACEMENT_MOVE', GameEvent_Type.TILE_PLACEMENT_MOVE],
  ['PHONY_TILES_RETURNED', GameEvent_Type.PHONY_TILES_RETURNED],
  ['PASS', GameEvent_Type.PASS],
  ['CHALLENGE_BONUS', GameEvent_Type.CHALLENGE_BONUS],
  ['EXCHANGE', GameEvent_Type.EXCHANGE],
  ['END_RACK_PTS', GameEvent_Type.END_RACK_PTS],
  ['TIME_PENALTY', GameEvent_Type.TIME_PENALTY],
  ['END_RACK_PENALTY', GameEvent_Type.END_RACK_PENALTY],
  ['UNSUCCESSFUL_CHALLENGE_TURN_LOSS', GameEvent_Type.UNSUCCESSFUL_CHALLENGE_TURN_LOSS],
  ['CHALLENGE', GameEvent_Type.CHALLENGE],
  ['TIMED_OUT', GameEvent_Type.TIMED_OUT],
  ['RESIGNED', GameEvent_Type.RESIGNED],
]);

export const challengeRules = table<EngineChallengeRule, ChallengeRule>([
  ['VOID', ChallengeRule.VOID],
  ['SINGLE', ChallengeRule.SINGLE],
  ['DOUBLE', ChallengeRule.DOUBLE],
  ['FIVE_POINT', ChallengeRule.FIVE_POINT],
  ['TEN_POINT', ChallengeRule.TEN_POINT],
  ['TRIPLE', ChallengeRule.TRIPLE],
]);

export const playStates = table<EnginePlayState, PlayState>([
  ['UNSTARTED', PlayState.UNSTARTED],
  ['PLAYING', PlayState.PLAYING],
  ['WAITING_FOR_FINAL_PASS', PlayState.WAITING_FOR_FINAL_PASS],
  ['GAME_OVER', PlayState.GAME_OVER],
]);

export const endReasons = table<EndReason, GameEndReason>([
  ['NONE', GameEndReason.NONE],
  ['TIME', GameEndReason.TIME],
  ['STANDARD', GameEndReason.STANDARD],
  ['CONSECUTIVE_ZEROES', GameEndReason.CONSECUTIVE_ZEROES],
  ['RESIGNED', GameEndReason.RESIGNED],
  ['ABORTED', GameEndReason.ABORTED],
  ['TRIPLE_CHALLENGE', GameEndReason.TRIPLE_CHALLENGE],
  ['CANCELLED', GameEndReason.CANCELLED],
  ['FORCE_FORFEIT', GameEndReason.FORCE_FORFEIT],
]);

/** Display labels of end reasons (docs/product/community.md §9). */
export const END_REASON_LABELS: Record<EndReason, string> = {
  NONE: '',
  TIME: 'Time out',
  CONSECUTIVE_ZEROES: 'Six-zero rule',
  RESIGNED: 'Resignation',
  FORCE_FORFEIT: 'Forfeit',
  ABORTED: 'Aborted',
  CANCELLED: 'Cancelled',
  TRIPLE_CHALLENGE: 'Triple challenge',
  STANDARD: 'Completed',
};

export function eventToWire(e: EngineEvent): MessageInitShape<typeof GameEventSchema> {
  return {
    ...e,
    type: eventTypes.toWire(e.type),
    direction:
      e.direction === 'vertical' ? GameEvent_Direction.VERTICAL : GameEvent_Direction.HORIZONTAL,
    wordsFormed: [...e.wordsFormed],
  };
}

export function eventFromWire(w: GameEvent): EngineEvent {
  return {
    type: eventTypes.fromWire(w.type) ?? 'PASS',
    playerIndex: w.playerIndex,
    rack: w.rack,
    cumulative: w.cumulative,
    row: w.row,
    column: w.column,
    direction: w.direction === GameEvent_Direction.VERTICAL ? 'vertical' : 'horizontal',
    position: w.position,
    playedTiles: w.playedTiles,
    exchanged: w.exchanged,
    score: w.score,
    bonus: w.bonus,
    endRackPoints: w.endRackPoints,
    lostScore: w.lostScore,
    isBingo: w.isBingo,
    wordsFormed: [...w.wordsFormed],
    millisRemaining: w.millisRemaining,
    note: w.note,
    nickname: w.nickname,
    numTilesFromRack: w.numTilesFromRack,
  };
}
