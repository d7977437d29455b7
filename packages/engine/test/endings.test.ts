import { describe, expect, it } from 'vitest';
import {
  applyTimePenalties,
  challenge,
  endWithoutPlay,
  exchange,
  fromDocument,
  overtimePenalty,
  pass,
  play,
  replay,
  resign,
  setupOf,
  timeOut,
  toDocument,
  truncate,
} from '../src/index.ts';
import {
  ANYTHING,
  dougVEmelyEndgame,
  gameWithRacks,
  HAVE_TESTDATA,
  move,
  OPENING,
  rackTiles,
  testFile,
} from './support/fixtures.ts';
import { gcg } from '../src/index.ts';

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe.skipIf(!HAVE_TESTDATA)('going out (STANDARD)', () => {
  it('under VOID the game ends at once and the player out gains twice the rack left', () => {
    const g = dougVEmelyEndgame('VOID');
    const r = play(g, 1, move(g, '14L', '.aFS'), { checker: ANYTHING });
    expect(r.ok && types(r.value)).toEqual(['TILE_PLACEMENT_MOVE', 'END_RACK_PTS']);
    expect(r.ok && r.value[1]).toMatchObject({ rack: 'EGOP', endRackPoints: 14, cumulative: 345 });
    expect(g.scores).toEqual([451, 345]);
    expect(g).toMatchObject({ playState: 'GAME_OVER', endReason: 'STANDARD', winner: 0 });
  });
});

describe('six scoreless turns (CONSECUTIVE_ZEROES)', () => {
  it('six passes end the game and each player loses their own rack value', () => {
    const g = gameWithRacks('DOUBLE', 'DINNVWY', 'ADEEGIL');
    for (let i = 0; i < 5; i++) {
      const r = pass(g, g.playerOnTurn);
      expect(r.ok && r.value.length).toBe(1);
    }
    expect(g.scorelessTurns).toBe(5);
    const last = pass(g, g.playerOnTurn);
    expect(last.ok && types(last.value)).toEqual(['PASS', 'END_RACK_PENALTY', 'END_RACK_PENALTY']);
    expect(last.ok && last.value[1]).toMatchObject({
      playerIndex: 0,
      rack: 'DINNVWY',
      lostScore: 17,
    });
    expect(last.ok && last.value[2]).toMatchObject({
      playerIndex: 1,
      rack: 'ADEEGIL',
      lostScore: 9,
    });
    expect(g.scores).toEqual([-17, -9]);
    expect(g).toMatchObject({ endReason: 'CONSECUTIVE_ZEROES', winner: 1 });
  });

  it('a scoring play resets the count; exchanges and phonies count as scoreless', () => {
    const g = gameWithRacks('DOUBLE', 'DINNVWY', 'ADEEGIL');
    pass(g, 0);
    expect(g.scorelessTurns).toBe(1);
    play(g, 1, move(g, '8E', 'GALE'));
    expect(g.scorelessTurns).toBe(0);
    exchange(g, 0, rackTiles('VW'));
    pass(g, 1);
    expect(g.scorelessTurns).toBe(2);
    play(g, 0, move(g, 'F7', 'N.'));
    expect(g.scorelessTurns).toBe(0);
    challenge(g, 1, { checker: { has: () => false } });
    expect(g.scorelessTurns).toBe(3);
    const r = replay(setupOf(g), g.events);
    expect(r.ok && r.value.scorelessTurns).toBe(3);
  });
});

