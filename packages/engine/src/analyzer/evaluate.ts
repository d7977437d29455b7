/**
 * A bot's evaluation of a game (docs/product/gameplay.md §3 "bot evaluation"): every move
 * each player made, set against the analyzer's best move in the same
 * position (static equity, the rack the player held):
 * - equity loss: the best move's equity less the played move's;
 * - win percent loss: the same in win chances (win-pct.ts), from the
 *   spread after each move plus its leave's value and the tiles left in
 *   the bag;
 * - missed bingo: a move using the whole rack was there and the player
 *   played none (`topIsBingo` when the best move is one);
 * - star plays: a best move at least STAR_MARGIN ahead of the next one,
 *   found (`possibleStarPlay`) or missed (`missedStarPlay`).
 * Each player gets the totals. Pure engine code, like the analyzer.
 */
import { parseCoord } from '../board/coords.ts';
import { canSetRack, setRack } from '../game/racks.ts';
import { truncate } from '../game/history.ts';
import type { GameState } from '../game/state.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { RACK_SIZE } from '../rules/constants.ts';
import { parseTiles } from '../tiles/notation.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { defaultWinPct, type WinPct } from '../equity/win-pct.ts';
import { Movegen } from '../movegen/movegen.ts';
import { PLACE } from '../movegen/moves.ts';
import { analyze, type AnalyzeOptions, type AnalyzerMove } from './analyze.ts';

/** Equity by which a best move must lead the next one to be a star play. */
export const STAR_MARGIN = 10;

export interface TurnEvaluation {
  /** Index of the move's event in the game. */
  readonly event: number;
  readonly player: number;
  /** The move played and the best one, in GCG notation ('-' a pass, '-ABC' an exchange). */
  readonly played: string;
  readonly best: string;
  readonly equityLoss: number;
  /** In percentage points. */
  readonly winPctLoss: number;
  readonly missedBingo: boolean;
  readonly topIsBingo: boolean;
  readonly possibleStarPlay: boolean;
  readonly missedStarPlay: boolean;
  /** The played move formed a word the lexicon lacks (its loss counts from its score). */
  readonly phony: boolean;
}

export interface PlayerEvaluation {
  readonly player: number;
  readonly nickname: string;
  readonly turns: number;
  readonly equityLoss: number;
  readonly averageEquityLoss: number;
  readonly winPctLoss: number;
  readonly missedBingos: number;
  readonly starPlays: number;
  readonly missedStarPlays: number;
}

export interface GameEvaluation {
  readonly turns: TurnEvaluation[];
  readonly players: [PlayerEvaluation, PlayerEvaluation];
}

export interface EvaluateOptions {
  readonly lexicon: Lexicon;
  readonly leaves: LeaveModel | null;
  /** Win chances (default: the ones shipped with the engine). */
  readonly winPct?: WinPct;
}

/** Evaluate every move of `game` whose rack is known (from its event). */
export function evaluateGame(game: GameState, opts: EvaluateOptions): GameEvaluation {
  const winPct = opts.winPct ?? defaultWinPct();
  const mg = new Movegen(opts.lexicon, game.set, game.board.layout);
  const turns: TurnEvaluation[] = [];
  game.events.forEach((e, k) => {
    if (e.type !== 'TILE_PLACEMENT_MOVE' && e.type !== 'EXCHANGE' && e.type !== 'PASS') return;
    const at = truncate(game, k);
    if (!at.ok) return;
    const g = at.value;
    const p = e.playerIndex;
    const rack = parseTiles(g.set, e.rack, 'rack');
    if (g.playerOnTurn !== p || g.playState === 'GAME_OVER' || !rack.ok) return;
    if (!canSetRack(g, p, rack.value).ok) return;
    setRack(g, p, rack.value);
    const played = playedOf(g, e);
    if (played === null) return;
    const moves = analyze(g, { lexicon: opts.lexicon, leaves: opts.leaves, played });
    const chosen = moves.find((m) => m.chosen);
    if (!chosen) return;
    turns.push(judge(g, mg, moves, chosen, k, winPct));
  });
  return { turns, players: [sum(game, turns, 0), sum(game, turns, 1)] };
}

