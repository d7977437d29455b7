/**
 * Pre-endgame with one tile in the bag: for each candidate play, enumerate
 * which unseen tile is the one in the bag (each distinct tile weighted by
 * how many of it are unseen). The mover plays, draws that tile, and the
 * opponent, now holding the other unseen tiles, faces an endgame with both
 * racks known, which the endgame solver evaluates (shallow and time-boxed).
 * The candidate with the best average final spread wins. Passing keeps the
 * bag for the opponent and is left to the static evaluation.
 */
import { MoveList, PLACE } from '../movegen/moves.ts';
import { Movegen } from '../movegen/movegen.ts';
import { FastGame } from '../sim/fast-game.ts';
import type { EndgameSolver } from './solver.ts';

export interface PreEndgameOptions {
  /** Time per endgame solve (ms). */
  readonly millisPerSolve?: number;
  readonly maxDepth?: number;
}

export interface PreEndgameResult {
  /** Index into `candidates` of the best play (-1 when none was a placement). */
  readonly index: number;
  /** Average final spread per candidate (NaN for those not evaluated). */
  readonly spreads: number[];
}

export function preEndgame(
  solver: EndgameSolver,
  mg: Movegen,
  game: FastGame,
  candidates: MoveList,
  opts: PreEndgameOptions = {},
): PreEndgameResult {
  const p = game.onTurn;
  const opp = 1 - p;
  const unseen = game.unseen(p);
  const scratch = new FastGame(new Movegen(mg.lexicon, mg.set, mg.layout));
  const spreads: number[] = [];
  let best = -1;
  let bestSpread = -Infinity;
  for (let c = 0; c < candidates.count; c++) {
    if (candidates.kind[c] !== PLACE) {
      spreads.push(NaN);
      continue;
    }
    let total = 0;
    let weight = 0;
    for (let x = 0; x < game.set.size; x++) {
      const w = unseen[x];
      if (w === 0) continue;
      scratch.copyFrom(game);
      scratch.returnRack(opp);
      // Leave only x in the bag: everything else goes to the opponent.
      for (let t = 0; t < game.set.size; t++) {
        for (let k = unseen[t] - (t === x ? 1 : 0); k > 0; k--) scratch.takeFromBag(opp, t);
      }
      scratch.apply(candidates, c);
      let spread: number;
      if (scratch.over) spread = scratch.scores[p] - scratch.scores[opp];
      else {
        solver.load(scratch);
        const r = solver.solve(opp, scratch.scores[opp] - scratch.scores[p], scratch.scoreless, {
          millis: opts.millisPerSolve ?? 40,
          maxDepth: opts.maxDepth ?? 3,
        });
        spread = -r.finalSpread;
      }
      total += w * spread;
      weight += w;
    }
    const avg = weight > 0 ? total / weight : NaN;
    spreads.push(avg);
    if (avg > bestSpread) {
      bestSpread = avg;
      best = c;
    }
  }
  return { index: best, spreads };
}
