/**
 * `@tessera/engine`: the rules of the game as a library. Tiles, lexicons, the
 * board, the rules and the game state are named exports; the file formats are
 * namespaces (`gcg.importGcg`, `cgp.gameFromCgp`). The playing side (move
 * generation, equity, bots, simulation, endgame, analyzer) is
 * `@tessera/engine/ai`. Anything not listed here is internal.
 */
export { err, ok, type Err, type Ok, type Result } from './result.ts';

// Tiles
export {
  BLANK,
  BLANK_BIT,
  EMPTY,
  isLetterSetName,
  LETTER_MASK,
  LETTER_SET_NAMES,
  letterSet,
  letterSetForLexicon,
  type LetterInfo,
  type LetterSet,
  type LetterSetName,
  type TileCategory,
} from './tiles/letter-sets.ts';
export {
  parseTiles,
  PLAYED_THROUGH,
  printTiles,
  sortTiles,
  type BracketStyle,
  type NotationErrorCode,
  type ParseTilesOptions,
  type TileContext,
} from './tiles/notation.ts';
export { Rack, RACK_SIZE } from './tiles/rack.ts';

// Lexicons (the graph's internals stay in lexicon/)
export { Lexicon, type LexiconInfo } from './lexicon/lexicon.ts';
export { MAX_WORD_LENGTH } from './lexicon/compile.ts';
export { FORMAT_VERSION, type ParseError } from './lexicon/format.ts';
export { foldWord, formatWord, tokenizeWord } from './lexicon/tokenize.ts';
export { anagrams, hasAnagram, type AnagramOptions } from './lexicon/anagram.ts';
export {
  matchPattern,
  parsePattern,
  type Pattern,
  type PatternError,
  type PatternResult,
} from './lexicon/pattern.ts';

// Board
export { Board } from './board/board.ts';
export {
  BOARD_LAYOUT_NAMES,
  boardLayout,
  isBoardLayoutName,
  type BoardLayout,
  type BoardLayoutName,
} from './board/layouts.ts';
export {
  columnLetter,
  directionOf,
  MAX_DIM,
  parseCoord,
  printCoord,
  type Coord,
  type Direction,
} from './board/coords.ts';

// Rules
export {
  BINGO_BONUS,
  CHALLENGE_RULES,
  challengeBonus,
  DEFAULT_EXCHANGE_MIN_BAG,
  END_RACK_MULTIPLIER,
  isChallengeRule,
  isVariant,
  MAX_SCORELESS_TURNS,
  MILLIS_PER_MINUTE,
  OVERTIME_PENALTY_PER_MINUTE,
  VARIANTS,
  variantBoard,
  variantLetterSet,
  type ChallengeRule,
  type Variant,
} from './rules/constants.ts';
export {
  applyPlacement,
  canonicalPlacement,
  checkPlacement,
  freshCount,
  liftPlacement,
  PLACEMENT_MESSAGES,
  placementFromSquares,
  validatePlacement,
  type PlacedSquare,
  type Placement,
  type PlacementCheckCode,
  type PlacementErrorCode,
} from './rules/placement.ts';
export { wordsFormed } from './rules/words.ts';
export { scorePlacement, tileScoreTable } from './rules/score.ts';
export {
  anagramKey,
  checkerForVariant,
  invalidWords,
  wordKey,
  wordListChecker,
  wordsmogChecker,
  type AnagramChecker,
  type WordChecker,
} from './rules/checker.ts';

// The game: state, events, actions and history
export { Prng, type PrngState } from './game/prng.ts';
export { Bag } from './game/bag.ts';
export {
  EVENT_TYPES,
  isTurn,
  makeEvent,
  sameEvent,
  scoreDelta,
  trailingScorelessTurns,
  type EventType,
  type GameEvent,
} from './game/events.ts';
export {
  addGame,
  emptyTotals,
  gameStats,
  mergeTotals,
  STAT_FIELDS,
  type PlayerGameStats,
  type StatTotals,
} from './game/stats.ts';
export {
  cloneGame,
  createGame,
  defaultTimers,
  other,
  refill,
  resolveRules,
  type EndReason,
  type GameMeta,
  type GameRules,
  type GameState,
  type GameType,
  type NewGameOptions,
  type PlayerInfo,
  type PlayState,
  type StartPosition,
  type Timers,
} from './game/state.ts';
export { canSetRack, setRack, tileCounts } from './game/racks.ts';
export { applyEvent, eventPlacement, lastTurn, rackText } from './game/reduce.ts';
export {
  applyTimePenalties,
  challenge,
  endWithoutPlay,
  exchange,
  overtimePenalty,
  pass,
  play,
  resign,
  timeOut,
  type ActionOptions,
  type ActionResult,
} from './game/actions.ts';
export type { EventErrorCode, RuleErrorCode } from './game/rule-errors.ts';
export { createGameFromPosition } from './game/position.ts';
export {
  amendEvent,
  newGameFromSetup,
  replay,
  setRacks,
  setupOf,
  truncate,
  type GameSetup,
} from './game/history.ts';
export { DOCUMENT_VERSION, fromDocument, toDocument, type GameDocument } from './game/document.ts';

// File formats
export * as cgp from './formats/cgp/index.ts';
export * as gcg from './formats/gcg/index.ts';
