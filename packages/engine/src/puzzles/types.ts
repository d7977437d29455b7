/**
 * The puzzle finder's public types (issue 29; docs/product/gameplay.md §3
 * "Puzzle", docs/product/community.md §3 "Puzzle generation job"). A puzzle is
 * a "find the best play" position taken from a game: the position, the
 * answer, the answers that count as the same, tags, margins and a starting
 * difficulty. Decision 0087 explains the rules.
 */
import type { BoardLayoutName } from '../board/layouts.ts';
import type { BotKind } from '../bots/kinds.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import type { Placement } from '../rules/placement.ts';
import type { Variant } from '../rules/constants.ts';
import type { LetterSetName } from '../tiles/letter-sets.ts';

/**
 * What a puzzle's answer is like (the answer is always a tile placement):
 * - EQUITY: it beats the next different play by more than 10 equity (the
 *   simulated margin when a simulation decided, else the static one);
 * - BINGO: it uses all seven rack tiles;
 * - ONLY_BINGO: it is a bingo and no other bingo exists in the position;
 * - BLANK_BINGO: it is a bingo that uses a blank;
 * - NON_BINGO: it is not a bingo;
 * - POWER_TILE: it places a J, Q, X or Z (not a blank standing for one);
 * - BINGO_NINE_OR_ABOVE: it is a bingo whose main word has 9 letters or more;
 * - CEL_ONLY: every word it forms is in the common-word lexicon (COMMON-EN).
 */
export type PuzzleTag =
  | 'EQUITY'
  | 'BINGO'
  | 'ONLY_BINGO'
  | 'BLANK_BINGO'
  | 'NON_BINGO'
  | 'POWER_TILE'
  | 'BINGO_NINE_OR_ABOVE'
  | 'CEL_ONLY';

/** Every tag, in a fixed order (tags on a puzzle follow it). */
export const PUZZLE_TAGS: readonly PuzzleTag[] = [
  'EQUITY',
  'BINGO',
  'ONLY_BINGO',
  'BLANK_BINGO',
  'NON_BINGO',
  'POWER_TILE',
  'BINGO_NINE_OR_ABOVE',
  'CEL_ONLY',
];

export function isPuzzleTag(s: string): s is PuzzleTag {
  return (PUZZLE_TAGS as readonly string[]).includes(s);
}

/** What the finder needs of a lexicon; the same for every position of one lexicon. */
export interface PuzzleResources {
  /** The game's lexicon graph. */
  readonly lexicon: Lexicon;
  /** Leave values for it (null: score-only equity). */
  readonly leaves: LeaveModel | null;
  /** The common-word lexicon (COMMON-EN) for CEL_ONLY; without it the tag is never given. */
  readonly common?: Lexicon | null;
}

/** How the answer of a close position is checked by simulation. */
export interface SimCheckOptions {
  /** Simulate when the static lead is below this (default 20); above it the static answer stands. */
  readonly below?: number;
  /** Candidates simulated: the best N distinct plays by static equity (default 4), all within `window`. */
  readonly candidates?: number;
  /** Only candidates within this much static equity of the best (default 25). */
  readonly window?: number;
  /** Iterations (default 32 to 256); it stops once one candidate is left, or when the lead cannot reach `minMargin`. */
  readonly minIterations?: number;
  readonly maxIterations?: number;
  /** Plies after the candidate (default 2). */
  readonly plies?: number;
  /** Standard errors by which the winner must lead every other candidate (default 2). */
  readonly z?: number;
  /** Simulated points by which the winner must lead to be kept (default 3). */
  readonly minMargin?: number;
  /** Seed of the simulation's draws (default: from the game and the turn). */
  readonly seed?: number;
}

export interface FinderOptions {
  /** Positions with fewer tiles than this in the bag are skipped (default 7). */
  readonly minBag?: number;
  /**
   * A game is dropped when one of `players` lost more than this much equity
   * in total against the best static moves (default 150).
   */
  readonly equityLossLimit?: number;
  /** The players whose moves are real (checked by the loss limit and made into puzzles); default both. */
  readonly players?: readonly number[];
  /** Only these event indexes may become puzzles (every move still counts for the loss). */
  readonly events?: readonly number[];
  /** Lead above which a position gets the EQUITY tag (default 10). */
  readonly equityMargin?: number;
  /** Simulation check of close answers; `false` keeps only answers 20 or more ahead statically. */
  readonly sim?: SimCheckOptions | false;
}

/** The answer of a puzzle in text and in the fields the Puzzle entity records. */
export interface PuzzleAnswer {
  /** GCG notation: `8D WIND.Y`. */
  readonly text: string;
  /** The engine's move type. */
  readonly placement: Placement;
  readonly row: number;
  readonly col: number;
  readonly vertical: boolean;
  /** Played tiles in GCG form (`.` for a tile already on the board). */
  readonly playedTiles: string;
  readonly score: number;
  /** Static equity (score plus leave). */
  readonly equity: number;
  readonly isBingo: boolean;
  /** The words it forms, upper case, main word first. */
  readonly words: readonly string[];
}

