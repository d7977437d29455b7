/**
 * Bot-versus-bot games on a FastGame, for self-play statistics, leave
 * training and benchmarks. Player 1 of game k moves first in odd games and
 * second in even ones, so neither side keeps the first-move advantage.
 */
import { FastGame } from '../sim/fast-game.ts';
import type { Bot } from './bot.ts';

export interface GameRecord {
  readonly scores: [number, number];
  readonly turns: number;
}

/** Play one game between `bots[0]` and `bots[1]`; `seed` fixes the draws. */
export function playGame(
  game: FastGame,
  bots: [Bot, Bot],
  seed: number,
  firstPlayer = 0,
): GameRecord {
  game.startNew(seed, firstPlayer);
  let guard = 0;
  while (!game.over) {
    const d = bots[game.onTurn].choose(game);
    game.apply(d.list, d.index);
    if (++guard > 1000) throw new Error('autoplay: game did not end');
  }
  return { scores: [game.scores[0], game.scores[1]], turns: game.turns };
}

export interface MatchResult {
  games: number;
  p1Wins: number;
  p2Wins: number;
  ties: number;
  p1Total: number;
  p2Total: number;
}

export function emptyResult(): MatchResult {
  return { games: 0, p1Wins: 0, p2Wins: 0, ties: 0, p1Total: 0, p2Total: 0 };
}

/** Games `from` .. `to - 1` of a match with fixed seeds (seed + game number). */
export function playMatch(
  game: FastGame,
  bots: [Bot, Bot],
  seed: number,
  from: number,
  to: number,
  result: MatchResult = emptyResult(),
): MatchResult {
  for (let k = from; k < to; k++) {
    const first = k % 2;
    const gameSeed = (seed + k * 7919) >>> 0;
    bots[0].reseed(gameSeed * 2 + 1);
    bots[1].reseed(gameSeed * 2 + 2);
    const r = playGame(game, bots, gameSeed, first);
    result.games++;
    result.p1Total += r.scores[0];
    result.p2Total += r.scores[1];
    if (r.scores[0] > r.scores[1]) result.p1Wins++;
    else if (r.scores[1] > r.scores[0]) result.p2Wins++;
    else result.ties++;
  }
  return result;
}
