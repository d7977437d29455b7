/**
 * One bot move for what a bot may know of a game: the board, its own rack,
 * the scores and the tiles it has not seen (the bag and the opponent's rack
 * together, in no meaningful order). The opponent is dealt the first unseen
 * tiles, so a caller that shuffles them never lets the bot read the real rack
 * or the bag's order. Both the server and the CLI answer bot moves this way,
 * in the worker thread of packages/server/src/modules/bot/worker.ts.
 */
import type { GameState } from '../game/state.ts';
import { Movegen, moveText } from '../movegen/movegen.ts';
import { FastGame, type LoadableGame } from '../sim/fast-game.ts';
import { Bot } from './bot.ts';
import type { BotResources } from './resources.ts';
import type { BotKind } from './kinds.ts';
import type { SearchLimits } from './search.ts';

/** Plain data, so it can be posted to a worker thread. */
export interface BotPosition {
  lexicon: string;
  letterSet: string;
  layout: string;
  squares: number[];
  rack: number[];
  unseen: number[];
  opponentRackSize: number;
  scores: [number, number];
  me: number;
  scorelessTurns: number;
  exchangeMinBag: number;
}

/** The position player `me` sees in `g`; `shuffle` mixes the unseen tiles. */
export function botPosition(
  g: GameState,
  me: number,
  shuffle: (a: number[]) => number[],
): BotPosition {
  const opponent = 1 - me;
  return {
    lexicon: g.rules.lexicon,
    letterSet: g.rules.letterDistribution,
    layout: g.rules.boardLayout,
    squares: Array.from(g.board.squares),
    rack: Array.from(g.racks[me].tiles()),
    unseen: shuffle([...g.bag.contents(), ...g.racks[opponent].tiles()]),
    opponentRackSize: g.racks[opponent].size,
    scores: [g.scores[0], g.scores[1]],
    me,
    scorelessTurns: g.scorelessTurns,
    exchangeMinBag: g.rules.exchangeMinBag,
  };
}

function counts(size: number, tiles: readonly number[]): Uint8Array {
  const c = new Uint8Array(size);
  for (const t of tiles) c[t]++;
  return c;
}

function loadable(p: BotPosition, letterCount: number): LoadableGame {
  const opponentRack = p.unseen.slice(0, p.opponentRackSize);
  const bag = p.unseen.slice(p.opponentRackSize);
  const racks = p.me === 0 ? [p.rack, opponentRack] : [opponentRack, p.rack];
  return {
    board: { squares: p.squares },
    bag: { contents: () => bag },
    racks: racks.map((r) => ({ counts: counts(letterCount, r), size: r.length })),
    scores: p.scores,
    playerOnTurn: p.me,
    scorelessTurns: p.scorelessTurns,
    playState: 'PLAYING',
    rules: { exchangeMinBag: p.exchangeMinBag },
  };
}

/** The move `kind` chooses for player `p.me`, as GCG text: `8D WORD`, `-ABC` (exchange) or `-`. */
export function botMoveForPosition(
  res: BotResources,
  kind: BotKind,
  p: BotPosition,
  seed: number,
  limits: SearchLimits = {},
): string {
  const bot = new Bot(kind, res, seed);
  bot.limits = limits;
  const game = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
  game.loadGame(loadable(p, res.set.size), seed);
  const d = bot.choose(game);
  return moveText(res.set, res.layout.dim, d.list, d.index);
}
