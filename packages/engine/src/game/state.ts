/**
 * The live state of one game: rules, board, bag, racks, scores, whose turn,
 * play state and the event log. The state is a cache of the log: replaying the
 * events from the same seed (game/replay.ts) rebuilds it exactly.
 *
 * Mutable on purpose: actions and the reducer update it in place, and
 * `cloneGame` gives an independent copy when one is needed (an analysis
 * branch, an optimistic UI update).
 */
import { Board } from '../board/board.ts';
import { boardLayout, type BoardLayoutName } from '../board/layouts.ts';
import {
  DEFAULT_EXCHANGE_MIN_BAG,
  RACK_SIZE,
  variantBoard,
  variantLetterSet,
  type ChallengeRule,
  type Variant,
} from '../rules/constants.ts';
import {
  letterSet,
  letterSetForLexicon,
  type LetterSet,
  type LetterSetName,
} from '../tiles/letter-sets.ts';
import { Rack } from '../tiles/rack.ts';
import { Bag } from './bag.ts';
import type { GameEvent } from './events.ts';

export type PlayState = 'UNSTARTED' | 'PLAYING' | 'WAITING_FOR_FINAL_PASS' | 'GAME_OVER';

export type EndReason =
  | 'NONE'
  | 'STANDARD'
  | 'CONSECUTIVE_ZEROES'
  | 'TIME'
  | 'RESIGNED'
  | 'TRIPLE_CHALLENGE'
  | 'ABORTED'
  | 'CANCELLED'
  | 'FORCE_FORFEIT';

export type GameType = 'native' | 'annotated';

export interface PlayerInfo {
  nickname: string;
  realName: string;
  userId: string;
  quit: boolean;
}

export interface Timers {
  timeOfLastUpdate: number;
  timeStarted: number;
  /** Milliseconds left per player (negative in overtime). */
  timeRemaining: [number, number];
  /** Minutes of overtime allowed before the player loses on time. */
  maxOvertime: number;
  incrementSeconds: number;
  resetToIncrementAfterTurn: boolean;
  untimed: boolean;
  timeBank: [number, number];
}

export interface GameRules {
  variant: Variant;
  challengeRule: ChallengeRule;
  boardLayout: BoardLayoutName;
  letterDistribution: LetterSetName;
  lexicon: string;
  /** Tiles the bag must hold for an exchange (docs/product/gameplay.md §5 "Turn rules": 7, or 1 for some lexicons). */
  exchangeMinBag: number;
}

export interface GameMeta {
  uid: string;
  description: string;
  title: string;
  idAuth: string;
  type: GameType;
  createdAt: string;
  timersStarted: boolean;
  timers: Timers;
  metaEventData: { events: unknown[] };
}

export interface GameState {
  readonly rules: GameRules;
  readonly set: LetterSet;
  readonly players: [PlayerInfo, PlayerInfo];
  readonly meta: GameMeta;
  /** Seed of the bag's generator at creation (replays start from it). */
  readonly seed: number;
  readonly firstPlayer: number;
  /** Set when the game began from a position (a CGP) rather than an empty board. */
  readonly start: StartPosition | null;
  /** Whether racks were drawn from the bag at creation (false for annotated records). */
  readonly racksDrawn: boolean;
  board: Board;
  bag: Bag;
  racks: [Rack, Rack];
  scores: [number, number];
  playerOnTurn: number;
  playState: PlayState;
  endReason: EndReason;
  /** Index of the winner once the game is over; -1 for a tie or while playing. */
  winner: number;
  scorelessTurns: number;
  events: GameEvent[];
}

/** A position to begin from instead of an empty board (machine letters throughout). */
export interface StartPosition {
  board: number[];
  racks: [number[], number[]];
  scores: [number, number];
  scorelessTurns: number;
  playerOnTurn: number;
}

