/**
 * Endgame solves on a wider sample than the real games' hardest endings
 * (endgame.bench.ts): HastyBot self-play from fixed seeds, stopped when
 * the bag has just run out, each position solved with the solver's
 * default time limit on one thread. One `endgame.selfplay` line per
 * position (with its first move and whether that is a proven best one,
 * endgame-proofs.ts), then an `endgame.selfplay.summary` line: how many
 * were proven within the limit, how many answered a proven best move, and
 * the 50th and 90th percentile and largest times.
 * `ENDGAME_GAMES` sets the number of games (default 40), `ENDGAME_MILLIS`
 * the time limit. Run with `npm run bench endgame-selfplay` (the CLI's
 * endgame-selfplay-threads bench solves the same positions on two threads).
 */
import { Bot, EndgameSolver, FastGame, Movegen, type BotResources } from '@tessera/engine/ai';
import { answerFigures, answersSummary, loadProofs, selfplayKey } from './endgame-proofs.ts';
import { endgameEnglish } from './english.ts';

type Emit = (record: Record<string, unknown>) => void;

/** The value at fraction `f` of the sorted `xs` (nearest rank). */
function percentile(xs: number[], f: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(f * sorted.length) - 1)] ?? 0;
}

/**
 * The summary line's figures for solve times `times` of which `proven`
 * were proven, and the answers' `provenBest` figures.
 */
export function selfplaySummary(
  times: number[],
  proven: number,
  answers: (boolean | null)[],
): Record<string, number> {
  return {
    positions: times.length,
    proven,
    ...answersSummary(answers),
    p50Millis: percentile(times, 0.5),
    p90Millis: percentile(times, 0.9),
    maxMillis: Math.max(0, ...times),
  };
}

/**
 * HastyBot self-play from seeds 1..`games` (`ENDGAME_GAMES`, default 40),
 * each game left where its bag has just run out (one that ends before,
 * on six scoreless turns, is skipped). The same game object each time.
 */
export function* selfplayEndings(res: BotResources): Generator<{ seed: number; game: FastGame }> {
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  const game = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
  const games = Number(process.env.ENDGAME_GAMES || 0) || 40;
  for (let seed = 1; seed <= games; seed++) {
    game.startNew(seed);
    while (!game.over && game.bagCount > 0) {
      const d = bots[game.onTurn].choose(game);
      game.apply(d.list, d.index);
    }
    if (!game.over) yield { seed, game };
  }
}

export async function bench(emit: Emit): Promise<void> {
  const res = await endgameEnglish();
  const solver = new EndgameSolver(res.lexicon, res.set, res.layout);
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || undefined;
  const proofs = loadProofs();
  const times: number[] = [];
  const answers: (boolean | null)[] = [];
  let proven = 0;
  for (const { seed, game } of selfplayEndings(res)) {
    solver.load(game);
    const p = game.onTurn;
    const t0 = performance.now();
    const r = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, { millis });
    const ms = Math.round(performance.now() - t0);
    times.push(ms);
    if (r.exact) proven++;
    const answer = answerFigures(proofs, selfplayKey(seed), r);
    answers.push(answer.provenBest);
    emit({
      bench: 'endgame.selfplay',
      seed,
      tiles: `${game.rackSize[p]}v${game.rackSize[1 - p]}`,
      millis: ms,
      proven: r.exact,
      depth: r.depth,
      nodes: r.nodes,
      ...answer,
    });
  }
  emit({ bench: 'endgame.selfplay.summary', ...selfplaySummary(times, proven, answers) });
}