/** Why a game gave no puzzles, or why a position was passed over. */
export type SkipReason =
  | 'EQUITY_LOSS' // the game: a real player lost more than the limit
  | 'BAG' // fewer tiles in the bag than minBag
  | 'NOT_REAL' // a player not among `players`
  | 'NOT_ASKED' // an event not among `events`
  | 'NOT_A_PLACEMENT' // the best move is an exchange or a pass
  | 'NOT_CLEAR' // neither static equity nor the simulation separates the best
  | 'RACK_UNKNOWN'; // the record lacks the mover's rack

export interface Puzzle {
  /** Index of the move event in the game; the position is the game truncated to it. */
  readonly eventIndex: number;
  /** Turn number in the game (1 = the first move). */
  readonly turnNumber: number;
  /** The player to move (0 or 1). */
  readonly player: number;
  readonly lexicon: string;
  readonly letterDistribution: LetterSetName;
  readonly boardLayout: BoardLayoutName;
  readonly variant: Variant;
  /** The position as CGP with the mover first and only the mover's rack (opponent's rack hidden). */
  readonly cgp: string;
  /** The mover's rack, sorted, blank as `?`. */
  readonly rack: string;
  /** Scores, the mover's first. */
  readonly scores: readonly [number, number];
  readonly bagCount: number;
  readonly answer: PuzzleAnswer;
  /** Other texts of the same play (transposed opening, a one-tile play read the other way). */
  readonly equivalents: readonly string[];
  readonly tags: readonly PuzzleTag[];
  /**
   * Static equity of the answer less the next different play's: negative when
   * a simulation overruled static equity's favourite (999 when it is the only play).
   */
  readonly staticMargin: number;
  /** Simulated points by which the answer led the runner-up, when a simulation ran. */
  readonly simMargin: number | null;
  /** Simulation iterations run (0 when none). */
  readonly simIterations: number;
  /** The move the player actually made, in GCG notation. */
  readonly played: string;
  /** A starting puzzle rating: about 1500, higher when the answer is harder to see. */
  readonly difficulty: number;
}

/** One judged move: what it cost against the best static move. */
export interface TurnLoss {
  readonly eventIndex: number;
  readonly player: number;
  readonly played: string;
  readonly loss: number;
}

export interface FinderResult {
  readonly puzzles: Puzzle[];
  /** Every move with a full known rack, judged. */
  readonly turns: readonly TurnLoss[];
  /** Total static equity each player lost against the best moves (all turns with a known rack). */
  readonly equityLoss: readonly [number, number];
  /** Set when the whole game was dropped. */
  readonly dropped: SkipReason | null;
  /** Positions passed over, by reason. */
  readonly skipped: Partial<Record<SkipReason, number>>;
  /** Positions simulated, and the iterations they took (kept or not). */
  readonly simulated: number;
  readonly simIterations: number;
}

/** A number of puzzles with tags that include all of `includes` and none of `excludes`. */
export interface PuzzleBucket {
  readonly size: number;
  readonly includes?: readonly PuzzleTag[];
  readonly excludes?: readonly PuzzleTag[];
}

export interface GeneratorOptions extends FinderOptions {
  /** Seed of the games and the bots (the same seed gives the same puzzles). */
  readonly seed: number;
  /** Games played at most (the job's gameConsiderationLimit). */
  readonly considerationLimit: number;
  /** Puzzles kept at most (the job's gameCreationLimit). */
  readonly creationLimit: number;
  /** Puzzles must carry all these tags ... */
  readonly includes?: readonly PuzzleTag[];
  /** ... and none of these. */
  readonly excludes?: readonly PuzzleTag[];
  /** Optional buckets (the job's buckets); a puzzle fills the first bucket it fits that has room. */
  readonly buckets?: readonly PuzzleBucket[];
  /** The two bots (default hasty against hasty). */
  readonly bots?: readonly [BotKind, BotKind];
  /** Lexicon name recorded in the games and puzzles (default the graph's name). */
  readonly lexiconName?: string;
  readonly letterDistribution?: LetterSetName;
  readonly boardLayout?: BoardLayoutName;
  /** Called after each game (a worker posts it as progress). */
  readonly onProgress?: (p: GeneratorProgress) => void;
  /** Checked after each game; true stops the run (cancellation). */
  readonly shouldStop?: () => boolean;
}

export interface GeneratorProgress {
  readonly gamesPlayed: number;
  readonly puzzlesKept: number;
  readonly gamesDropped: number;
}

export interface GeneratedPuzzle extends Puzzle {
  /** Seed of the bot game it came from (replay with `generatorGame`). */
  readonly gameSeed: number;
  /** Index of the bucket it filled (-1 without buckets). */
  readonly bucket: number;
}

export interface GeneratorResult extends GeneratorProgress {
  readonly puzzles: GeneratedPuzzle[];
  /** Positions simulated over all games, and their iterations. */
  readonly simulated: number;
  readonly simIterations: number;
  /** Every bucket full (or the creation limit reached). */
  readonly fulfilled: boolean;
}

/** A submitted answer: the engine's move, or GCG text such as `8D WIND.Y`. */
export type SubmittedMove = Placement | string;
