import {
  challenge,
  checkPlacement,
  createGame,
  exchange,
  pass,
  play,
  printTiles,
  type GameEvent,
  type GameState,
  type Placement,
  type WordChecker,
} from '@tessera/engine';
import { describe, expect, it } from 'vitest';
import {
  applyViewEvent,
  newModel,
  setKnownRack,
  unseenCounts,
  type ModelSetup,
} from '../../src/board/state/model.ts';

/** A tiny seeded generator so the games are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Words with a Q are phonies; everything else is a word. */
const checker: WordChecker = { has: (w) => !Array.from(w).includes(17) };

/** A legal placement of one or two rack tiles, or null. */
function somePlacement(g: GameState, random: () => number): Placement | null {
  const p = g.playerOnTurn;
  const tiles = Array.from(g.racks[p].tiles()).map((t) => (t === 0 ? 1 | 0x80 : t));
  const dim = g.board.dim;
  const start = Math.floor(random() * dim * dim);
  for (let k = 0; k < dim * dim; k++) {
    const sq = (start + k) % (dim * dim);
    for (const vertical of [false, true]) {
      for (const n of [2, 1]) {
        if (tiles.length < n) continue;
        const p: Placement = {
          row: Math.floor(sq / dim),
          col: sq % dim,
          vertical,
          tiles: Uint8Array.from(tiles.slice(0, n)),
        };
        if (checkPlacement(g.board, p, g.racks[g.playerOnTurn], g.set.size) === null) return p;
      }
    }
  }
  return null;
}

/** What the server shows `viewer` of an event while the game is on (views.ts censorEvent). */
function censor(e: GameEvent, viewer: number, over: boolean): GameEvent {
  if (over) return e;
  return viewer === e.playerIndex && e.type !== 'END_RACK_PTS' ? e : { ...e, rack: '' };
}

const isOver = (g: GameState) => g.playState === 'GAME_OVER';

function setupOf(g: GameState): ModelSetup {
  return {
    gameId: 'g',
    lexicon: 'TEST',
    variant: 'classic',
    challengeRule: g.rules.challengeRule,
    letterDistribution: 'english',
    boardLayout: 'CrosswordGame',
    firstPlayer: g.firstPlayer,
    nicknames: ['a', 'b'],
    userIds: ['ua', 'ub'],
  };
}

function playRandomGame(seed: number, viewer: number) {
  const random = rng(seed);
  const real = createGame({ challengeRule: 'DOUBLE', seed, firstPlayer: seed % 2 });
  const view = newModel(setupOf(real));
  if (viewer >= 0)
    setKnownRack(view, viewer, printTiles(real.set, real.racks[viewer].tiles(), 'rack'));
  for (let turn = 0; turn < 80 && !isOver(real); turn++) {
    const p = real.playerOnTurn;
    const roll = random();
    let r;
    if (real.playState === 'WAITING_FOR_FINAL_PASS') r = pass(real, p);
    else if (roll < 0.08 && real.events.length > 0) r = challenge(real, p, { checker });
    else if (roll < 0.14 && real.bag.size >= 7)
      r = exchange(real, p, real.racks[p].tiles().slice(0, 2));
    else {
      const placement = somePlacement(real, random);
      r = placement ? play(real, p, placement) : pass(real, p);
    }
    if (!r.ok) r = pass(real, p);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const over = isOver(real);
    for (const e of r.value) {
      const applied = applyViewEvent(view, censor(e, viewer, over));
      expect(applied.ok, applied.ok ? '' : applied.message).toBe(true);
    }
    if (viewer >= 0) {
      expect(
        setKnownRack(view, viewer, printTiles(real.set, real.racks[viewer].tiles(), 'rack')),
      ).toBe(true);
    }
    expect(Array.from(view.board.squares)).toEqual(Array.from(real.board.squares));
    expect(view.bag.size).toBe(real.bag.size);
    expect(view.scores).toEqual(real.scores);
    expect(view.playerOnTurn).toBe(real.playerOnTurn);
    expect(view.playState).toBe(real.playState);
    expect(Array.from(unseenCounts(view, viewer))).toEqual(Array.from(unseenCounts(real, viewer)));
    for (const q of [0, 1]) expect(view.racks[q].size).toBe(real.racks[q].size);
  }
}

describe('the browser game model', () => {
  it('follows a player through random games with plays, phonies, exchanges and passes although the opponent’s racks are hidden', () => {
    for (let seed = 1; seed <= 12; seed++) playRandomGame(seed, seed % 2);
  });

  it('follows an observer who sees no racks at all', () => {
    for (let seed = 21; seed <= 26; seed++) playRandomGame(seed, -1);
  });
});
