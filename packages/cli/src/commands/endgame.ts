import { DEFAULT_ENDGAME_MILLIS, EndgameSolver } from '@tessera/engine';
import { option } from '../lexicons.ts';
import { positionFromCgp } from '../position.ts';

export const summary = 'solve an endgame (bag empty) given as a CGP; prints the best line';

const USAGE = `usage: tessera endgame --cgp "<CGP>" [--lexicon NAME] [--millis MS] [--json]

The bag must be empty: the unseen tiles are the opponent's rack (given in the
CGP or, when left empty there, all the unseen tiles). Prints the best line,
the final spread for the player to move, and whether the result is proven
(the search reached the end of every line it needed) within --millis
(default ${DEFAULT_ENDGAME_MILLIS}).`;

export async function run(args: string[]): Promise<number> {
  const cgp = option(args, '--cgp');
  if (!cgp) {
    console.error(USAGE);
    return 2;
  }
  const pos = await positionFromCgp(cgp, option(args, '--lexicon'));
  if (!pos.ok) {
    console.error(`tessera endgame: ${pos.message}`);
    return 1;
  }
  const { game, res, fast } = pos.value;
  const p = game.playerOnTurn;
  if (!pos.value.oppKnown) {
    // Everything unseen is on the opponent's rack.
    while (fast.bagCount > 0 && fast.rackSize[1 - p] < 7) fast.takeFromBag(1 - p, fast.bag[0]);
  }
  if (fast.bagCount > 0) {
    console.error(`tessera endgame: the bag still holds ${fast.bagCount} tiles (not an endgame)`);
    return 1;
  }
  const solver = new EndgameSolver(res.lexicon, res.set, res.layout);
  solver.load(fast);
  const started = performance.now();
  const r = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scorelessTurns, {
    millis: Number(option(args, '--millis') ?? DEFAULT_ENDGAME_MILLIS),
  });
  const out = {
    bestLine: r.line.map((m) => ({ move: m.text, score: m.score })),
    finalSpread: r.finalSpread,
    value: r.value,
    proven: r.exact,
    exact: r.exact,
    depth: r.depth,
    nodes: r.nodes,
    millis: Math.round(performance.now() - started),
  };
  if (args.includes('--json')) console.log(JSON.stringify(out));
  else {
    console.log(out.bestLine.map((m) => `${m.move} +${m.score}`).join(', '));
    console.log(
      `final spread ${out.finalSpread} (${out.proven ? 'proven' : `not proven, depth ${out.depth}`}, ${out.nodes} nodes, ${out.millis} ms)`,
    );
  }
  return 0;
}
