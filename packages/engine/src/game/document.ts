/**
 * The Game document (docs/product/gameplay.md §3): the plain-JSON form of a game, as stored and
 * sent to clients. Tiles are machine letters (numbers), events are in full.
 *
 * Loading replays the events from the document's setup and checks the result
 * against the stored board, scores and bag, so a document that does not
 * follow from its own events is rejected rather than trusted. The stored bag
 * order and generator state are then adopted, so play continues with exactly
 * the draws the document's writer would have made.
 */
import type { BoardLayoutName } from '../board/layouts.ts';
import type { ChallengeRule, Variant } from '../rules/constants.ts';
import { err, ok, type Result } from '../result.ts';
import type { LetterSetName } from '../tiles/letter-sets.ts';
import { endWithoutPlay } from './actions.ts';
import { Bag } from './bag.ts';
import { EVENT_TYPES, type GameEvent } from './events.ts';
import { replay, setRacks } from './history.ts';
import type {
  EndReason,
  GameMeta,
  GameState,
  GameType,
  PlayerInfo,
  PlayState,
  StartPosition,
  Timers,
} from './state.ts';

export const DOCUMENT_VERSION = 1;

export interface GameDocument {
  players: PlayerInfo[];
  events: GameEvent[];
  version: number;
  lexicon: string;
  uid: string;
  description: string;
  racks: number[][];
  challengeRule: ChallengeRule;
  playState: PlayState;
  currentScores: number[];
  variant: Variant;
  winner: number;
  boardLayout: BoardLayoutName;
  letterDistribution: LetterSetName;
  type: GameType;
  timersStarted: boolean;
  endReason: EndReason;
  metaEventData: { events: unknown[] };
  createdAt: string;
  board: { numRows: number; numCols: number; tiles: number[]; isEmpty: boolean };
  bag: { tiles: number[]; seed: number; rng: number[] };
  scorelessTurns: number;
  playerOnTurn: number;
  timers: Timers;
  // Beyond the spec's list: what replaying needs.
  title: string;
  idAuth: string;
  exchangeMinBag: number;
  firstPlayer: number;
  racksDrawn: boolean;
  startingPosition: StartPosition | null;
}

export function toDocument(g: GameState): GameDocument {
  return {
    players: g.players.map((p) => ({ ...p })),
    events: g.events.map((e) => ({ ...e, wordsFormed: [...e.wordsFormed] })),
    version: DOCUMENT_VERSION,
    lexicon: g.rules.lexicon,
    uid: g.meta.uid,
    description: g.meta.description,
    racks: g.racks.map((r) => Array.from(r.tiles())),
    challengeRule: g.rules.challengeRule,
    playState: g.playState,
    currentScores: [...g.scores],
    variant: g.rules.variant,
    winner: g.winner,
    boardLayout: g.rules.boardLayout,
    letterDistribution: g.rules.letterDistribution,
    type: g.meta.type,
    timersStarted: g.meta.timersStarted,
    endReason: g.endReason,
    metaEventData: JSON.parse(JSON.stringify(g.meta.metaEventData)) as GameMeta['metaEventData'],
    createdAt: g.meta.createdAt,
    board: {
      numRows: g.board.dim,
      numCols: g.board.dim,
      tiles: Array.from(g.board.squares),
      isEmpty: g.board.isEmpty,
    },
    bag: { tiles: Array.from(g.bag.contents()), seed: g.seed, rng: g.bag.rngState() },
    scorelessTurns: g.scorelessTurns,
    playerOnTurn: g.playerOnTurn,
    timers: JSON.parse(JSON.stringify(g.meta.timers)) as Timers,
    title: g.meta.title,
    idAuth: g.meta.idAuth,
    exchangeMinBag: g.rules.exchangeMinBag,
    firstPlayer: g.firstPlayer,
    racksDrawn: g.racksDrawn,
    startingPosition: g.start,
  };
}

function sameCounts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  const x = Array.from(a).sort((p, q) => p - q);
  const y = Array.from(b).sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

const isNumbers = (x: unknown): x is number[] =>
  Array.isArray(x) && x.every((n) => Number.isInteger(n));

const TEXT_FIELDS = ['rack', 'position', 'playedTiles', 'exchanged', 'note', 'nickname'] as const;
const NUMBER_FIELDS = [
  'playerIndex',
  'cumulative',
  'score',
  'bonus',
  'endRackPoints',
  'lostScore',
  'numTilesFromRack',
] as const;

