import {
  type ActionOptions,
  type ActionResult,
  challenge,
  exchange,
  type GameState,
  parseCoord,
  parseTiles,
  pass,
  play,
  resign,
} from '@tessera/engine';
import { ClientGameplayEvent_Type, type ClientGameplayEvent, refuse } from '@tessera/protocol';

/** Longest tile string a move may carry (a 21-square line, multi-letter tiles bracketed). */
const MAX_TILES_TEXT = 120;
/** Longest coordinate a move may carry ("21U" is three characters; spaces are trimmed). */
const MAX_COORDS_TEXT = 8;

/**
 * Turns a player's request into the engine call that performs it. Reading the
 * coordinates and tiles is the only thing done here; every rule is the
 * engine's. Malformed input is refused with BAD_MOVE before the engine sees it.
 */
export function performAction(
  g: GameState,
  player: number,
  e: ClientGameplayEvent,
  opts: ActionOptions,
): ActionResult {
  switch (e.type) {
    case ClientGameplayEvent_Type.TILE_PLACEMENT: {
      if (e.tiles.length > MAX_TILES_TEXT) throw refuse('BAD_MOVE', 'too many tiles');
      // Checked before parsing: the parser's message quotes the text back to the sender.
      if (e.positionCoords.length > MAX_COORDS_TEXT)
        throw refuse('BAD_MOVE', 'the coordinates are too long');
      const coord = parseCoord(e.positionCoords.trim(), g.board.dim);
      if (!coord.ok) throw refuse('BAD_MOVE', coord.message);
      const tiles = parseTiles(g.set, e.tiles, 'word');
      if (!tiles.ok) throw refuse('BAD_MOVE', tiles.message);
      return play(g, player, { ...coord.value, tiles: tiles.value }, opts);
    }
    case ClientGameplayEvent_Type.PASS:
      return pass(g, player, opts);
    case ClientGameplayEvent_Type.EXCHANGE: {
      if (e.tiles.length > MAX_TILES_TEXT) throw refuse('BAD_MOVE', 'too many tiles');
      const tiles = parseTiles(g.set, e.tiles, 'rack', { allowEmpty: true });
      if (!tiles.ok) throw refuse('BAD_MOVE', tiles.message);
      return exchange(g, player, tiles.value, opts);
    }
    case ClientGameplayEvent_Type.CHALLENGE_PLAY:
      return challenge(g, player, opts);
    case ClientGameplayEvent_Type.RESIGN:
      return resign(g, player, opts);
    // Also a number the schema does not know.
    case ClientGameplayEvent_Type.UNSPECIFIED:
    default:
      throw refuse('BAD_MOVE', `unknown action type ${e.type}`);
  }
}
