/**
 * Endgame solve times on two threads: the positions of the engine's
 * endgame bench, each solved by the lead on this thread with a helper
 * worker (kept up between solves, like a server's) sharing the table and
 * the proof search. One JSON line per position and a summary line, as
 * endgame.bench.ts, plus the helper's nodes. Run with `npm run bench endgame-threads`.
 */
import { cgp } from '@tessera/engine';
import { EndgameSolver, DEFAULT_ENDGAME_MILLIS } from '@tessera/engine/ai';
import { benchEndings } from '../../engine/bench/endgame-positions.ts';
import { ENDGAME_BENCH_LEXICON } from '../../engine/bench/english.ts';
import { answerFigures, answersSummary, loadProofs } from '../../engine/bench/endgame-proofs.ts';
import { EndgameHelper } from '../src/endgame-solve.ts';
import { endgameFromCgp } from '../src/position.ts';
import { timedSolve } from './timed-solve.ts';

type Emit = (record: Record<string, unknown>) => void;

export async function bench(emit: Emit): Promise<void> {
  const endings = benchEndings();
  if (!endings) {
    emit({ bench: 'endgame.solve.threads', skipped: 'no shared GCG test data' });
    return;
  }
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || DEFAULT_ENDGAME_MILLIS;
  const helper = new EndgameHelper();
  let solver: EndgameSolver | null = null;
  const proofs = loadProofs();
  const answers: (boolean | null)[] = [];
  let proven = 0;
  try {
    // The helper's first solve starts it up: one untimed solve first, as a
    // server's helper would be running already.
    for (const [k, { name, state }] of [endings[endings.length - 1], ...endings].entries()) {
      const text = cgp.cgpFromGame(state);
      const pos = await endgameFromCgp(text, ENDGAME_BENCH_LEXICON);
      if (!pos.ok) throw new Error(`${name}: ${pos.message}`);
      const { res } = pos.value;
      solver ??= new EndgameSolver(res.lexicon, res.set, res.layout);
      const { result: r, figures } = await timedSolve(solver, pos.value, text, millis, helper);
      if (k === 0) continue;
      const answer = answerFigures(proofs, name, r);
      answers.push(answer.provenBest);
      if (r.exact) proven++;
      emit({
        bench: 'endgame.solve.threads',
        position: name,
        ...figures,
        finalSpread: r.finalSpread,
        ...answer,
      });
    }
  } finally {
    await helper.close();
  }
  emit({
    bench: 'endgame.solve.threads.summary',
    threads: 2,
    positions: endings.length,
    proven,
    ...answersSummary(answers),
  });
}
