/**
 * Starting a game from a given position (a CGP, a puzzle) instead of an empty
 * board: the board's tiles and the known racks are taken out of a full bag,
 * so the bag holds exactly the unseen tiles.
 */
import { err, ok, type Result } from '../result.ts';
import { Rack } from '../tiles/rack.ts';
import { createGame, type GameState, type NewGameOptions, type StartPosition } from './state.ts';

export function createGameFromPosition(
  options: NewGameOptions,
  start: StartPosition,
): Result<GameState, 'BAD_POSITION' | 'TOO_MANY_TILES'> {
  const base = createGame(options, false);
  const g: GameState = { ...base, start: structuredCopy(start) };
  const { board, bag, set } = g;
  if (start.board.length !== board.squares.length) {
    return err('BAD_POSITION', `the board needs ${board.squares.length} squares`);
  }
  const missing = (tile: number): Result<never, 'TOO_MANY_TILES'> =>
    err(
      'TOO_MANY_TILES',
      `more ${set.letters[tile]?.rune ?? tile} tiles than the ${set.name} set has`,
    );
  for (let i = 0; i < start.board.length; i++) {
    const tile = start.board[i];
    if (tile === 0) continue;
    if (!bag.take(Rack.source(tile))) return missing(Rack.source(tile));
    board.place(i, tile);
  }
  for (const p of [0, 1]) {
    for (const tile of start.racks[p]) {
      if (!bag.take(tile)) return missing(tile);
      g.racks[p].add(tile);
    }
  }
  g.scores = [start.scores[0], start.scores[1]];
  g.scorelessTurns = start.scorelessTurns;
  g.playerOnTurn = start.playerOnTurn;
  return ok(g);
}

function structuredCopy(start: StartPosition): StartPosition {
  return {
    board: [...start.board],
    racks: [[...start.racks[0]], [...start.racks[1]]],
    scores: [start.scores[0], start.scores[1]],
    scorelessTurns: start.scorelessTurns,
    playerOnTurn: start.playerOnTurn,
  };
}
