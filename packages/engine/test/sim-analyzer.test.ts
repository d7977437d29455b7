import { describe, expect, it } from 'vitest';
import { Bot } from '../src/bots/bot.ts';
import { staticMoves } from '../src/bots/static-moves.ts';
import { analyze, ANALYZER_MOVES } from '../src/analyzer/analyze.ts';
import { boardLayout } from '../src/board/layouts.ts';
import { createGame } from '../src/game/state.ts';
import { EndgameSolver } from '../src/endgame/solver.ts';
import { preEndgame } from '../src/endgame/preendgame.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { MoveList } from '../src/movegen/moves.ts';
import { FastGame } from '../src/sim/fast-game.ts';
import { inferLeaves } from '../src/sim/infer.ts';
import { leader, prune, SimRunner, simulate, summary } from '../src/sim/simulate.ts';
import { leavesFor } from '../src/equity/leaves.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

const set = letterSet('english');
const layout = boardLayout('CrosswordGame');
const lex = lexiconOf('english', englishWords(35, true));
const leaves = leavesFor('SCOWL-EN', 'english');
const res = { lexicon: lex, set, layout, leaves };

function midgame(seed: number, turns: number): FastGame {
  const game = new FastGame(new Movegen(lex, set, layout));
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  game.startNew(seed);
  for (let t = 0; t < turns && !game.over; t++) {
    const d = bots[game.onTurn].choose(game);
    game.apply(d.list, d.index);
  }
  return game;
}

describe('simulation', () => {
  it('keeps the statistics of every candidate and prefers the clearly better one', () => {
    const game = midgame(3, 6);
    const cands = staticMoves(game, leaves, 4, new MoveList(8));
    const stats = simulate(new SimRunner(game.mg, leaves), game, cands, {
      maxIterations: 64,
      millis: 10_000,
    });
    expect(stats.length).toBe(cands.count);
    expect(stats[leader(stats)].n).toBeGreaterThanOrEqual(32);
    // A fake candidate far behind is pruned by the stopping rule.
    const fake = stats.map((s) => ({ ...s }));
    fake.push({ n: 64, sum: -64 * 100, sumSq: 64 * 100 * 100 + 64, alive: true });
    prune(fake, 2);
    expect(fake[fake.length - 1].alive).toBe(false);
    expect(Number.isFinite(summary(stats[0]).mean)).toBe(true);
  }, 60_000);

  it('is reproducible for a seed', () => {
    const game = midgame(5, 4);
    const cands = staticMoves(game, leaves, 3, new MoveList(8));
    const run = () =>
      simulate(new SimRunner(game.mg, leaves), game, cands, {
        maxIterations: 32,
        minIterations: 32,
        seed: 9,
        millis: 60_000,
      }).map((s) => s.sum);
    expect(run()).toEqual(run());
  }, 60_000);

  it('infers leaves consistent with the opponent having made their best play', () => {
    const game = midgame(11, 5);
    const inferred = inferLeaves(game.mg, game, leaves, { trials: 60 });
    for (const leave of inferred) {
      const unseen = game.unseen(game.onTurn);
      for (let t = 0; t < leave.length; t++) expect(leave[t]).toBeLessThanOrEqual(unseen[t]);
    }
  }, 60_000);
});

describe('pre-endgame', () => {
  it('evaluates every placement for each possible last tile', () => {
    const game = midgame(21, 40);
    if (game.over || game.bagCount === 0) return;
    while (game.bagCount > 1) game.bagCount--; // keep one tile in the bag
    const cands = staticMoves(game, leaves, 3, new MoveList(8));
    const solver = new EndgameSolver(lex, set, layout);
    const r = preEndgame(solver, game.mg, game, cands, { millisPerSolve: 20, maxDepth: 2 });
    expect(r.spreads.length).toBe(cands.count);
    expect(r.index).toBeGreaterThanOrEqual(-1);
  }, 60_000);
});

describe('analyzer', () => {
  it('returns the top 15 moves with the analyzer fields, best equity first', () => {
    const g = createGame({ seed: 4, lexicon: 'SCOWL-EN' });
    const moves = analyze(g, { lexicon: lex, leaves });
    expect(moves.length).toBe(ANALYZER_MOVES);
    for (let i = 1; i < moves.length; i++)
      expect(moves[i].equity).toBeLessThanOrEqual(moves[i - 1].equity);
    const m = moves[0];
    expect(Object.keys(m).sort()).toEqual(
      [
        'chosen',
        'col',
        'coordinates',
        'displayMove',
        'equity',
        'invalid_words',
        'isExchange',
        'jsonKey',
        'leave',
        'row',
        'score',
        'tiles',
        'valid',
        'vertical',
      ].sort(),
    );
    expect(m.valid).toBe(true);
  }, 60_000);

  it('marks a phony the player chose as invalid, listing the bad word', () => {
    const g = createGame({ seed: 4, lexicon: 'SCOWL-EN' });
    const rack = g.racks[0].tiles().filter((t) => t !== 0);
    const played = { row: 7, col: 7, vertical: false, tiles: rack.slice(0, 3) };
    const moves = analyze(g, { lexicon: lex, leaves, played });
    const chosen = moves.find((x) => x.chosen)!;
    expect(chosen).toBeDefined();
    if (!lex.has(rack.slice(0, 3))) {
      expect(chosen.valid).toBe(false);
      expect(chosen.invalid_words.length).toBe(1);
    }
  }, 60_000);
});
