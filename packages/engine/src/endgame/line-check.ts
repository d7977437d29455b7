/**
 * Whether a line is a best line, checked against proofs: played out move
 * by move, each move must keep the proven value of the position it is
 * played in (its gain, the mover's spread change with any end-of-game rack
 * figures, less the proven value of the position after it). A line whose
 * value is right can still hold a wrong move: a reply that lets the other
 * side gain more than the value says, which the value alone never shows.
 * For the benches' proofs file and the tests; each position costs a solve.
 */
import type { FastGame } from '../sim/fast-game.ts';
import type { EndgameSolver } from './solver.ts';
import type { EndgameMove, EndgameResult } from './types.ts';

export interface LineCheck {
  /** Plies checked, each proven best where it is played. */
  readonly plies: number;
  /** Whether those plies end the game. */
  readonly complete: boolean;
  /** The first ply proven to fall short, or -1. */
  readonly wrongAt: number;
}

/**
 * Check `line` from the position in `walker` (which it plays out), each
 * position solved by `solver` within `millis`. The check stops at the end
 * of the game, at the line's end, at a pass (after which one more pass
 * ends the game, which a new solve from there would not know) or at a
 * position not proven in time.
 */
export function checkLine(
  solver: EndgameSolver,
  walker: FastGame,
  line: readonly EndgameMove[],
  millis: number,
): LineCheck {
  let here = proven(solver, walker, millis);
  let plies = 0;
  for (const move of line) {
    if (!here || walker.over || move.pass) break;
    const p = walker.onTurn;
    let index = -1;
    for (let i = 0; i < here.rootMoves.count && index < 0; i++)
      if (walker.mg.moveText(here.rootMoves, i) === move.text) index = i;
    if (index < 0) return { plies, complete: false, wrongAt: plies };
    const before = walker.scores[p] - walker.scores[1 - p];
    walker.apply(here.rootMoves, index);
    const gain = walker.scores[p] - walker.scores[1 - p] - before;
    const next = walker.over ? null : proven(solver, walker, millis);
    if (!walker.over && !next) break;
    if (gain - (next?.value ?? 0) !== here.value) return { plies, complete: false, wrongAt: plies };
    here = next;
    plies++;
  }
  return { plies, complete: walker.over, wrongAt: -1 };
}

/** The position in `game` solved within `millis`, or null when that does not prove it. */
function proven(solver: EndgameSolver, game: FastGame, millis: number): EndgameResult | null {
  solver.load(game);
  const r = solver.solve(game.onTurn, 0, game.scoreless, { millis });
  return r.exact ? r : null;
}
