/**
 * The engine's self-play endgame bench (HastyBot self-play stopped when
 * the bag has just run out) on two threads, as a server solves: each
 * position handed over as a CGP, solved by the lead on this thread with a
 * helper worker kept up between solves, with the solver's default time
 * limit. One `endgame.selfplay.threads` line per position, then a summary
 * line as the one-thread bench's. `ENDGAME_GAMES` and `ENDGAME_MILLIS` as
 * there. Run with `npm run bench endgame-selfplay`.
 */
import { cgp } from '@tessera/engine';
import { DEFAULT_ENDGAME_MILLIS, EndgameSolver, type FastGame } from '@tessera/engine/ai';
import { answerFigures, loadProofs, selfplayKey } from '../../engine/bench/endgame-proofs.ts';
import { selfplayEndings, selfplaySummary } from '../../engine/bench/endgame-selfplay.bench.ts';
import { ENDGAME_BENCH_LEXICON, endgameEnglish } from '../../engine/bench/english.ts';
import { EndgameHelper } from '../src/endgame-solve.ts';
import { endgameFromCgp } from '../src/position.ts';
import { timedSolve } from './timed-solve.ts';

type Emit = (record: Record<string, unknown>) => void;

/** The rack of p as sorted machine letters. */
function rackTiles(game: FastGame, p: number): Uint8Array {
  const tiles: number[] = [];
  game.racks[p].forEach((n, t) => {
    for (let k = 0; k < n; k++) tiles.push(t);
  });
  return Uint8Array.from(tiles);
}

/** The position as a CGP, the player to move first. */
function cgpOf(game: FastGame): string {
  const p = game.onTurn;
  const q = 1 - p;
  return cgp.writeCgp({
    letters: 'english',
    boardLayout: 'CrosswordGame',
    variant: 'classic',
    lexicon: ENDGAME_BENCH_LEXICON,
    board: game.board.squares.slice(),
    racks: [rackTiles(game, p), rackTiles(game, q)],
    scores: [game.scores[p], game.scores[q]],
    scorelessTurns: game.scoreless,
    ops: [
      ['lex', ENDGAME_BENCH_LEXICON],
      ['ld', 'english'],
      ['bdn', 'CrosswordGame'],
      ['var', 'classic'],
    ],
  });
}

export async function bench(emit: Emit): Promise<void> {
  const res = await endgameEnglish();
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || DEFAULT_ENDGAME_MILLIS;
  const helper = new EndgameHelper();
  const solver = new EndgameSolver(res.lexicon, res.set, res.layout);
  const proofs = loadProofs();
  const times: number[] = [];
  const answers: (boolean | null)[] = [];
  let proven = 0;
  try {
    let warm = false;
    for (const { seed, game } of selfplayEndings(res)) {
      const cgp = cgpOf(game);
      const pos = await endgameFromCgp(cgp, ENDGAME_BENCH_LEXICON);
      if (!pos.ok) throw new Error(`seed ${seed}: ${pos.message}`);
      // The helper's first solve starts it up: solved once untimed first,
      // as a server's helper would be running already.
      if (!warm) await timedSolve(solver, pos.value, cgp, millis, helper);
      warm = true;
      const {
        result: r,
        millis: ms,
        figures,
      } = await timedSolve(solver, pos.value, cgp, millis, helper);
      times.push(ms);
      if (r.exact) proven++;
      const answer = answerFigures(proofs, selfplayKey(seed), r);
      answers.push(answer.provenBest);
      emit({ bench: 'endgame.selfplay.threads', seed, ...figures, ...answer });
    }
  } finally {
    await helper.close();
  }
  emit({
    bench: 'endgame.selfplay.threads.summary',
    threads: 2,
    ...selfplaySummary(times, proven, answers),
  });
}
