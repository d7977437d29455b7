import { describe, expect, it } from 'vitest';
import { analyze } from '../src/analyzer/analyze.ts';
import { evaluateGame } from '../src/analyzer/evaluate.ts';
import { leavesFor } from '../src/equity/leaves.ts';
import { defaultWinPct } from '../src/equity/win-pct.ts';
import { fitWinPct, type WinSample } from '../src/equity/win-pct-train.ts';
import { pass, play } from '../src/game/actions.ts';
import type { GameState } from '../src/game/state.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';
import { gameWithRacks, HAVE_TESTDATA, move, testFile } from './support/fixtures.ts';
import { importGcg } from '../src/formats/gcg/replay.ts';

const lex = lexiconOf('english', englishWords(35, true));
const leaves = leavesFor('SCOWL-EN', 'english');

/** The analyzer's best move for the player on turn, played. */
function playBest(g: GameState): string {
  const [best] = analyze(g, { lexicon: lex, leaves, count: 1 });
  const r = play(g, g.playerOnTurn, move(g, best.coordinates, best.tiles));
  if (!r.ok) throw new Error(r.message);
  return best.jsonKey;
}

describe('win chances', () => {
  const wp = defaultWinPct();

  it('rise with the lead and matter more as the bag empties', () => {
    for (const bag of [0, 20, 60, 86]) {
      expect(wp.chance(-50, bag)).toBeLessThan(wp.chance(0, bag));
      expect(wp.chance(0, bag)).toBeLessThan(wp.chance(50, bag));
    }
    // Moving second costs something: level spread is under even.
    expect(wp.chance(0, 40)).toBeLessThan(0.5);
    expect(wp.chance(100, 0)).toBeGreaterThan(0.99);
    expect(wp.chance(40, 80)).toBeLessThan(wp.chance(40, 5));
  });

  it('fits a curve through self-play results: the chance is the share of wins at that spread', () => {
    // Made-up results: at x the mover wins with chance 1 / (1 + exp(-(x - 10) / 20)).
    const samples: WinSample[] = [];
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20000; i++) {
      const x = -120 + 240 * rand();
      const won = rand() < 1 / (1 + Math.exp(-(x - 10) / 20)) ? 1 : 0;
      samples.push({ x, bag: 30, won });
    }
    const fit = fitWinPct(samples, 4, 'test');
    const [shift, scale] = fit.curves[7];
    expect(shift).toBeGreaterThan(7);
    expect(shift).toBeLessThan(13);
    expect(scale).toBeGreaterThan(18);
    expect(scale).toBeLessThan(22);
  });
});

describe('game evaluation', () => {
  it('charges a pass with a bingo in hand, and nothing for the best move', () => {
    const g = gameWithRacks('DOUBLE', 'AEINRST', 'DEILOPR');
    expect(pass(g, 0).ok).toBe(true);
    const bobs = playBest(g);
    const anns = playBest(g);
    const r = evaluateGame(g, { lexicon: lex, leaves });
    expect(r.turns.map((t) => [t.player, t.played])).toEqual([
      [0, '-'],
      [1, bobs],
      [0, anns],
    ]);
    const [missed, , found] = r.turns;
    expect(missed).toMatchObject({ missedBingo: true, topIsBingo: true, phony: false });
    expect(missed.equityLoss).toBeGreaterThan(50);
    expect(missed.winPctLoss).toBeGreaterThan(5);
    expect(found.best).toBe(anns);
    expect(found).toMatchObject({ equityLoss: 0, winPctLoss: 0, missedStarPlay: false });
    expect(r.players[0]).toMatchObject({ nickname: 'ann', turns: 2, missedBingos: 1 });
    expect(r.players[0].equityLoss).toBe(missed.equityLoss);
    expect(r.players[1]).toMatchObject({ nickname: 'bob', turns: 1, equityLoss: 0 });
  });

  it.runIf(HAVE_TESTDATA)(
    'evaluates a real game: every move with its rack, bingos played never missed',
    () => {
      const game = importGcg(testFile('gcgio-doug_v_emely.gcg'));
      if (!game.ok) throw new Error(game.message);
      const r = evaluateGame(game.value, { lexicon: lex, leaves });
      const moves = game.value.events.filter((e) =>
        ['TILE_PLACEMENT_MOVE', 'EXCHANGE', 'PASS'].includes(e.type),
      );
      expect(r.turns.length).toBe(moves.length);
      expect(r.players[0].turns + r.players[1].turns).toBe(moves.length);
      for (const t of r.turns) {
        expect(t.equityLoss).toBeGreaterThanOrEqual(0);
        expect(t.winPctLoss).toBeGreaterThanOrEqual(0);
        if (t.played === t.best) expect(t.equityLoss).toBe(0);
        expect(t.possibleStarPlay && t.missedStarPlay).toBe(false);
      }
      // A bingo played is never a missed one; a missed one needed a full rack.
      const bingos = r.turns.filter((t) => game.value.events[t.event].isBingo);
      expect(bingos.length).toBeGreaterThan(0);
      for (const t of bingos) expect(t.missedBingo).toBe(false);
      for (const t of r.turns.filter((x) => x.missedBingo))
        expect(game.value.events[t.event].rack.length).toBe(7);
    },
  );
});
