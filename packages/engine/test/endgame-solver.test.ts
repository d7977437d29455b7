import { describe, expect, it } from 'vitest';
import { boardLayout } from '../src/board/layouts.ts';
import { Bot } from '../src/bots/bot.ts';
import { EndgameSolver } from '../src/endgame/solver.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { MoveList, PASS } from '../src/movegen/moves.ts';
import { FastGame } from '../src/sim/fast-game.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { rng } from './lexicon-helpers.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

const set = letterSet('english');
const layout = boardLayout('CrosswordGame');
const lex = lexiconOf('english', englishWords(20, true));

/** Plain minimax over every move (no pruning, no table): final spread for the side to move. */
function exhaustive(games: FastGame[], depth: number, passed: boolean): number {
  const g = games[depth];
  const p = g.onTurn;
  const list = g.mg.generate(null, g.racks[p], { exchanges: false }, new MoveList(64));
  let best = -Infinity;
  for (let i = 0; i < list.count; i++) {
    const child = games[depth + 1];
    child.copyFrom(g);
    child.apply(list, i);
    let v: number;
    if (list.kind[i] === PASS && passed && !child.over) {
      v = child.scores[p] - child.rackValue(p) - (child.scores[1 - p] - child.rackValue(1 - p));
    } else if (child.over) v = child.scores[p] - child.scores[1 - p];
    else v = -exhaustive(games, depth + 1, list.kind[i] === PASS);
    if (v > best) best = v;
  }
  return best;
}

/** A midgame board from hasty self-play, then small racks and an empty bag. */
function position(seed: number, sizes: [number, number]): FastGame {
  const game = new FastGame(new Movegen(lex, set, layout));
  const res = { lexicon: lex, set, layout, leaves: null };
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  game.startNew(seed);
  for (let t = 0; t < 8 && !game.over; t++) {
    const d = bots[game.onTurn].choose(game);
    game.apply(d.list, d.index);
  }
  const rand = rng(seed);
  game.returnRack(0);
  game.returnRack(1);
  for (const p of [0, 1]) {
    for (let k = 0; k < sizes[p]; k++) {
      let tile = game.bag[Math.floor(rand() * game.bagCount)];
      if (tile === 0) tile = 5;
      if (!game.takeFromBag(p, tile)) game.takeFromBag(p, game.bag[0]);
    }
  }
  game.bagCount = 0;
  game.over = false;
  game.scoreless = 0;
  return game;
}

describe('endgame solver', () => {
  it('matches exhaustive search on small endgames', () => {
    let checked = 0;
    const soak = process.env.TESSERA_SOAK === '1';
    for (let seed = 1; seed <= (soak ? 40 : 12); seed++) {
      const sizes: [number, number] = soak
        ? [1 + (seed % 3), 1 + ((seed >> 2) % 3)]
        : [1 + (seed % 2), 1 + ((seed >> 1) % 3)];
      const game = position(seed, sizes);
      if (game.over) continue;
      const pool = Array.from({ length: 16 }, () => new FastGame(new Movegen(lex, set, layout)));
      pool[0].copyFrom(game);
      const truth = exhaustive(pool, 0, false);
      const solver = new EndgameSolver(lex, set, layout);
      solver.load(game);
      const p = game.onTurn;
      const spread = game.scores[p] - game.scores[1 - p];
      const r = solver.solve(p, spread, 0, { millis: 20_000 });
      expect(r.exact).toBe(true);
      expect(r.finalSpread).toBe(truth);
      expect(r.line.length).toBeGreaterThan(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  }, 120_000);
});
