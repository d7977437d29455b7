import type { ChallengeRule, EndReason, PlayState } from '@tessera/engine';
import {
  challengeRules,
  endReasons,
  GameMode,
  playStates,
  RatingMode,
  timeClass,
  TIME_CLASS_LABELS,
  type Clocks,
  type GameHistory,
  type GameRequest,
} from '@tessera/protocol';
import { challengeRuleOr, type ModelSetup } from './model.ts';

/**
 * Plain views of the wire's game messages, in the engine's vocabulary
 * (string unions), for the store and the components.
 */

export interface PlayerView {
  userId: string;
  nickname: string;
  rating: number;
  established: boolean;
  isBot: boolean;
}

export interface RequestView {
  lexicon: string;
  variant: string;
  challengeRule: ChallengeRule;
  initialTimeSeconds: number;
  incrementSeconds: number;
  maxOvertimeMinutes: number;
  correspondence: boolean;
  rated: boolean;
  botGame: boolean;
  tournamentId: string;
  timeControlName: string;
  /** The request as it came, for a rematch. */
  raw: GameRequest | undefined;
}

export interface ClockView {
  remainingMs: [number, number];
  /** Whose clock runs; -1 when none does. */
  running: number;
  /** Local time (ms) when these values arrived; the running clock counts down from it. */
  receivedAt: number;
  maxOvertimeMinutes: number;
  incrementSeconds: number;
  untimed: boolean;
  /** Correspondence: each player's time bank in ms (absent or 0 when there is none). */
  timeBankMs?: readonly number[];
}

export function playersOf(h: GameHistory): PlayerView[] {
  return h.players.map((p) => ({
    userId: p.userId,
    nickname: p.nickname,
    rating: p.rating,
    established: p.ratingEstablished,
    isBot: p.isBot,
  }));
}

export function requestOf(h: GameHistory): RequestView {
  const r = h.request;
  const correspondence = r?.gameMode === GameMode.CORRESPONDENCE;
  const initial = r?.initialTimeSeconds ?? 0;
  const overtime = r?.maxOvertimeMinutes ?? 0;
  const increment = r?.incrementSeconds ?? 0;
  return {
    lexicon: r?.lexicon ?? '',
    variant: r?.rules?.variantName || 'classic',
    challengeRule: (r && challengeRules.fromWire(r.challengeRule)) ?? 'VOID',
    initialTimeSeconds: initial,
    incrementSeconds: increment,
    maxOvertimeMinutes: overtime,
    correspondence,
    rated: r?.ratingMode === RatingMode.RATED,
    botGame: r?.playerVsBot ?? false,
    tournamentId: h.tournamentId,
    timeControlName: TIME_CLASS_LABELS[timeClass(initial, overtime, increment, correspondence)],
    raw: r,
  };
}

export function setupOfHistory(h: GameHistory): ModelSetup {
  const r = h.request;
  const first = h.players.findIndex((p) => p.first);
  return {
    gameId: h.gameId,
    lexicon: r?.lexicon ?? '',
    variant: r?.rules?.variantName || 'classic',
    challengeRule: challengeRuleOr((r && challengeRules.fromWire(r.challengeRule)) ?? '', 'VOID'),
    letterDistribution: r?.rules?.letterDistributionName ?? '',
    boardLayout: r?.rules?.boardLayoutName ?? '',
    firstPlayer: first < 0 ? 0 : first,
    nicknames: [h.players[0]?.nickname ?? '', h.players[1]?.nickname ?? ''],
    userIds: [h.players[0]?.userId ?? '', h.players[1]?.userId ?? ''],
  };
}

export function clockOf(c: Clocks | undefined, receivedAt: number): ClockView {
  return {
    remainingMs: [c?.remainingMs[0] ?? 0, c?.remainingMs[1] ?? 0],
    running: c?.running ?? -1,
    receivedAt,
    maxOvertimeMinutes: c?.maxOvertimeMinutes ?? 0,
    incrementSeconds: c?.incrementSeconds ?? 0,
    untimed: c?.untimed ?? false,
    timeBankMs: (c?.timeBankMs ?? []).map(Number),
  };
}

export function playStateOf(wire: number): PlayState {
  return playStates.fromWire(wire) ?? 'PLAYING';
}

export function endReasonOf(wire: number): EndReason {
  return endReasons.fromWire(wire) ?? 'NONE';
}
