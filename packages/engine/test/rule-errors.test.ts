import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  BLANK_BIT,
  challenge,
  exchange,
  makeEvent,
  pass,
  play,
  resign,
  type ChallengeRule,
  type EventType,
  type GameState,
  type Result,
  type RuleErrorCode,
} from '../src/index.ts';
import { gameWithRacks, move, OPENING, rackTiles } from './support/fixtures.ts';

const NOTHING = { has: () => false };

/** ann (DINNVWY) to move against bob (ADEEGIL). */
const fresh = (rule: ChallengeRule = 'DOUBLE') => gameWithRacks(rule, 'DINNVWY', 'ADEEGIL');

/** ann has opened 8D WINDY; bob is on turn. */
function opened(rule: ChallengeRule = 'DOUBLE'): GameState {
  const g = fresh(rule);
  const r = play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING });
  if (!r.ok) throw new Error(r.message);
  return g;
}

/** Leaves `keep` tiles in the bag. */
function drain(g: GameState, keep = 0): GameState {
  for (const t of g.bag.contents().slice(keep)) g.bag.take(t);
  return g;
}

/** ann went out with 8D WINDY under DOUBLE: bob must pass or challenge. */
function wentOut(): GameState {
  const g = drain(gameWithRacks('DOUBLE', 'DINWY', 'ADEEGIL'));
  const r = play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING });
  if (!r.ok) throw new Error(r.message);
  return g;
}

const tiles = (...t: number[]) => ({ row: 7, col: 7, vertical: false, tiles: Uint8Array.from(t) });

/** An event as a stored or imported log might hold it, for the reducer's own checks. */
const logged = (type: string, p: number, fields: Parameters<typeof makeEvent>[2] = {}) =>
  applyEvent(fresh(), makeEvent(type as EventType, p, fields));

/**
 * One real refusal for every code. A Record, so a code added to RuleErrorCode
 * does not compile here until it has its case.
 */
const refusals: Record<RuleErrorCode, () => Result<unknown, string>> = {
  // Refused player actions.
  GAME_OVER: () => {
    const g = fresh();
    resign(g, 0);
    return pass(g, 1);
  },
  NOT_YOUR_TURN: () => pass(fresh(), 1),
  MUST_PASS_OR_CHALLENGE: () => {
    const g = wentOut();
    return play(g, 1, move(g, '9C', 'AGE'), { checker: OPENING });
  },
  NO_TILES: () => {
    const g = fresh();
    return play(g, 0, tiles());
  },
  OFF_BOARD: () => {
    const g = fresh();
    return play(g, 0, move(g, '8M', 'WINDY'));
  },
  SQUARE_OCCUPIED: () => {
    const g = opened();
    return play(g, 1, move(g, '8D', 'AGE'));
  },
  PLAYED_THROUGH_EMPTY: () => {
    const g = fresh();
    return play(g, 0, move(g, '8G', 'W.ND'));
  },
  UNDESIGNATED_BLANK: () => play(fresh(), 0, tiles(BLANK_BIT, 1)),
  UNKNOWN_TILE: () => play(fresh(), 0, tiles(60, 1)),
  WORD_TOO_SHORT: () => {
    const g = fresh();
    return play(g, 0, move(g, '8H', 'W'));
  },
  NOT_CONNECTED: () => {
    const g = opened();
    return play(g, 1, move(g, '1A', 'AGE'));
  },
  MUST_COVER_CENTRE: () => {
    const g = fresh();
    return play(g, 0, move(g, '1A', 'WIND'));
  },
  TILES_NOT_ON_RACK: () => {
    const g = fresh();
    return play(g, 0, move(g, '8H', 'QUIZ'));
  },
  NO_LEXICON: () => {
    const g = fresh('VOID');
    return play(g, 0, move(g, '8D', 'WINDY'));
  },
  INVALID_WORDS: () => {
    const g = fresh('VOID');
    return play(g, 0, move(g, '8D', 'WINDY'), { checker: NOTHING });
  },
  EXCHANGE_EMPTY: () => exchange(fresh(), 0, []),
  BAG_TOO_SMALL: () => exchange(drain(fresh(), 3), 0, rackTiles('V')),
  CHALLENGE_NOT_ALLOWED: () => challenge(opened('VOID'), 1, { checker: OPENING }),
  NOTHING_TO_CHALLENGE: () => challenge(fresh(), 0, { checker: OPENING }),
  ALREADY_CHALLENGED: () => {
    const g = opened('SINGLE');
    challenge(g, 1, { checker: OPENING });
    return challenge(g, 1, { checker: OPENING });
  },
  // The reducer's checks, which an action's own checks pre-empt: a bad log meets them.
  BAD_TILES: () => logged('PASS', 0, { rack: '#' }),
  BAD_EVENT: () => logged('NO_SUCH_EVENT', 0),
  BAD_PLAYER: () => logged('PASS', 2),
  BAD_POSITION: () =>
    logged('TILE_PLACEMENT_MOVE', 0, { position: 'Z99', playedTiles: 'WINDY', rack: 'DINNVWY' }),
  RACK_UNAVAILABLE: () => logged('PASS', 0, { rack: 'QQ' }),
  NO_PLAY_TO_WITHDRAW: () => logged('PHONY_TILES_RETURNED', 0),
  NO_PLAY_TO_CHALLENGE: () => logged('CHALLENGE', 0),
  BAD_EXCHANGE: () => logged('EXCHANGE', 0, { exchanged: '', numTilesFromRack: 0 }),
};

describe('rule error codes', () => {
  it.each(Object.entries(refusals))('%s comes from a real refusal', (code, refuse) => {
    expect(refuse()).toMatchObject({ ok: false, code });
  });
});