function eventShaped(e: GameEvent): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    EVENT_TYPES.includes(e.type) &&
    TEXT_FIELDS.every((f) => typeof e[f] === 'string') &&
    NUMBER_FIELDS.every((f) => Number.isInteger(e[f])) &&
    Array.isArray(e.wordsFormed)
  );
}

/** The shape problems that would stop a replay before it starts, or null. */
function shapeProblem(doc: GameDocument): string | null {
  if (typeof doc !== 'object' || doc === null) return 'not an object';
  if (doc.version !== DOCUMENT_VERSION) return `version ${doc.version} is not ${DOCUMENT_VERSION}`;
  if (!Array.isArray(doc.players) || doc.players.length !== 2) return 'it needs two players';
  if (!Array.isArray(doc.events)) return 'events must be a list';
  const bad = doc.events.findIndex((e) => !eventShaped(e));
  if (bad >= 0) return `event ${bad + 1} is not a game event`;
  if (!Array.isArray(doc.racks) || doc.racks.length !== 2 || !doc.racks.every(isNumbers)) {
    return 'racks must be two lists of tiles';
  }
  if (!doc.board || !isNumbers(doc.board.tiles)) return 'board.tiles must be a list of tiles';
  if (!doc.bag || !isNumbers(doc.bag.tiles)) return 'bag.tiles must be a list of tiles';
  const rng = doc.bag.rng;
  if (!isNumbers(rng) || rng.length !== 4 || rng.every((w) => w === 0)) {
    return 'bag.rng must be four 32-bit words, not all zero';
  }
  if (!isNumbers(doc.currentScores) || doc.currentScores.length !== 2) {
    return 'currentScores must be two numbers';
  }
  if (!doc.timers || !doc.metaEventData) return 'timers and metaEventData are required';
  return null;
}

export function fromDocument(doc: GameDocument): Result<GameState> {
  const problem = shapeProblem(doc);
  if (problem) return err('BAD_DOCUMENT', `the document is malformed: ${problem}`);
  const meta: GameMeta = {
    uid: doc.uid,
    description: doc.description,
    title: doc.title,
    idAuth: doc.idAuth,
    type: doc.type,
    createdAt: doc.createdAt,
    timersStarted: doc.timersStarted,
    timers: JSON.parse(JSON.stringify(doc.timers)) as Timers,
    metaEventData: JSON.parse(JSON.stringify(doc.metaEventData)) as GameMeta['metaEventData'],
  };
  const rebuilt = replay(
    {
      options: {
        variant: doc.variant,
        challengeRule: doc.challengeRule,
        lexicon: doc.lexicon,
        letterDistribution: doc.letterDistribution,
        boardLayout: doc.boardLayout,
        exchangeMinBag: doc.exchangeMinBag,
        seed: doc.bag.seed,
        firstPlayer: doc.firstPlayer,
        players: [doc.players[0], doc.players[1]],
        meta,
      },
      start: doc.startingPosition,
      racksDrawn: doc.racksDrawn,
    },
    doc.events,
  );
  if (!rebuilt.ok) return err('BAD_DOCUMENT', `the events do not replay: ${rebuilt.message}`);
  const g = rebuilt.value;
  g.players.forEach((p, i) => (p.quit = doc.players[i]?.quit ?? false));
  const racks = g.racks.map((r) => Array.from(r.tiles()));
  if (!racks.every((r, i) => sameCounts(r, doc.racks[i] ?? []))) {
    const set = setRacks(g, [doc.racks[0], doc.racks[1]]);
    if (!set.ok) return err('BAD_DOCUMENT', `the racks cannot be set: ${set.message}`);
  }
  const board = Array.from(g.board.squares);
  if (!board.every((t, i) => t === doc.board.tiles[i])) {
    return err('BAD_DOCUMENT', 'the board does not follow from the events');
  }
  if (g.scores[0] !== doc.currentScores[0] || g.scores[1] !== doc.currentScores[1]) {
    return err('BAD_DOCUMENT', 'the scores do not follow from the events');
  }
  if (!sameCounts(g.bag.contents(), doc.bag.tiles)) {
    return err('BAD_DOCUMENT', 'the bag does not follow from the events');
  }
  g.bag = Bag.restore(g.set, doc.bag.tiles, doc.bag.rng);
  const outside = doc.endReason === 'ABORTED' || doc.endReason === 'CANCELLED';
  if (g.playState !== 'GAME_OVER' && (outside || doc.endReason === 'FORCE_FORFEIT')) {
    const loser = doc.winner >= 0 ? 1 - doc.winner : -1;
    endWithoutPlay(g, doc.endReason as 'ABORTED' | 'CANCELLED' | 'FORCE_FORFEIT', loser);
  }
  return ok(g);
}