function playedOf(g: GameState, e: GameState['events'][number]): AnalyzeOptions['played'] | null {
  if (e.type === 'PASS') return 'pass';
  if (e.type === 'EXCHANGE') {
    const t = parseTiles(g.set, e.exchanged, 'rack');
    return t.ok && t.value.length > 0 ? { exchange: t.value } : null;
  }
  const at = parseCoord(e.position, g.board.dim);
  const t = parseTiles(g.set, e.playedTiles, 'word');
  return at.ok && t.ok ? { ...at.value, tiles: t.value } : null;
}

/** One move against the best, in position `g` (the mover's rack set). */
function judge(
  g: GameState,
  mg: Movegen,
  moves: AnalyzerMove[],
  chosen: AnalyzerMove,
  event: number,
  winPct: WinPct,
): TurnEvaluation {
  const p = g.playerOnTurn;
  const rack = g.racks[p].counts;
  // Every placement, for the bingos and each move's tiles.
  const all = mg.generate(g.board.squares, rack, { exchanges: false, pass: false });
  const used = new Map<string, number>();
  const bingos = new Set<string>();
  const rackSize = g.racks[p].size;
  for (let i = 0; i < all.count; i++) {
    if (all.kind[i] !== PLACE) continue;
    const text = mg.moveText(all, i);
    used.set(text, all.played[i]);
    if (rackSize === RACK_SIZE && all.played[i] === RACK_SIZE) bingos.add(text);
  }
  const best = moves[0];
  // The next best: the list is sorted, a phony the player made comes last.
  const second = moves.slice(1).find((m) => m.valid);
  const spread = g.scores[p] - g.scores[1 - p];
  const bag = g.bag.size;
  const chance = (m: AnalyzerMove): number => {
    const drawn = m.isExchange ? 0 : (used.get(m.jsonKey) ?? tilesIn(m));
    return winPct.chance(spread + m.equity, Math.max(0, bag - drawn));
  };
  const star = second !== undefined && best.equity - second.equity >= STAR_MARGIN;
  const isBest = chosen.jsonKey === best.jsonKey;
  const playedBingo = bingos.has(chosen.jsonKey);
  return {
    event,
    player: p,
    played: chosen.jsonKey,
    best: best.jsonKey,
    equityLoss: round(Math.max(0, best.equity - chosen.equity)),
    winPctLoss: round(Math.max(0, 100 * (chance(best) - chance(chosen)))),
    missedBingo: bingos.size > 0 && !playedBingo,
    topIsBingo: bingos.has(best.jsonKey),
    possibleStarPlay: star && isBest,
    missedStarPlay: star && !isBest,
    phony: !chosen.valid,
  };
}

/** Tiles a played move not in the generated list put down (a phony): its letters. */
function tilesIn(m: AnalyzerMove): number {
  return m.tiles.replace(/\./g, '').length;
}

function sum(game: GameState, turns: TurnEvaluation[], player: number): PlayerEvaluation {
  const mine = turns.filter((t) => t.player === player);
  const total = (f: (t: TurnEvaluation) => number) => round(mine.reduce((s, t) => s + f(t), 0));
  const equityLoss = total((t) => t.equityLoss);
  return {
    player,
    nickname: game.players[player].nickname,
    turns: mine.length,
    equityLoss,
    averageEquityLoss: mine.length > 0 ? round(equityLoss / mine.length) : 0,
    winPctLoss: total((t) => t.winPctLoss),
    missedBingos: mine.filter((t) => t.missedBingo).length,
    starPlays: mine.filter((t) => t.possibleStarPlay).length,
    missedStarPlays: mine.filter((t) => t.missedStarPlay).length,
  };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
