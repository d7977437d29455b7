import { describe, expect, it } from 'vitest';
import { boardLayout } from '../src/board/layouts.ts';
import { newEndgameShare, ShareControl } from '../src/endgame/share.ts';
import { EndgameSolver } from '../src/endgame/solver.ts';
import { TranspositionTable, EXACT } from '../src/endgame/zobrist.ts';
import { truncate } from '../src/game/history.ts';
import { importGcg } from '../src/formats/gcg/replay.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { FastGame } from '../src/sim/fast-game.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';
import { HAVE_TESTDATA, testFile } from './support/fixtures.ts';

/** Claim words start here in the control memory (share.ts CLAIMS): 1 the lead's, 2 the helper's, 3 proven by it, 4 not. */
const CLAIMS = 8;

describe('shared transposition table', () => {
  it('reads an entry another writer tore as empty', () => {
    const share = newEndgameShare(16);
    const a = new TranspositionTable();
    const b = new TranspositionTable();
    a.share(share.table, share.generation);
    b.share(share.table, share.generation);
    a.store(0x1234, 0x5678, 9, EXACT, 12, 77, 10, 14);
    expect(b.find(0x1234, 0x5678)).toBe(true);
    expect([b.value(), b.floor(), b.ceil(), b.best(), b.depth()]).toEqual([12, 10, 14, 77, 9]);
    // Another solver's write half done: a bound from one entry, the rest from another.
    const words = new Int32Array(share.table);
    const at = words.indexOf(14);
    words[at] = 40;
    expect(b.find(0x1234, 0x5678)).toBe(false);
    // The next solve's generation on the same memory starts empty.
    a.store(0x1234, 0x5678, 9, EXACT, 12, 77, 10, 14);
    const next = newEndgameShare(16, share);
    expect([next.table, next.generation]).toEqual([share.table, 2]);
    b.share(next.table, next.generation);
    expect(b.find(0x1234, 0x5678)).toBe(false);
  });
});

describe('root search rounds', () => {
  const proof = (alpha: number) => ({
    alpha,
    beta: alpha + 1,
    depth: 20,
    cutParity: 1,
    proof: true,
  });

  it('gives each root search its own claims, so a late write from the last one does not count', () => {
    const share = newEndgameShare(16);
    const lead = new ShareControl(share, true);
    const helper = new ShareControl(share, false);
    const late = new ShareControl(share, false);
    expect(helper.awaitRound(0)).toBeNull();

    lead.publish(proof(10), 5);
    expect(helper.awaitRound(0)).toEqual(proof(10));
    expect(late.awaitRound(0)).toEqual(proof(10));
    expect(helper.stopped()).toBe(false);
    expect(helper.claim(0)).toBe(true);
    expect(lead.claim(0)).toBe(false);
    helper.searched(0, 10, 12); // ceiling over alpha: not proven
    expect(lead.unproven(5)).toBe(true);
    // A move beat alpha: the round is over and the helper drops its search.
    lead.endRound();
    expect(helper.stopped()).toBe(true);

    lead.publish(proof(12), 5);
    expect(helper.awaitRound(0)).toEqual(proof(12));
    expect(helper.stopped()).toBe(false);
    // The helper still in the first round writes there, not here.
    late.searched(1, 11, 11);
    expect(late.stopped()).toBe(true);
    expect(lead.unproven(5)).toBe(false);
    expect(lead.claim(0)).toBe(true);
    expect(lead.claim(1)).toBe(true);
    expect(helper.claim(1)).toBe(false);

    lead.stop();
    expect(helper.stopped()).toBe(true);
    expect(helper.awaitRound(60_000)).toBeNull();
    // Rounds take claim words until there are none left.
    expect(lead.fits(5)).toBe(true);
    expect(lead.fits(1 << 15)).toBe(false);
  });

  it('has the lead search again every helper move in an iteration, only the unproven in a proof', () => {
    const share = newEndgameShare(16);
    const lead = new ShareControl(share, true);
    const helper = new ShareControl(share, false);
    const iteration = { alpha: 3, beta: 9, depth: 5, cutParity: 0, proof: false };
    lead.publish(iteration, 3);
    expect(helper.awaitRound(0)).toEqual(iteration);
    expect(lead.claim(0)).toBe(true);
    expect(helper.claim(1)).toBe(true);
    // Worth 2, under alpha, but its value is still the lead's to read.
    helper.searched(1, 2, 40);
    expect(lead.unproven(3)).toBe(true);
    lead.rescuing = true;
    expect([lead.claim(0), lead.claim(1)]).toEqual([false, true]);
    lead.rescuing = false;
    lead.endRound();

    lead.publish(proof(3), 3);
    expect(helper.awaitRound(0)).toEqual(proof(3));
    expect(helper.claim(0)).toBe(true);
    expect(helper.claim(1)).toBe(true);
    helper.searched(0, 2, 3); // proven at alpha
    helper.searched(1, 2, 4); // worth 2 at a horizon, but not proven under alpha
    lead.rescuing = true;
    expect([lead.claim(0), lead.claim(1)]).toEqual([false, true]);
  });
});