describe('other endings', () => {
  it('a game in progress has no end reason and no winner (NONE)', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(g).toMatchObject({ playState: 'PLAYING', endReason: 'NONE', winner: -1 });
  });

  it('a player who runs out of time loses (TIME)', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING });
    const r = timeOut(g, 0);
    expect(r.ok && types(r.value)).toEqual(['TIMED_OUT']);
    expect(g).toMatchObject({ playState: 'GAME_OVER', endReason: 'TIME', winner: 1 });
  });

  it('a player may resign off turn (RESIGNED)', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(resign(g, 1).ok).toBe(true);
    expect(g).toMatchObject({ endReason: 'RESIGNED', winner: 0 });
    expect(resign(g, 0)).toMatchObject({ code: 'GAME_OVER' });
  });

  it.each(['ABORTED', 'CANCELLED'] as const)(
    '%s games have no winner and survive a reload',
    (reason) => {
      const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
      expect(endWithoutPlay(g, reason).ok).toBe(true);
      expect(g).toMatchObject({ playState: 'GAME_OVER', endReason: reason, winner: -1 });
      const back = fromDocument(JSON.parse(JSON.stringify(toDocument(g))));
      expect(back.ok && back.value.endReason).toBe(reason);
    },
  );

  it('FORCE_FORFEIT gives the game to the other player', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    endWithoutPlay(g, 'FORCE_FORFEIT', 0);
    expect(g).toMatchObject({ endReason: 'FORCE_FORFEIT', winner: 1 });
    expect(play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING })).toMatchObject({
      code: 'GAME_OVER',
    });
  });
});

describe('time penalties', () => {
  it('costs 10 points per started minute of overtime', () => {
    expect(overtimePenalty(5000)).toBe(0);
    expect(overtimePenalty(0)).toBe(0);
    expect(overtimePenalty(-1)).toBe(10);
    expect(overtimePenalty(-60_000)).toBe(10);
    expect(overtimePenalty(-60_001)).toBe(20);
    expect(overtimePenalty(-185_000)).toBe(40);
  });

  it.skipIf(!HAVE_TESTDATA)('applies after the end and can change the winner', () => {
    const g = dougVEmelyEndgame('VOID');
    play(g, 1, move(g, '14L', '.aFS'), { checker: ANYTHING });
    const r = applyTimePenalties(g, [-600_000 * 2, 3000]);
    expect(r.ok && r.value).toMatchObject([
      { type: 'TIME_PENALTY', playerIndex: 0, lostScore: 200 },
    ]);
    expect(g.scores).toEqual([251, 345]);
    expect(g.winner).toBe(1);
  });
});

describe('turn rules', () => {
  it('it is not your turn', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(play(g, 1, move(g, '8D', 'GALE'), { checker: OPENING })).toMatchObject({
      code: 'NOT_YOUR_TURN',
      message: 'It is not your turn.',
    });
    expect(pass(g, 1)).toMatchObject({ code: 'NOT_YOUR_TURN' });
  });

  it('an exchange needs tiles that are on the rack', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(exchange(g, 0, [])).toMatchObject({ code: 'EXCHANGE_EMPTY' });
    expect(exchange(g, 0, rackTiles('QQ'))).toMatchObject({ code: 'TILES_NOT_ON_RACK' });
    const r = exchange(g, 0, rackTiles('VW'));
    expect(r.ok && r.value[0]).toMatchObject({
      type: 'EXCHANGE',
      exchanged: 'VW',
      numTilesFromRack: 2,
    });
    expect(g.racks[0].size).toBe(7);
    expect(g.bag.size).toBe(86);
  });

  it.skipIf(!HAVE_TESTDATA)(
    'an exchange needs 7 tiles in the bag, or the minimum the game sets',
    () => {
      const full = gcg.importGcg(testFile('gcgio-doug_v_emely.gcg'));
      if (!full.ok) throw new Error(full.message);
      // Find the first position with 1 to 6 tiles left in the bag.
      let at = 0;
      for (let n = 1; n < full.value.events.length; n++) {
        const t = truncate(full.value, n);
        if (t.ok && t.value.bag.size > 0 && t.value.bag.size < 7) {
          at = n;
          break;
        }
      }
      expect(at).toBeGreaterThan(0);
      const strict = truncate(full.value, at);
      if (!strict.ok) throw new Error(strict.message);
      const g = strict.value;
      const p = g.playerOnTurn;
      const one = g.racks[p].tiles().slice(0, 1);
      expect(exchange(g, p, one)).toMatchObject({ code: 'BAG_TOO_SMALL' });
      const setup = setupOf(g);
      setup.options.exchangeMinBag = 1;
      const lenient = replay(setup, g.events);
      if (!lenient.ok) throw new Error(lenient.message);
      expect(exchange(lenient.value, p, one).ok).toBe(true);
    },
  );
});
