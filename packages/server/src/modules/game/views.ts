import type { MessageInitShape } from '@bufbuild/protobuf';
import { type GameEvent, type GameState, printTiles } from '@tessera/engine';
import {
  type ClocksSchema,
  challengeRules,
  endReasons,
  eventToWire,
  GameMode,
  type GameHistorySchema,
  type GameInfoSchema,
  type GameRequestSchema,
  playStates,
  RatingMode,
  timeClass,
  TIME_CLASS_LABELS,
} from '@tessera/protocol';
import { type ClockState, readClock } from './clock.ts';
import type { GameRow, StoredRequest } from './migrations.ts';
import type { Sight } from './sight.ts';

/** Who is looking: a player index, or -1 for an observer. */
export type Viewer = number;

export interface PlayerCard {
  userId: string;
  nickname: string;
  rating: number;
  established: boolean;
  isBot: boolean;
}

export function clocksView(c: ClockState, now: number): MessageInitShape<typeof ClocksSchema> {
  return {
    remainingMs: readClock(c, now).map((v) => Math.round(v)),
    maxOvertimeMinutes: Math.round(c.maxOvertimeMs / 60_000),
    incrementSeconds: Math.round(c.incrementMs / 1000),
    running: c.running,
    asOf: BigInt(now),
    untimed: false,
    timeBankMs: c.bank.map((b) => BigInt(Math.round(b))),
  };
}

export function requestView(
  r: StoredRequest,
  g: { rules: GameState['rules'] },
): MessageInitShape<typeof GameRequestSchema> {
  return {
    lexicon: r.lexicon,
    rules: {
      boardLayoutName: g.rules.boardLayout,
      letterDistributionName: g.rules.letterDistribution,
      variantName: g.rules.variant,
    },
    initialTimeSeconds: r.initialTimeSeconds,
    incrementSeconds: r.incrementSeconds,
    challengeRule: challengeRules.toWire(g.rules.challengeRule),
    gameMode: r.correspondence ? GameMode.CORRESPONDENCE : GameMode.REAL_TIME,
    ratingMode: r.rated ? RatingMode.RATED : RatingMode.CASUAL,
    requestId: r.requestId,
    maxOvertimeMinutes: r.maxOvertimeMinutes,
    playerVsBot: r.botType !== '',
    originalRequestId: r.originalRequestId,
    botType: r.botType,
    timeBankMinutes: r.timeBankMinutes,
  };
}

export function timeControlName(r: StoredRequest): string {
  return TIME_CLASS_LABELS[
    timeClass(r.initialTimeSeconds, r.maxOvertimeMinutes, r.incrementSeconds, r.correspondence)
  ];
}

/**
 * What an event shows a viewer. While a game is on, a rack belongs to its
 * owner alone (an event's rack is the mover's rack before the move). In a
 * correspondence game spectators see no tiles at all.
 */
function censorEvent(e: GameEvent, viewer: Viewer, over: boolean, hideTiles: boolean): GameEvent {
  if (over) return e;
  const ownRack = viewer === e.playerIndex && e.type !== 'END_RACK_PTS';
  let out = ownRack ? e : { ...e, rack: '', exchanged: e.type === 'EXCHANGE' ? '' : e.exchanged };
  if (hideTiles) out = { ...out, playedTiles: '', wordsFormed: [], exchanged: '', position: '' };
  return out;
}

/**
 * Does an observer see no tiles at all? Correspondence spectators do not
 * while the game is on, nor do signed-out visitors of a tournament or club
 * game (docs/product/tournaments.md §6: "Log in or register to see player tiles").
 */
export function tilesHiddenFrom(
  row: Pick<GameRow, 'correspondence' | 'tournament_id'>,
  viewer: Viewer,
  anonymous: boolean,
): boolean {
  return viewer < 0 && (row.correspondence || (anonymous && row.tournament_id !== ''));
}