/**
 * The lead's side of split root searches, on one thread: claims left in
 * the control words stand for a helper that holds half the moves in every
 * round, which the lead must search again itself: all of them in an
 * iteration, those not proven (still searching, or given up) in a proof.
 */
describe.runIf(HAVE_TESTDATA)('endgame root searches split with a helper', () => {
  const set = letterSet('english');
  const layout = boardLayout('CrosswordGame');
  const lex = lexiconOf('english', englishWords(35, true));
  const solver = new EndgameSolver(lex, set, layout);
  const game = new FastGame(new Movegen(lex, set, layout));
  /**
   * 7-tile endings whose first proof search comes after the 5-ply
   * iteration and proves its value (a helper's claim "proven" is then true).
   */
  const ENDINGS: [string, number][] = [
    ['puzzles-only_bingo.gcg', 19],
    ['pkg-puzzles-r2_tim.gcg', 20],
    ['pkg-stats-all_triple_words_covered.gcg', 25],
  ];

  function load(file: string, events: number): number {
    const full = importGcg(testFile(file));
    if (!full.ok) throw new Error(full.message);
    const at = truncate(full.value, events);
    if (!at.ok) throw new Error(at.message);
    game.loadGame(at.value);
    solver.load(game);
    return game.onTurn;
  }

  it.each(ENDINGS)(
    '%s at event %i: same proven spread alone, shared and rescuing',
    (file, events) => {
      const p = load(file, events);
      const spread = game.scores[p] - game.scores[1 - p];
      const alone = solver.solve(p, spread, game.scoreless, { millis: 60_000, tableBits: 18 });
      expect(alone.exact).toBe(true);
      const moves = alone.rootMoves.count;

      const shared = solver.solve(p, spread, game.scoreless, {
        millis: 60_000,
        share: newEndgameShare(18),
      });
      expect([shared.exact, shared.value, shared.line[0]]).toEqual([
        true,
        alone.value,
        alone.line[0],
      ]);

      // Half the moves held by the helper: unproven (2: still searching; 4:
      // not proven under v), which the lead searches again, or proven (3).
      const nodes: number[] = [];
      for (const mark of [2, 3, 4]) {
        const share = newEndgameShare(18);
        const claims = new Int32Array(share.control);
        // In every round's claim words (moves and the pass per round).
        for (let at = CLAIMS; at + moves < claims.length; at += moves + 1)
          for (let i = 0; i <= moves; i += 2) claims[at + i] = mark;
        const r = solver.solve(p, spread, game.scoreless, { millis: 60_000, share });
        expect([r.exact, r.value]).toEqual([true, alone.value]);
        expect(r.line.length).toBeGreaterThan(0);
        // The proof was split: the lead claimed the other half.
        expect(claims[CLAIMS + 1]).toBe(1);
        nodes[mark] = r.nodes;
      }
      expect(nodes[2]).toBeGreaterThan(nodes[3]);
      expect(nodes[4]).toBeGreaterThan(nodes[3]);
      // Back on its own table afterwards.
      const again = solver.solve(p, spread, game.scoreless, { millis: 60_000, tableBits: 18 });
      expect([again.exact, again.value, again.nodes]).toEqual([true, alone.value, alone.nodes]);
    },
  );
});
