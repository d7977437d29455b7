/**
 * A bot's move in a live game (a GameState), as the action the rules take:
 * a placement for `play`, tiles for `exchange`, or a pass, computed in
 * process (a worker thread answers from a BotPosition: bot-position.ts).
 * The bot sees only what its player may see (its own rack,
 * the board, the unseen pool), because simulation and inference put the
 * opponent's rack back into the pool before dealing guesses.
 */
import type { GameState } from '../game/state.ts';
import type { Placement } from '../rules/placement.ts';
import { Movegen } from '../movegen/movegen.ts';
import { EXCHANGE, MAX_LEN, PASS } from '../movegen/moves.ts';
import { FastGame } from '../sim/fast-game.ts';
import type { Bot } from './bot.ts';

export type BotAction =
  | {
      readonly type: 'play';
      readonly placement: Placement;
      readonly text: string;
      readonly score: number;
    }
  | { readonly type: 'exchange'; readonly tiles: Uint8Array; readonly text: string }
  | { readonly type: 'pass'; readonly text: '-' };

const games = new WeakMap<Bot, FastGame>();

export function botAction(bot: Bot, g: GameState, seed = g.events.length + 1): BotAction {
  // After the opponent went out (non-void rules) the only moves are pass or challenge;
  // bots play valid words and do not challenge.
  if (g.playState !== 'PLAYING') return { type: 'pass', text: '-' };
  let fast = games.get(bot);
  if (!fast || fast.board.dim !== g.board.dim) {
    fast = new FastGame(new Movegen(bot.res.lexicon, bot.res.set, bot.res.layout));
    games.set(bot, fast);
  }
  fast.loadGame(g, seed);
  const { list, index } = bot.choose(fast);
  const text = fast.mg.moveText(list, index);
  const kind = list.kind[index];
  if (kind === PASS) return { type: 'pass', text: '-' };
  if (kind === EXCHANGE) {
    const base = index * MAX_LEN;
    return { type: 'exchange', tiles: list.tiles.slice(base, base + list.len[index]), text };
  }
  return {
    type: 'play',
    placement: fast.mg.placementOf(list, index),
    text,
    score: list.score[index],
  };
}
