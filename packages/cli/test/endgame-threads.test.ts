import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type GameState, cgp } from '@tessera/engine';
import { EndgameSolver } from '@tessera/engine/ai';
import { benchEndings } from '../../engine/bench/endgame-positions.ts';
import { EndgameHelper, solveEndgame } from '../src/endgame-solve.ts';
import { endgameFromCgp } from '../src/position.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-endgame-threads-'));
process.env.DATA_DIR = dataDir;
const helper = new EndgameHelper();
afterAll(async () => {
  await helper.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Real 7 v 7 and 5 v 5 endings (the endgame bench's) whose proof search is
 * split with the helper worker: the same proven spread as one thread alone.
 */
const endings = benchEndings()?.filter((e) =>
  ['gcgio-noah_vs_mishu@27', 'pkg-puzzles-r4_lipe@21', 'gcgio-noah_vs_peter@34'].includes(e.name),
);

/** An ending as the CLI gets it (a CGP), with its job, a solver and the one-thread result. */
async function ending(name: string, state: GameState, solver?: EndgameSolver) {
  const text = cgp.cgpFromGame(state);
  const pos = await endgameFromCgp(text, 'SCOWL-EN');
  if (!pos.ok) throw new Error(`${name}: ${pos.message}`);
  const { lexicon, set, layout } = pos.value.res;
  solver ??= new EndgameSolver(lexicon, set, layout);
  const job = { cgp: text, lexicon: 'SCOWL-EN', millis: 60_000 };
  const alone = solveEndgame(solver, pos.value, job, null).result;
  expect(alone.exact, name).toBe(true);
  return { pos: pos.value, job, solver, alone };
}

describe.runIf(endings)('endgame on two threads', () => {
  it('proves the same spreads as one thread, the helper searching part of each proof', async () => {
    let solver: EndgameSolver | undefined;
    let helped = 0;
    for (const round of [0, 1]) {
      for (const { name, state } of endings!) {
        const e = await ending(name, state, solver);
        solver = e.solver;
        const two = solveEndgame(solver, e.pos, e.job, helper);
        const answer = await two.helped;
        expect(answer?.ok, name).toBe(true);
        expect([two.result.exact, two.result.finalSpread], name).toEqual([
          true,
          e.alone.finalSpread,
        ]);
        // The first round starts the worker up; then it takes part.
        if (round === 1 && answer?.ok) helped += answer.nodes;
      }
    }
    expect(helped).toBeGreaterThan(0);
  }, 300_000);

  it('answers alone, and the same, when the helper has stopped', async () => {
    const gone = new EndgameHelper();
    await gone.close();
    const { name, state } = endings![0];
    const e = await ending(name, state);
    const run = solveEndgame(e.solver, e.pos, e.job, gone);
    expect(await run.helped).toEqual({ ok: false, message: 'endgame helper stopped' });
    expect([run.result.exact, run.result.finalSpread]).toEqual([true, e.alone.finalSpread]);
  }, 120_000);
});
