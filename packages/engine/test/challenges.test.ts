import { describe, expect, it } from 'vitest';
import { challenge, pass, play, type ChallengeRule } from '../src/index.ts';
import {
  ANYTHING,
  dougVEmelyEndgame,
  gameWithRacks,
  HAVE_TESTDATA,
  move,
  OPENING,
} from './support/fixtures.ts';

const NOTHING = { has: () => false };

/** ann opens 8D WINDY (32) against bob; bob may then challenge. */
function opened(rule: ChallengeRule) {
  const g = gameWithRacks(rule, 'DINNVWY', 'ADEEGIL');
  const r = play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING });
  if (!r.ok) throw new Error(r.message);
  return g;
}

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('challenge rules', () => {
  it('VOID refuses a play with an invalid word outright and nothing changes', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    const r = play(g, 0, move(g, '8D', 'WINDY'), { checker: NOTHING });
    expect(r).toMatchObject({ ok: false, code: 'INVALID_WORDS', message: 'Invalid words: WINDY' });
    expect(g.events).toEqual([]);
    expect(g.board.isEmpty).toBe(true);
    expect(g.playerOnTurn).toBe(0);
    expect(challenge(opened('VOID'), 1, { checker: OPENING })).toMatchObject({
      code: 'CHALLENGE_NOT_ALLOWED',
    });
  });

  it('VOID needs a lexicon to accept a play', () => {
    const g = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(play(g, 0, move(g, '8D', 'WINDY'))).toMatchObject({ ok: false, code: 'NO_LEXICON' });
  });

  it.each(['SINGLE', 'DOUBLE', 'FIVE_POINT', 'TEN_POINT', 'TRIPLE'] as const)(
    'a phony is taken off under %s: tiles back on the rack, the score undone, the challenger to play',
    (rule) => {
      const g = opened(rule);
      const r = challenge(g, 1, { checker: NOTHING });
      expect(r.ok && types(r.value)).toEqual(['PHONY_TILES_RETURNED']);
      expect(r.ok && r.value[0]).toMatchObject({ playerIndex: 0, lostScore: 32, cumulative: 0 });
      expect(g.board.isEmpty).toBe(true);
      expect(g.scores).toEqual([0, 0]);
      expect(g.racks[0].equals(gameWithRacks(rule, 'DINNVWY', 'ADEEGIL').racks[0])).toBe(true);
      expect(g.bag.size).toBe(86);
      expect(g.playerOnTurn).toBe(1);
      expect(g.playState).toBe('PLAYING');
    },
  );

  it('SINGLE: a failed challenge costs nothing and the challenger still plays', () => {
    const g = opened('SINGLE');
    const r = challenge(g, 1, { checker: OPENING });
    expect(r.ok && types(r.value)).toEqual(['CHALLENGE']);
    expect(g.scores).toEqual([32, 0]);
    expect(g.playerOnTurn).toBe(1);
    expect(challenge(g, 1, { checker: OPENING })).toMatchObject({ code: 'ALREADY_CHALLENGED' });
    const next = play(g, 1, move(g, '7C', 'GALE'), { checker: OPENING });
    expect(next.ok && next.value[0].score).toBe(16);
  });

  it('DOUBLE: a failed challenge loses the challenger their turn', () => {
    const g = opened('DOUBLE');
    const r = challenge(g, 1, { checker: OPENING });
    expect(r.ok && types(r.value)).toEqual(['UNSUCCESSFUL_CHALLENGE_TURN_LOSS']);
    expect(r.ok && r.value[0].playerIndex).toBe(1);
    expect(g.scores).toEqual([32, 0]);
    expect(g.playerOnTurn).toBe(0);
    expect(g.scorelessTurns).toBe(1);
  });

  it.each([
    ['FIVE_POINT', 37],
    ['TEN_POINT', 42],
  ] as const)('%s: a failed challenge gives the challenged player the bonus', (rule, total) => {
    const g = opened(rule);
    const r = challenge(g, 1, { checker: OPENING });
    expect(r.ok && types(r.value)).toEqual(['CHALLENGE_BONUS']);
    expect(r.ok && r.value[0]).toMatchObject({
      playerIndex: 0,
      bonus: total - 32,
      cumulative: total,
    });
    expect(g.scores).toEqual([total, 0]);
    expect(g.playerOnTurn).toBe(1);
  });

  it('TRIPLE: a failed challenge ends the game, won by the challenged player', () => {
    const g = opened('TRIPLE');
    const r = challenge(g, 1, { checker: OPENING });
    expect(r.ok && types(r.value)).toEqual(['UNSUCCESSFUL_CHALLENGE_TURN_LOSS']);
    expect(g.playState).toBe('GAME_OVER');
    expect(g.endReason).toBe('TRIPLE_CHALLENGE');
    expect(g.winner).toBe(0);
    expect(pass(g, 0)).toMatchObject({ code: 'GAME_OVER' });
  });

  it('only the player on turn can challenge, and only the last play', () => {
    const g = opened('DOUBLE');
    expect(challenge(g, 0, { checker: OPENING })).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(challenge(g, 1)).toMatchObject({ code: 'NO_LEXICON' });
    pass(g, 1);
    expect(challenge(g, 0, { checker: OPENING })).toMatchObject({ code: 'NOTHING_TO_CHALLENGE' });
  });
});

describe.skipIf(!HAVE_TESTDATA)('challenging the play that goes out', () => {
  it('under DOUBLE the opponent must pass or challenge; a pass ends the game', () => {
    const g = dougVEmelyEndgame('DOUBLE');
    expect(g.bag.size).toBe(0);
    const out = play(g, 1, move(g, '14L', '.aFS'));
    expect(out.ok && out.value.map((e) => e.score)).toEqual([21]);
    expect(g.playState).toBe('WAITING_FOR_FINAL_PASS');
    expect(play(g, 0, move(g, '15A', 'GO'))).toMatchObject({ code: 'MUST_PASS_OR_CHALLENGE' });
    const end = pass(g, 0);
    expect(end.ok && types(end.value)).toEqual(['PASS', 'END_RACK_PTS']);
    expect(end.ok && end.value[1]).toMatchObject({
      playerIndex: 1,
      rack: 'EGOP',
      endRackPoints: 14,
    });
    expect(g.scores).toEqual([451, 345]);
    expect(g).toMatchObject({ playState: 'GAME_OVER', endReason: 'STANDARD', winner: 0 });
  });

  it('under FIVE_POINT a failed challenge of the last play adds 5 and ends the game', () => {
    const g = dougVEmelyEndgame('FIVE_POINT');
    play(g, 1, move(g, '14L', '.aFS'));
    const r = challenge(g, 0, { checker: ANYTHING });
    expect(r.ok && types(r.value)).toEqual(['CHALLENGE_BONUS', 'END_RACK_PTS']);
    expect(g.scores).toEqual([451, 331 + 5 + 14]);
    expect(g.endReason).toBe('STANDARD');
  });

  it('a phony that went out comes off and the game goes on', () => {
    const g = dougVEmelyEndgame('DOUBLE');
    play(g, 1, move(g, '14L', '.aFS'));
    const r = challenge(g, 0, { checker: NOTHING });
    expect(r.ok && types(r.value)).toEqual(['PHONY_TILES_RETURNED']);
    expect(g.scores).toEqual([451, 310]);
    expect(g.playState).toBe('PLAYING');
    expect(g.playerOnTurn).toBe(0);
    expect(g.racks[1].size).toBe(3);
  });
});
