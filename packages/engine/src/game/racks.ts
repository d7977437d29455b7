/**
 * Setting a rack to known tiles, as a recorded event or an annotator does.
 *
 * The change is the smallest one: tiles the rack has beyond the target go back
 * to the bag, and missing tiles come out of the bag. When a missing tile is not
 * in the bag it may sit on the opponent's rack only because that rack was
 * filled by random draws the record does not describe (a GCG lists only the
 * mover's rack), so it is taken from there and the opponent draws a
 * replacement. A tile found in neither place makes the target impossible.
 *
 * In a game played through the engine the recorded rack always equals the
 * current rack, so none of this moves a tile and replays stay exact.
 */
import { err, ok, type Result } from '../result.ts';
import type { GameState } from './state.ts';

/** Counts per machine letter of `tiles`. */
export function tileCounts(size: number, tiles: ArrayLike<number>): Uint8Array {
  const counts = new Uint8Array(size);
  for (let i = 0; i < tiles.length; i++) counts[tiles[i]]++;
  return counts;
}

/**
 * Whether the player's rack can be made `target`, given `extra` tiles that
 * will join the rack first (a withdrawn play's tiles).
 */
export function canSetRack(
  g: GameState,
  playerIndex: number,
  target: ArrayLike<number>,
  extra?: Uint8Array,
): Result<true, 'RACK_UNAVAILABLE'> {
  const want = tileCounts(g.set.size, target);
  const have = g.racks[playerIndex].counts;
  const opp = g.racks[1 - playerIndex].counts;
  const bag = g.bag.counts();
  for (let code = 0; code < want.length; code++) {
    const holding = have[code] + (extra ? extra[code] : 0);
    if (want[code] > holding + bag[code] + opp[code]) {
      const rune = g.set.letters[code].rune;
      return err(
        'RACK_UNAVAILABLE',
        `no ${rune} left to put on ${g.players[playerIndex].nickname}'s rack`,
      );
    }
  }
  return ok(true);
}

/** Make the player's rack exactly `target` (call `canSetRack` first). */
export function setRack(g: GameState, playerIndex: number, target: ArrayLike<number>): void {
  const want = tileCounts(g.set.size, target);
  const rack = g.racks[playerIndex];
  const opp = g.racks[1 - playerIndex];
  for (let code = 0; code < want.length; code++) {
    while (rack.counts[code] > want[code]) {
      rack.remove(code);
      g.bag.put(code);
    }
  }
  let stolen = 0;
  for (let code = 0; code < want.length; code++) {
    while (rack.counts[code] < want[code]) {
      if (!g.bag.take(code)) {
        if (!opp.remove(code)) throw new Error('setRack called without canSetRack');
        stolen++;
      }
      rack.add(code);
    }
  }
  for (; stolen > 0 && g.bag.size > 0; stolen--) opp.add(g.bag.draw());
}