/** `open`: the viewer sees every rack, as at the end (a tournament's director, sight.ts). */
export function eventsFor(
  g: GameState,
  events: GameEvent[],
  viewer: Viewer,
  hideTiles: boolean,
  open = false,
) {
  const over = g.playState === 'GAME_OVER' || open;
  const hide = hideTiles && viewer < 0 && !over;
  return events.map((e) => eventToWire(censorEvent(e, viewer, over, hide)));
}

export function historyView(
  row: GameRow,
  g: GameState,
  players: [PlayerCard, PlayerCard],
  viewer: Viewer,
  now: number,
  anonymous = false,
  sight: Sight = 'observer',
): MessageInitShape<typeof GameHistorySchema> {
  const ended = g.playState === 'GAME_OVER';
  // A director watching sees the game as everyone sees it at its end.
  const open = viewer < 0 && sight === 'director';
  const over = ended || open;
  const hidden = tilesHiddenFrom(row, viewer, anonymous) && !open;
  const hide = hidden && !over;
  const rackOf = (p: number) => printTiles(g.set, g.racks[p].tiles(), 'rack');
  // Once the game is over every rack is shown (to a director, before), so
  // the pool is the same for everyone: the tiles not on the board.
  const unseen = [...g.bag.contents()];
  for (const p of [0, 1]) if (p !== viewer || over) unseen.push(...g.racks[p].tiles());
  unseen.sort((a, b) => a - b);
  return {
    gameId: row.id,
    players: players.map((p, i) => ({
      userId: p.userId,
      nickname: p.nickname,
      fullName: p.nickname,
      rating: Math.round(p.rating),
      ratingEstablished: p.established,
      isBot: p.isBot,
      first: g.firstPlayer === i,
      quit: g.players[i].quit,
    })),
    events: eventsFor(g, g.events, viewer, hidden, open),
    request: requestView(row.request, g),
    racks: [0, 1].map((p) => (p === viewer || over ? rackOf(p) : '')),
    scores: [...g.scores],
    playState: playStates.toWire(g.playState),
    endReason: endReasons.toWire(g.endReason),
    winner: g.winner,
    playerOnTurn: g.playerOnTurn,
    bagCount: g.bag.size,
    scorelessTurns: g.scorelessTurns,
    clocks: clocksView(row.clock, now),
    tournamentId: row.tournament_id,
    createdAt: (row.created_at ?? new Date()).toISOString(),
    unseen: hide ? '' : printTiles(g.set, unseen, 'rack'),
    tilesHidden: hide,
    viewerIndex: viewer,
    endedAt: ended ? (row.ended_at ?? new Date(now)).toISOString() : '',
    analysisAfterEnd: viewer < 0 && sight === 'private' && !ended,
  };
}

export function gameInfo(
  row: GameRow,
  players: [PlayerCard, PlayerCard],
  now: number,
): MessageInitShape<typeof GameInfoSchema> {
  const rules = {
    variant: row.setup.options.variant ?? 'classic',
    challengeRule: row.setup.options.challengeRule ?? 'VOID',
    boardLayout: row.setup.options.boardLayout ?? 'CrosswordGame',
    letterDistribution: row.setup.options.letterDistribution ?? 'english',
  } as GameState['rules'];
  const remaining = readClock(row.clock, now);
  return {
    gameId: row.id,
    players: players.map((p, i) => ({
      userId: p.userId,
      nickname: p.nickname,
      rating: Math.round(p.rating),
      ratingEstablished: p.established,
      isBot: p.isBot,
      first: (row.setup.options.firstPlayer ?? 0) === i,
    })),
    timeControlName: timeControlName(row.request),
    tournamentId: row.tournament_id,
    gameEndReason: endReasons.toWire(row.end_reason as GameState['endReason']),
    scores: [row.score0, row.score1],
    winner: row.winner,
    createdAt: (row.created_at ?? new Date()).toISOString(),
    lastUpdate: (row.updated_at ?? new Date()).toISOString(),
    gameRequest: requestView(row.request, { rules }),
    playerOnTurn: row.player_on_turn,
    playState: playStates.toWire(row.play_state as GameState['playState']),
    onTurnRemainingMs: BigInt(
      Math.round(remaining[row.player_on_turn] + row.clock.bank[row.player_on_turn]),
    ),
  };
}
