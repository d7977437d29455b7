/**
 * Endgame solve times on positions from real games: the board, racks and
 * scores of a GCG record (shared test data) at the move where the bag has
 * just run out, replayed through the engine, with SCOWL-EN (the lexicon the
 * proofs were made with, english.ts) and the solver's default time limit. One JSON line per position:
 * solve time, nodes, depth reached, whether the result is proven, its
 * first move and whether that is a proven best one (endgame-proofs.ts),
 * then an `endgame.solve.summary` line with the counts.
 * Run with `npm run bench endgame` (or `tessera bench endgame`); the CLI's
 * endgame-threads bench solves the same positions with a helper thread.
 */
import { EndgameSolver, FastGame, Movegen } from '@tessera/engine/ai';
import { benchEndings } from './endgame-positions.ts';
import { answerFigures, answersSummary, loadProofs } from './endgame-proofs.ts';
import { endgameEnglish } from './english.ts';

type Emit = (record: Record<string, unknown>) => void;

export async function bench(emit: Emit): Promise<void> {
  const endings = benchEndings();
  if (!endings) {
    emit({ bench: 'endgame.solve', skipped: 'no shared GCG test data' });
    return;
  }
  const { lexicon, set, layout } = await endgameEnglish();
  const solver = new EndgameSolver(lexicon, set, layout);
  const game = new FastGame(new Movegen(lexicon, set, layout));
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || undefined;
  const proofs = loadProofs();
  const answers: (boolean | null)[] = [];
  let proven = 0;
  for (const { name, state } of endings) {
    game.loadGame(state);
    solver.load(game);
    const p = game.onTurn;
    const t0 = performance.now();
    const r = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, { millis });
    const answer = answerFigures(proofs, name, r);
    answers.push(answer.provenBest);
    if (r.exact) proven++;
    emit({
      bench: 'endgame.solve',
      position: name,
      tiles: `${game.rackSize[p]}v${game.rackSize[1 - p]}`,
      millis: Math.round(performance.now() - t0),
      proven: r.exact,
      depth: r.depth,
      nodes: r.nodes,
      finalSpread: r.finalSpread,
      ...answer,
    });
  }
  emit({
    bench: 'endgame.solve.summary',
    positions: endings.length,
    proven,
    ...answersSummary(answers),
  });
}
