/**
 * Puzzles (issue 29): "find the best play" positions taken from games.
 *
 * The contract the server's puzzle module calls (all pure and synchronous,
 * so it runs in a worker thread):
 * - `findPuzzles(game, res, opts)` / `findPuzzlesInGcg(gcg, res, opts)`: the
 *   puzzles of one game record, with the game's equity loss and why it or
 *   some of its positions were passed over;
 * - `generatePuzzles(res, opts)`: bot-versus-bot games from a seed, through
 *   the finder, with consideration and creation limits, tag filters and
 *   buckets, a progress callback and cancellation; `generatorGame` replays
 *   the game a generated puzzle came from;
 * - `isCorrectAnswer(puzzle, move)`: whether a submitted play (the engine's
 *   `Placement` or GCG text) is the answer or an equivalent one;
 * - `PuzzleFinder`: the finder object, to reuse its move generator and
 *   simulation runner across many games of one lexicon.
 * Rules and tag meanings: types.ts and docs/decisions/0087-puzzle-finder.md.
 */
export type {
  FinderOptions,
  FinderResult,
  GeneratedPuzzle,
  GeneratorOptions,
  GeneratorProgress,
  GeneratorResult,
  Puzzle,
  PuzzleAnswer,
  PuzzleBucket,
  PuzzleResources,
  PuzzleTag,
  SimCheckOptions,
  SkipReason,
  SubmittedMove,
  TurnLoss,
} from './types.ts';
export { isPuzzleTag, PUZZLE_TAGS } from './types.ts';
export {
  DEFAULT_EQUITY_LOSS_LIMIT,
  DEFAULT_EQUITY_MARGIN,
  DEFAULT_MIN_BAG,
  findPuzzles,
  findPuzzlesInGcg,
  PuzzleFinder,
} from './find.ts';
export { generatePuzzles, generatorGame, gameSeedOf, tagsMatch } from './generate.ts';
export { answerKey, isCorrectAnswer, parsePlacementText } from './answers.ts';
export { SIM_DEFAULTS } from './sim-check.ts';
export { BASE_DIFFICULTY } from './difficulty.ts';
