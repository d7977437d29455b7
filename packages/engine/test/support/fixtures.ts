/** Small builders shared by the game tests. */
import { existsSync, readFileSync } from 'node:fs';
import {
  createGame,
  letterSet,
  parseCoord,
  parseTiles,
  setRacks,
  truncate,
  wordListChecker,
  type ChallengeRule,
  type GameState,
  type LetterSetName,
  type Placement,
  gcg,
} from '../../src/index.ts';

export const TESTDATA = new URL('../../../../../shared/testdata/gcg/', import.meta.url);
export const HAVE_TESTDATA = existsSync(TESTDATA);

export function testFile(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, TESTDATA)));
}

export function rackTiles(text: string, set: LetterSetName = 'english'): Uint8Array {
  const r = parseTiles(letterSet(set), text, 'rack');
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

export function move(g: GameState, position: string, word: string): Placement {
  const c = parseCoord(position, g.board.dim);
  const t = parseTiles(g.set, word, 'word');
  if (!c.ok || !t.ok) throw new Error(`bad test move ${position} ${word}`);
  return { ...c.value, tiles: t.value };
}

/** A new English game between ann and bob with the racks given. */
export function gameWithRacks(rule: ChallengeRule, ann: string, bob: string): GameState {
  const g = createGame({
    challengeRule: rule,
    seed: 42,
    players: [{ nickname: 'ann' }, { nickname: 'bob' }],
  });
  const r = setRacks(g, [rackTiles(ann), rackTiles(bob)]);
  if (!r.ok) throw new Error(r.message);
  return g;
}

/** Every word accepted. */
export const ANYTHING = { has: () => true };
/** Words of the opening WINDY / GALE exchange. */
export const OPENING = wordListChecker(letterSet('english'), ['WINDY', 'GALE', 'AW', 'LI', 'EN']);

/**
 * doug v emely one move from the end: emely (player 2) holds ?FS and goes out
 * with 14L .aFS for 21; doug holds EGOP; the bag is empty; 451 to 310.
 */
export function dougVEmelyEndgame(rule: ChallengeRule): GameState {
  const full = gcg.importGcg(testFile('gcgio-doug_v_emely.gcg'), { challengeRule: rule });
  if (!full.ok) throw new Error(full.message);
  const before = truncate(full.value, full.value.events.length - 2);
  if (!before.ok) throw new Error(before.message);
  return before.value;
}
