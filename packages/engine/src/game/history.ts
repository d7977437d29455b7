/**
 * Rebuilding and editing a game through its event log: replay from the start,
 * truncate, amend an earlier event (truncate, then apply the new one) and set
 * racks by hand, which is what an annotation editor needs. Each rebuild starts
 * from the game's own setup (rules, seed, players, starting position), so the
 * bag draws the same tiles in the same order as the first time.
 */
import { err, ok, type Result } from '../result.ts';
import type { GameEvent } from './events.ts';
import { createGameFromPosition } from './position.ts';
import { applyEvent } from './reduce.ts';
import { canSetRack, setRack, tileCounts } from './racks.ts';
import { createGame, type GameState, type NewGameOptions, type StartPosition } from './state.ts';

/** Everything needed to recreate a game before its first event. */
export interface GameSetup {
  options: NewGameOptions;
  start: StartPosition | null;
  racksDrawn: boolean;
}

export function setupOf(g: GameState): GameSetup {
  return {
    options: {
      ...g.rules,
      seed: g.seed,
      firstPlayer: g.firstPlayer,
      players: [{ ...g.players[0] }, { ...g.players[1] }],
      meta: JSON.parse(JSON.stringify(g.meta)) as GameState['meta'],
    },
    start: g.start,
    racksDrawn: g.racksDrawn,
  };
}

export function newGameFromSetup(setup: GameSetup): Result<GameState> {
  if (setup.start) return createGameFromPosition(setup.options, setup.start);
  return ok(createGame(setup.options, setup.racksDrawn));
}

/** Apply `events` in order to a new game; the error names the failing event (1-based). */
export function replay(setup: GameSetup, events: readonly GameEvent[]): Result<GameState> {
  const made = newGameFromSetup(setup);
  if (!made.ok) return made;
  const g = made.value;
  for (let i = 0; i < events.length; i++) {
    const r = applyEvent(g, events[i]);
    if (!r.ok) return err(r.code, `event ${i + 1} (${events[i].type}): ${r.message}`);
  }
  return ok(g);
}

/** The game as it was after its first `count` events. */
export function truncate(g: GameState, count: number): Result<GameState> {
  return replay(setupOf(g), g.events.slice(0, Math.max(0, count)));
}

/**
 * Replace event `index` (0-based) with `event` and drop everything after it;
 * `index === events.length` appends. Returns the rebuilt game.
 */
export function amendEvent(g: GameState, index: number, event: GameEvent): Result<GameState> {
  if (index < 0 || index > g.events.length) {
    return err('BAD_INDEX', `there is no event ${index + 1} to amend`);
  }
  const head = truncate(g, index);
  if (!head.ok) return head;
  const r = applyEvent(head.value, event);
  if (!r.ok) return err(r.code, `event ${index + 1} (${event.type}): ${r.message}`);
  return head;
}

/**
 * Set the current racks by hand (null leaves a rack as it is). Tiles come from
 * the bag, or from a rack not being set; nothing changes when impossible.
 */
export function setRacks(
  g: GameState,
  racks: readonly [ArrayLike<number> | null, ArrayLike<number> | null],
): Result<true> {
  const setting = [0, 1].filter((p) => racks[p] !== null);
  if (setting.length === 2) {
    // Both at once: the two targets together must fit in the bag plus both racks.
    const want = tileCounts(g.set.size, [...Array.from(racks[0]!), ...Array.from(racks[1]!)]);
    const bag = g.bag.counts();
    for (let code = 0; code < want.length; code++) {
      const have = bag[code] + g.racks[0].counts[code] + g.racks[1].counts[code];
      if (want[code] > have) {
        return err(
          'RACK_UNAVAILABLE',
          `not enough ${g.set.letters[code].rune} tiles for both racks`,
        );
      }
    }
    // Return both racks first so neither target takes from the other.
    for (const p of [0, 1]) {
      for (const t of g.racks[p].tiles()) g.bag.put(t);
      g.racks[p].clear();
    }
  } else if (setting.length === 1) {
    const can = canSetRack(g, setting[0], racks[setting[0]]!);
    if (!can.ok) return can;
  }
  for (const p of setting) setRack(g, p, racks[p]!);
  return ok(true);
}
