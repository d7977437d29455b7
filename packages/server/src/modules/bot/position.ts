import type { GameState } from '@tessera/engine';

/**
 * What a bot may know when it moves: the board, its own rack, the scores
 * and the tiles it has not seen (bag and opponent's rack together, in no
 * meaningful order). The worker deals the opponent a random rack from the
 * unseen tiles, so no bot ever reads the real one or the bag's order.
 */
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
