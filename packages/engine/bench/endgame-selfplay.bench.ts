/**
 * Endgame solves on a wider sample than the real games' hardest endings
 * (endgame.bench.ts): HastyBot self-play from fixed seeds, stopped when
 * the bag has just run out, each position solved with the solver's
 * default time limit on one thread. One `endgame.selfplay` line per
 * position, then an `endgame.selfplay.summary` line: how many were proven
 * within the limit, and the 50th and 90th percentile and largest times.
 * `ENDGAME_GAMES` sets the number of games (default 40), `ENDGAME_MILLIS`
 * the time limit. Run with `npm run bench endgame-selfplay`.
 */
import { Bot, EndgameSolver, FastGame, Movegen } from '@tessera/engine';
import { defaultEnglish } from './english.ts';

type Emit = (record: Record<string, unknown>) => void;

/** The value at fraction `f` of the sorted `xs` (nearest rank). */
function percentile(xs: number[], f: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(f * sorted.length) - 1)] ?? 0;
}

export async function bench(emit: Emit): Promise<void> {
  const res = await defaultEnglish();
  const { lexicon, set, layout } = res;
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  const solver = new EndgameSolver(lexicon, set, layout);
  const game = new FastGame(new Movegen(lexicon, set, layout));
  const games = Number(process.env.ENDGAME_GAMES || 0) || 40;
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || undefined;
  const times: number[] = [];
  let proven = 0;
  for (let seed = 1; seed <= games; seed++) {
    game.startNew(seed);
    while (!game.over && game.bagCount > 0) {
      const d = bots[game.onTurn].choose(game);
      game.apply(d.list, d.index);
    }
    // A game can end before its bag does (six scoreless turns).
    if (game.over) continue;
    solver.load(game);
    const p = game.onTurn;
    const t0 = performance.now();
    const r = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, { millis });
    const ms = Math.round(performance.now() - t0);
    times.push(ms);
    if (r.exact) proven++;
    emit({
      bench: 'endgame.selfplay',
      seed,
      tiles: `${game.rackSize[p]}v${game.rackSize[1 - p]}`,
      millis: ms,
      proven: r.exact,
      depth: r.depth,
      nodes: r.nodes,
    });
  }
  emit({
    bench: 'endgame.selfplay.summary',
    positions: times.length,
    proven,
    p50Millis: percentile(times, 0.5),
    p90Millis: percentile(times, 0.9),
    maxMillis: Math.max(0, ...times),
  });
}
