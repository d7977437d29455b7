/** What the endgame solver takes and gives back. */
import type { MoveList } from '../movegen/moves.ts';
import type { EndgameShare } from './share.ts';

export interface EndgameOptions {
  /** Time budget in milliseconds (default `DEFAULT_ENDGAME_MILLIS`). */
  readonly millis?: number;
  /** Deepest iteration (default: enough plies for both racks to empty). */
  readonly maxDepth?: number;
  readonly now?: () => number;
  /**
   * Root plays from which a side's interior nodes search the kept root
   * plays before generating the changed lines (default 1000; tests lower it).
   */
  readonly stagedFrom?: number;
  /**
   * Children a cut node asks for a refutation its own node settles at once
   * before searching any (default QUICK_CHILDREN, 8; 0 turns it off).
   */
  readonly quickChildren?: number;
  /**
   * Memory shared with a helper solving the same position on another
   * thread (EndgameSolver.help; share.ts); the table is then that memory.
   */
  readonly share?: EndgameShare;
  /** Largest transposition table to use, log2 of its entries (default 22: 128 MiB). */
  readonly tableBits?: number;
  /** Called after each finished iteration: its depth, value, nodes so far and whether it proved the value. */
  readonly onIteration?: (depth: number, value: number, nodes: number, proven: boolean) => void;
}

/** The solver's time budget when none is given. */
export const DEFAULT_ENDGAME_MILLIS = 5000;

export interface EndgameMove {
  readonly text: string;
  readonly score: number;
  readonly pass: boolean;
}

export interface EndgameResult {
  /** Spread gained from here on by the side to move, with best play. */
  readonly value: number;
  /** Final spread (side to move's score minus the opponent's). */
  readonly finalSpread: number;
  /**
   * Best line, the side to move's move first. When `exact`, every move in
   * it is proven to keep the value (the replies too, not only the first
   * move), unless the time ran out while proving them; otherwise it is
   * the last finished iteration's line.
   */
  readonly line: EndgameMove[];
  /** Plies of the last finished iteration. */
  readonly depth: number;
  /** True when the value does not rest on any horizon estimate (it is proven). */
  readonly exact: boolean;
  readonly nodes: number;
  /** Index in `rootMoves` of the best first move (-1 for a pass). */
  readonly bestIndex: number;
  readonly rootMoves: MoveList;
}
