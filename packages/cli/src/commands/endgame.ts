import { availableParallelism } from 'node:os';
import { DEFAULT_ENDGAME_MILLIS, EndgameSolver } from '@tessera/engine/ai';
import { EndgameHelper, solveEndgame } from '../endgame-solve.ts';
import { option } from '../lexicons.ts';
import { endgameFromCgp } from '../position.ts';

export const summary = 'solve an endgame (bag empty) given as a CGP; prints the best line';

const USAGE = `usage: tessera endgame --cgp "<CGP>" [--lexicon NAME] [--millis MS] [--threads 1|2] [--json]

The bag must be empty: the unseen tiles are the opponent's rack (given in the
CGP or, when left empty there, all the unseen tiles). Prints the best line,
the final spread for the player to move, and whether the result is proven
(the search reached the end of every line it needed) within --millis
(default ${DEFAULT_ENDGAME_MILLIS}). With two threads (the default on a
machine with two cores or more) a helper thread shares the proof search.`;

export async function run(args: string[]): Promise<number> {
  const cgp = option(args, '--cgp');
  const threads = Number(option(args, '--threads') ?? Math.min(2, availableParallelism()));
  const millis = Number(option(args, '--millis') ?? DEFAULT_ENDGAME_MILLIS);
  if (!cgp || (threads !== 1 && threads !== 2) || !(millis > 0)) {
    console.error(USAGE);
    return 2;
  }
  const lexicon = option(args, '--lexicon');
  const pos = await endgameFromCgp(cgp, lexicon);
  if (!pos.ok) {
    console.error(`tessera endgame: ${pos.message}`);
    return 1;
  }
  const { res } = pos.value;
  const helper = threads > 1 ? new EndgameHelper() : null;
  const solver = new EndgameSolver(res.lexicon, res.set, res.layout);
  const started = performance.now();
  const { result: r } = solveEndgame(solver, pos.value, { cgp, lexicon, millis }, helper);
  const out = {
    bestLine: r.line.map((m) => ({ move: m.text, score: m.score })),
    finalSpread: r.finalSpread,
    value: r.value,
    proven: r.exact,
    exact: r.exact,
    depth: r.depth,
    nodes: r.nodes,
    threads,
    millis: Math.round(performance.now() - started),
  };
  // The answer does not wait for the helper (it may still be starting up).
  await helper?.close();
  if (args.includes('--json')) console.log(JSON.stringify(out));
  else {
    console.log(out.bestLine.map((m) => `${m.move} +${m.score}`).join(', '));
    console.log(
      `final spread ${out.finalSpread} (${out.proven ? 'proven' : `not proven, depth ${out.depth}`}, ${out.nodes} nodes on this thread, ${threads} thread${threads > 1 ? 's' : ''}, ${out.millis} ms)`,
    );
  }
  return 0;
}
