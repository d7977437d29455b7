import {
  MoveList,
  leader,
  prune,
  staticMoves,
  summary as statsOf,
  type CandidateStats,
} from '@tessera/engine/ai';
import { option } from '../lexicons.ts';
import { positionFromCgp } from '../position.ts';
import { runWorker } from '../workers/spawn.ts';

export const summary = 'simulate the best candidate moves of a CGP on worker threads';

const USAGE = `usage: tessera sim --cgp "<CGP>" [--lexicon NAME] [--candidates N] [--millis MS]
                  [--iterations N] [--plies P] [--threads T] [--json]

Each of T worker threads simulates the N best static candidates (default 10)
for up to MS milliseconds or N iterations with its own seed; the results are
merged, candidates clearly behind are marked, and the best by mean wins.`;

type WorkerAnswer =
  { ok: true; stats: { n: number; sum: number; sumSq: number }[] } | { ok: false; message: string };

export async function run(args: string[]): Promise<number> {
  const cgp = option(args, '--cgp');
  if (!cgp) {
    console.error(USAGE);
    return 2;
  }
  const lexicon = option(args, '--lexicon');
  const pos = await positionFromCgp(cgp, lexicon);
  if (!pos.ok) {
    console.error(`tessera sim: ${pos.message}`);
    return 1;
  }
  const candidates = Number(option(args, '--candidates') ?? 10);
  const threads = Math.max(1, Number(option(args, '--threads') ?? 2));
  const job = {
    cgp,
    lexicon,
    candidates,
    millis: Number(option(args, '--millis') ?? 3000),
    maxIterations: Number(option(args, '--iterations') ?? 1000),
    plies: Number(option(args, '--plies') ?? 2),
  };
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: threads }, (_, t) =>
      runWorker<WorkerAnswer>(new URL('../workers/sim-worker.ts', import.meta.url), {
        ...job,
        seed: 1 + t * 104729,
      }),
    ),
  );
  const { fast, res } = pos.value;
  const cands = staticMoves(fast, res.leaves, candidates, new MoveList(candidates + 1));
  const merged: CandidateStats[] = Array.from({ length: cands.count }, () => ({
    n: 0,
    sum: 0,
    sumSq: 0,
    alive: true,
  }));
  for (const a of answers) {
    if (!a.ok) {
      console.error(`tessera sim: ${a.message}`);
      return 1;
    }
    a.stats.forEach((s, i) => {
      merged[i].n += s.n;
      merged[i].sum += s.sum;
      merged[i].sumSq += s.sumSq;
    });
  }
  prune(merged, 2);
  const best = leader(merged);
  const moves = merged
    .map((s, i) => ({
      move: fast.mg.moveText(cands, i),
      score: cands.score[i],
      equity: Math.round(cands.equity[i] * 100) / 100,
      simValue: Math.round(statsOf(s).mean * 100) / 100,
      stdErr: Math.round(statsOf(s).se * 100) / 100,
      iterations: s.n,
      stillInRunning: s.alive,
    }))
    .sort((a, b) => b.simValue - a.simValue);
  const out = {
    best: fast.mg.moveText(cands, best),
    threads,
    millis: Math.round(performance.now() - started),
    moves,
  };
  if (args.includes('--json')) console.log(JSON.stringify(out));
  else {
    for (const m of moves) {
      console.log(
        `${m.move.padEnd(22)} ${String(m.score).padStart(4)} ${m.equity.toFixed(1).padStart(7)} ${m.simValue.toFixed(2).padStart(8)} ±${m.stdErr.toFixed(2)} (${m.iterations})${m.stillInRunning ? '' : ' dropped'}`,
      );
    }
    console.log(`best: ${out.best} (${threads} threads, ${out.millis} ms)`);
  }
  return 0;
}
