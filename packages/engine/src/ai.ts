/**
 * `@tessera/engine/ai`: the engine's playing side. Move generation, equity
 * and leaves, bots, simulation, the endgame solver and the analyzer. The
 * rules themselves are `@tessera/engine`. Anything not listed here is internal.
 */

// Move generation
export {
  leaveOf,
  Movegen,
  moveText,
  placementOf,
  type GenerateOptions,
  type LeaveFn,
} from './movegen/movegen.ts';
export { EXCHANGE, MAX_LEN, MoveList, PASS, PLACE } from './movegen/moves.ts';
export type { OpeningPenalty } from './movegen/generator.ts';

// Equity: leave values and win chances
export { LeaveModel, type LeaveData } from './equity/leave-model.ts';
export { builtinLeaveLexicons, leavesFor } from './equity/leaves.ts';
export { equityLeaveFn, openingPenalty, rackValue, type EquityContext } from './equity/equity.ts';
export { trainLeaves, type TrainOptions } from './equity/train.ts';
export { defaultWinPct, WinPct, type WinPctData } from './equity/win-pct.ts';
export {
  fitWinPct,
  winSamples,
  type WinSample,
  type WinSelfPlayOptions,
} from './equity/win-pct-train.ts';

// Bots: the engine kinds, the user-facing list, and one move for a game or a position
export {
  BOT_KINDS,
  hasCommonWords,
  isBotKind,
  isUserBotName,
  resolveBot,
  USER_BOTS,
  type BotKind,
  type BotLevel,
  type UserBot,
  type UserBotName,
} from './bots/kinds.ts';
export { Bot } from './bots/bot.ts';
export type { BotResources } from './bots/resources.ts';
export { staticMoves, type Decision } from './bots/static-moves.ts';
export type { SearchLimits } from './bots/search.ts';
export { botAction, type BotAction } from './bots/action.ts';
export { botMoveForPosition, botPosition, type BotPosition } from './bots/bot-position.ts';
export {
  emptyResult,
  playGame,
  playMatch,
  type GameRecord,
  type MatchResult,
} from './bots/autoplay.ts';

// Simulation
export { FastGame, type LoadableGame } from './sim/fast-game.ts';
export {
  leader,
  prune,
  simulate,
  SimRunner,
  summary,
  type CandidateStats,
  type SimOptions,
} from './sim/simulate.ts';
export { inferLeaves, type InferOptions } from './sim/infer.ts';

// Endgame
export { EndgameSolver, tableBitsFor } from './endgame/solver.ts';
export {
  DEFAULT_ENDGAME_MILLIS,
  type EndgameMove,
  type EndgameOptions,
  type EndgameResult,
} from './endgame/types.ts';
export { newEndgameShare, type EndgameShare } from './endgame/share.ts';
export { moveSignature } from './endgame/root-plays.ts';
export { checkLine, type LineCheck } from './endgame/line-check.ts';
export { preEndgame, type PreEndgameOptions, type PreEndgameResult } from './endgame/preendgame.ts';

// Analysis of a position and of a finished game
export {
  analyze,
  ANALYZER_MOVES,
  type AnalyzeOptions,
  type AnalyzerMove,
} from './analyzer/analyze.ts';
export {
  evaluateGame,
  STAR_MARGIN,
  type EvaluateOptions,
  type GameEvaluation,
  type PlayerEvaluation,
  type TurnEvaluation,
} from './analyzer/evaluate.ts';

// Puzzles: the finder over game records, the bot-game generator, answer checking
export * from './puzzles/index.ts';
