import { describe, expect, it } from 'vitest';
import { boardLayout } from '../src/board/layouts.ts';
import { checkLine } from '../src/endgame/line-check.ts';
import { EndgameSolver, type EndgameOptions, type EndgameResult } from '../src/endgame/solver.ts';
import { truncate } from '../src/game/history.ts';
import { importGcg } from '../src/formats/gcg/replay.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { FastGame } from '../src/sim/fast-game.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';
import { HAVE_TESTDATA, testFile } from './support/fixtures.ts';

/**
 * Real endings from the shared test data, with big racks (up to 7 v 7):
 * the board and racks of the record at the event where the bag ran out,
 * solved over the SCOWL list up to level 35. The final spreads are the
 * ones the solver proved before its pruning by going-out replies, the
 * line cache and the larger table were added (and the two versions agree
 * on all 78 endings of the test data); every one must still be proven and
 * equal.
 */
const ENDINGS: [file: string, events: number, tiles: string, finalSpread: number][] = [
  ['gcgio-guy_vs_bot.gcg', 21, '7v6', -99],
  ['gcgio-noah_vs_mishu.gcg', 27, '7v7', 17],
  ['gcgio-noah_vs_mishu.gcg', 29, '5v5', 2],
  ['gcgio-noah_vs_peter.gcg', 33, '6v5', 67],
  ['gcgio-polish_endgame.gcg', 46, '7v6', 54],
  ['gcgio-vs_frentz.gcg', 22, '7v5', 11],
  ['pkg-omgwords-vs_josh.gcg', 23, '7v6', -18],
  ['pkg-puzzles-r10_james.gcg', 25, '7v6', -155],
  ['pkg-puzzles-r1_mike.gcg', 20, '7v6', -43],
  ['pkg-puzzles-r2_tim.gcg', 20, '7v6', 87],
  ['pkg-puzzles-r4_lipe.gcg', 20, '7v5', -139],
  ['pkg-puzzles-r7_jesse.gcg', 22, '7v5', 158],
  ['pkg-puzzles-r9_randi.gcg', 21, '7v7', -4],
  ['pkg-puzzles-test_vertical_openings_1.gcg', 20, '7v6', 76],
  ['pkg-stats-all_triple_letters_covered.gcg', 22, '7v5', 131],
  ['pkg-stats-all_triple_words_covered.gcg', 25, '7v7', -75],
  ['pkg-stats-many_double_words_covered.gcg', 27, '7v5', -45],
  ['preendgame-issue_476.gcg', 26, '7v5', 9],
  ['puzzles-equity.gcg', 21, '7v5', -59],
  ['puzzles-phony_tiles_returned.gcg', 25, '7v6', -155],
];

describe.runIf(HAVE_TESTDATA)('endgame solver on real endings', () => {
  const set = letterSet('english');
  const layout = boardLayout('CrosswordGame');
  const lex = lexiconOf('english', englishWords(35, true));
  const solver = new EndgameSolver(lex, set, layout);
  const game = new FastGame(new Movegen(lex, set, layout));

  /** Solve the ending (its side to move and spread so far) with `opts`. */
  function solveAt(file: string, events: number, opts: EndgameOptions = {}): EndgameResult {
    const full = importGcg(testFile(file));
    if (!full.ok) throw new Error(full.message);
    const at = truncate(full.value, events);
    if (!at.ok) throw new Error(at.message);
    game.loadGame(at.value);
    expect(game.bagCount).toBe(0);
    const p = game.onTurn;
    solver.load(game);
    return solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, {
      millis: 60_000,
      tableBits: 20,
      ...opts,
    });
  }

  it.each(ENDINGS)('%s at event %i (%s) proves final spread %i', (file, events, tiles, spread) => {
    const r = solveAt(file, events);
    expect(`${game.rackSize[game.onTurn]}v${game.rackSize[1 - game.onTurn]}`).toBe(tiles);
    expect(r.exact).toBe(true);
    expect(r.finalSpread).toBe(spread);
    expect(r.line.length).toBeGreaterThan(0);
  });

  it('answers a best line: every move keeps the value proven for the position it is played in', () => {
    // The table's move at a node below the root can be a cutoff move, good
    // enough for its window but worse than the best (a reply that hands
    // the other side more than the value says).
    const walker = new FastGame(new Movegen(lex, set, layout));
    let plies = 0;
    for (const [file, events] of ENDINGS) {
      const r = solveAt(file, events);
      walker.copyFrom(game);
      const check = checkLine(solver, walker, r.line, 60_000);
      const label = `${file}@${events}: ${r.line.map((m) => m.text).join(' ')}`;
      expect(check.wrongAt, label).toBe(-1);
      plies += check.plies;
    }
    expect(plies).toBeGreaterThan(2 * ENDINGS.length);
  }, 120_000);

  it('proves the same spreads without the quick cuts, and needs them where the first refutation is dear', () => {
    // A cut node's likeliest refutation can cost thousands of nodes where a
    // later child's own node refutes it at once (refutations.ts quickCut).
    const nodes = new Map<string, [number, number]>();
    for (const [file, events, , spread] of ENDINGS) {
      const withQuick = solveAt(file, events);
      const without = solveAt(file, events, { quickChildren: 0 });
      expect([without.exact, without.finalSpread]).toEqual([true, spread]);
      expect([withQuick.exact, withQuick.finalSpread]).toEqual([true, spread]);
      nodes.set(`${file}@${events}`, [withQuick.nodes, without.nodes]);
    }
    // Here the proof took about 30k nodes without them, under 5k with.
    const [quick, plain] = nodes.get('pkg-stats-all_triple_words_covered.gcg@25')!;
    expect(quick * 3).toBeLessThan(plain);
  }, 120_000);
});
