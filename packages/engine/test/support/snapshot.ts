/** A plain, comparable picture of a game state for equality assertions. */
import type { GameEvent, GameState } from '../../src/index.ts';

export interface Snapshot {
  board: number[];
  racks: number[][];
  bag: number[];
  scores: number[];
  playerOnTurn: number;
  playState: string;
  endReason: string;
  winner: number;
  scorelessTurns: number;
  events: GameEvent[];
}

export function snapshot(g: GameState, options: { clocks?: boolean } = {}): Snapshot {
  return {
    board: Array.from(g.board.squares),
    racks: g.racks.map((r) => Array.from(r.tiles())),
    bag: Array.from(g.bag.contents()).sort((a, b) => a - b),
    scores: [...g.scores],
    playerOnTurn: g.playerOnTurn,
    playState: g.playState,
    endReason: g.endReason,
    winner: g.winner,
    scorelessTurns: g.scorelessTurns,
    events: g.events.map((e) => ({
      ...e,
      millisRemaining: options.clocks === false ? 0 : e.millisRemaining,
    })),
  };
}
