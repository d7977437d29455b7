/**
 * The searching bot kinds, on top of the static ones:
 * - bag empty: the endgame solver (hasty-endgame, simming-infer); plain
 *   simming falls back to static equity, as simulation has nothing to draw;
 * - one tile in the bag: the pre-endgame search over the best static plays
 *   (hasty-endgame, simming-infer);
 * - otherwise simming kinds simulate the best static candidates two plies
 *   deep, simming-infer starting the opponent from inferred tiles.
 * Each bot keeps its own solver and simulation boards, made on first use.
 */
import { EndgameSolver } from '../endgame/solver.ts';
import { preEndgame } from '../endgame/preendgame.ts';
import { MoveList } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';
import { inferLeaves } from '../sim/infer.ts';
import { leader, SimRunner, simulate } from '../sim/simulate.ts';
import type { BotKind } from './kinds.ts';
import type { BotResources } from './resources.ts';
import { staticMoves, type Decision } from './static-moves.ts';

export interface SearchLimits {
  /** Simulation time budget per move (ms). */
  readonly simMillis?: number;
  readonly simCandidates?: number;
  readonly simMaxIterations?: number;
  readonly simPlies?: number;
  /** Endgame time budget (ms). */
  readonly endgameMillis?: number;
  /** Candidates examined by the pre-endgame search. */
  readonly preEndgameCandidates?: number;
}

interface SearchState {
  solver?: EndgameSolver;
  runner?: SimRunner;
  candidates: MoveList;
}

/** What the search reads of a bot (bot.ts hands itself over). */
interface Searcher {
  readonly kind: BotKind;
  readonly res: BotResources;
  readonly limits: SearchLimits;
}

const states = new WeakMap<Searcher, SearchState>();

function stateOf(bot: Searcher): SearchState {
  let s = states.get(bot);
  if (!s) {
    s = { candidates: new MoveList(32) };
    states.set(bot, s);
  }
  return s;
}

export function searchingChoice(bot: Searcher, game: FastGame, out: MoveList): Decision {
  const { kind, res, limits } = bot;
  const state = stateOf(bot);
  const endgames = kind === 'hasty-endgame' || kind === 'simming-infer';
  const p = game.onTurn;
  if (endgames && game.bagCount === 0) {
    state.solver ??= new EndgameSolver(res.lexicon, res.set, res.layout);
    state.solver.load(game);
    const r = state.solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, {
      millis: limits.endgameMillis ?? 1000,
    });
    if (r.bestIndex >= 0) return { list: r.rootMoves, index: r.bestIndex };
    const list = staticMoves(game, res.leaves, undefined, out);
    return { list, index: list.count - 1 }; // the pass
  }
  if (endgames && game.bagCount === 1) {
    state.solver ??= new EndgameSolver(res.lexicon, res.set, res.layout);
    const cands = staticMoves(game, res.leaves, limits.preEndgameCandidates ?? 6, state.candidates);
    const r = preEndgame(state.solver, game.mg, game, cands);
    return { list: cands, index: r.index >= 0 ? r.index : 0 };
  }
  if ((kind === 'simming' || kind === 'simming-infer') && game.bagCount > 0) {
    state.runner ??= new SimRunner(game.mg, res.leaves);
    const cands = staticMoves(game, res.leaves, limits.simCandidates ?? 10, state.candidates);
    if (cands.count <= 1) return { list: cands, index: 0 };
    const inferred = kind === 'simming-infer' ? inferLeaves(game.mg, game, res.leaves) : [];
    const stats = simulate(state.runner, game, cands, {
      // Iterations, not time, bound the search by default, so games replay
      // identically on any machine; the time limit is only a safety net.
      millis: limits.simMillis ?? 10_000,
      maxIterations: limits.simMaxIterations ?? 200,
      plies: limits.simPlies ?? 2,
      seed: game.turns * 7919 + game.scores[0],
      inferred,
    });
    return { list: cands, index: leader(stats) };
  }
  return { list: staticMoves(game, res.leaves, 1, out), index: 0 };
}