export interface NewGameOptions {
  variant?: Variant;
  challengeRule?: ChallengeRule;
  lexicon?: string;
  letterDistribution?: LetterSetName;
  boardLayout?: BoardLayoutName;
  exchangeMinBag?: number;
  seed?: number;
  /** Which player moves first (0 unless given). */
  firstPlayer?: number;
  players?: [Partial<PlayerInfo>, Partial<PlayerInfo>];
  meta?: Partial<GameMeta>;
}

export function defaultTimers(): Timers {
  return {
    timeOfLastUpdate: 0,
    timeStarted: 0,
    timeRemaining: [0, 0],
    maxOvertime: 0,
    incrementSeconds: 0,
    resetToIncrementAfterTurn: false,
    untimed: true,
    timeBank: [0, 0],
  };
}

function player(info: Partial<PlayerInfo> | undefined, fallback: string): PlayerInfo {
  return {
    nickname: info?.nickname ?? fallback,
    realName: info?.realName ?? info?.nickname ?? fallback,
    userId: info?.userId ?? '',
    quit: info?.quit ?? false,
  };
}

export function resolveRules(options: NewGameOptions): GameRules {
  const variant = options.variant ?? 'classic';
  const lexicon = options.lexicon ?? '';
  return {
    variant,
    challengeRule: options.challengeRule ?? 'VOID',
    boardLayout: options.boardLayout ?? variantBoard(variant),
    letterDistribution:
      options.letterDistribution ?? variantLetterSet(variant) ?? letterSetForLexicon(lexicon),
    lexicon,
    exchangeMinBag: options.exchangeMinBag ?? DEFAULT_EXCHANGE_MIN_BAG,
  };
}

/**
 * A new game with a full, seeded bag; the first player draws first, then the
 * other. With `drawRacks: false` the racks start empty (for annotated games
 * whose racks come from the record).
 */
export function createGame(options: NewGameOptions = {}, drawRacks = true): GameState {
  const rules = resolveRules(options);
  const set = letterSet(rules.letterDistribution);
  const seed = (options.seed ?? 1) >>> 0;
  const firstPlayer = options.firstPlayer ?? 0;
  const meta: GameMeta = {
    uid: '',
    description: '',
    title: '',
    idAuth: '',
    type: 'native',
    createdAt: '',
    timersStarted: false,
    timers: defaultTimers(),
    metaEventData: { events: [] },
    ...options.meta,
  };
  const g: GameState = {
    rules,
    set,
    players: [player(options.players?.[0], 'player1'), player(options.players?.[1], 'player2')],
    meta,
    seed,
    firstPlayer,
    start: null,
    racksDrawn: drawRacks,
    board: new Board(boardLayout(rules.boardLayout)),
    bag: Bag.full(set, seed),
    racks: [new Rack(set), new Rack(set)],
    scores: [0, 0],
    playerOnTurn: firstPlayer,
    playState: 'PLAYING',
    endReason: 'NONE',
    winner: -1,
    scorelessTurns: 0,
    events: [],
  };
  if (drawRacks) {
    refill(g, firstPlayer);
    refill(g, 1 - firstPlayer);
  }
  return g;
}

/** Draw until the player's rack is full or the bag is empty; returns the tiles drawn. */
export function refill(g: GameState, playerIndex: number): number[] {
  const rack = g.racks[playerIndex];
  const drawn: number[] = [];
  while (rack.size < RACK_SIZE && g.bag.size > 0) {
    const tile = g.bag.draw();
    rack.add(tile);
    drawn.push(tile);
  }
  return drawn;
}

export function cloneGame(g: GameState): GameState {
  return {
    ...g,
    players: [{ ...g.players[0] }, { ...g.players[1] }],
    meta: JSON.parse(JSON.stringify(g.meta)) as GameMeta,
    board: g.board.clone(),
    bag: g.bag.clone(),
    racks: [g.racks[0].clone(), g.racks[1].clone()],
    scores: [g.scores[0], g.scores[1]],
    events: g.events.map((e) => ({ ...e, wordsFormed: [...e.wordsFormed] })),
  };
}

export function other(playerIndex: number): number {
  return 1 - playerIndex;
}
