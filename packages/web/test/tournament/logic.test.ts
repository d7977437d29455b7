import { describe, expect, it } from 'vitest';
import {
  competitorMessages,
  competitorState,
  readyButtonLabel,
  ROUND_LATE_MS,
  type CompetitorInput,
} from '../../src/features/tournament/competitor.ts';
import {
  findKioskPlayer,
  kioskRound,
  uncheckedList,
  validateScores,
} from '../../src/features/tournament/kiosk.ts';
import {
  parseDirectors,
  type Division,
  type MatchResult,
  type Pairing,
} from '../../src/features/tournament/model.ts';
import {
  isTentative,
  meetings,
  repeatLabel,
  scoreLine,
  showsOpenRound,
  standingRows,
  unpairedPlayers,
} from '../../src/features/tournament/pairings.ts';

const A = 'aaaaaaaa-1111:ann';
const B = 'bbbbbbbb-2222:bob';
const C = 'cccccccc-3333:cat';
const D = 'dddddddd-4444:dan';

function pairing(a: string, b: string, round: number, extra: Partial<Pairing> = {}): Pairing {
  return {
    players: [a, b],
    round,
    games: [{ scores: [0, 0], results: ['NO_RESULT', 'NO_RESULT'], endReason: 'NONE', id: '' }],
    outcomes: ['NO_RESULT', 'NO_RESULT'],
    readyStates: ['', ''],
    ...extra,
  };
}

function division(pairings: Pairing[][], currentRound = 0, numRounds = 3): Division {
  return {
    id: 'Open',
    players: [A, B, C, D].map((id, i) => ({
      id,
      rating: 1500 - i,
      suspended: false,
      checkedIn: i < 2,
    })),
    currentRound,
    numRounds,
    pairings,
    standings: [],
  };
}

const base = (d: Division, personId = A): CompetitorInput => ({
  division: d,
  personId,
  checkedIn: true,
  checkinsOpen: false,
  started: true,
  finished: false,
  now: 0,
});

describe('the competitor status card', () => {
  it('asks a registered player to check in while check-ins are open, and thanks them otherwise', () => {
    const d = division([], -1);
    const input = { ...base(d), started: false, checkedIn: false };
    expect(competitorState({ ...input, checkinsOpen: true })?.status).toBe('NOT_CHECKED_IN');
    expect(competitorState(input)?.status).toBe('PRETOURNEY');
  });

  it('follows the ready states: open, opponent waiting, ready', () => {
    const d = (ready: [string, string]) => division([[pairing(A, B, 0, { readyStates: ready })]]);
    expect(competitorState(base(d(['', ''])))?.status).toBe('ROUND_OPEN');
    expect(competitorState(base(d(['', 'x'])))?.status).toBe('ROUND_OPPONENT_WAITING');
    expect(competitorState(base(d(['x', ''])))?.status).toBe('ROUND_READY');
    expect(readyButtonLabel('ROUND_OPEN')).toBe("I'm ready");
    expect(readyButtonLabel('ROUND_OPPONENT_WAITING')).toBe('Your opponent is waiting!');
    expect(readyButtonLabel('ROUND_READY')).toBeNull();
  });

  it('calls a round late once it has been open long without anyone ready', () => {
    const d = division([[pairing(A, B, 0)]]);
    const late = competitorState({ ...base(d), roundStartedAt: 0, now: ROUND_LATE_MS + 1 });
    expect(late?.status).toBe('ROUND_LATE');
    expect(readyButtonLabel('ROUND_LATE')).toBe('Start your game!');
  });

  it('tells byes and forfeits apart by the outcome of a pairing with oneself', () => {
    const self = (o: MatchResult) =>
      division([[pairing(A, A, 0, { outcomes: [o, o], games: [] })]], 0, 3);
    expect(competitorState(base(self('BYE')))?.status).toBe('ROUND_BYE');
    expect(competitorState(base(self('FORFEIT_LOSS')))?.status).toBe('ROUND_FORFEIT_LOSS');
    expect(competitorState(base(self('FORFEIT_WIN')))?.status).toBe('ROUND_FORFEIT_WIN');
    const bye = competitorState(base(self('BYE')))!;
    expect(competitorMessages(bye, 'Kingston', 3)).toContain('Please return in time for round 2.');
    expect(competitorMessages({ ...bye, round: 2 }, 'Kingston', 3)).not.toContain(
      'Please return in time for round 4.',
    );
    const forfeit = competitorState(base(self('FORFEIT_LOSS')))!;
    expect(competitorMessages(forfeit, 'Kingston', 3)).toContain(
      'Please check in with the director.',
    );
  });

  it('shows a game in progress with its id, and a finished one as recorded (last round: post-tourney)', () => {
    const active = pairing(A, B, 0);
    active.games[0].id = 'g1';
    expect(competitorState(base(division([[active]])))).toMatchObject({
      status: 'ROUND_GAME_ACTIVE',
      gameId: 'g1',
    });
    const done = pairing(A, B, 0, { outcomes: ['WIN', 'LOSS'] });
    done.games[0] = {
      scores: [400, 300],
      results: ['WIN', 'LOSS'],
      endReason: 'STANDARD',
      id: 'g1',
    };
    const finished = competitorState(base(division([[done]], 0, 3)))!;
    expect(finished.status).toBe('ROUND_GAME_FINISHED');
    expect(competitorMessages(finished, 'Kingston', 3)).toEqual([
      'Your round 1 score has been recorded.',
      'Good luck in your next game!',
    ]);
    expect(competitorState(base(division([[done]], 0, 1)))?.status).toBe('POSTTOURNEY');
  });
});

describe('pairings and standings', () => {
  it('labels a second meeting Repeat and a third 3-peat', () => {
    const d = division([[pairing(A, B, 0)], [pairing(B, A, 1)], [pairing(A, B, 2)]], 2);
    expect(repeatLabel(meetings(d, 0, A, B))).toBe('');
    expect(repeatLabel(meetings(d, 1, A, B))).toBe('Repeat');
    expect(repeatLabel(meetings(d, 2, A, B))).toBe('3-peat');
  });

  it('lists the unpaired players in seed order', () => {
    const d = division([[pairing(B, C, 0)]]);
    expect(unpairedPlayers(d, 0)).toEqual([A, D]);
  });

  it('offers Open Round N on the round after the current one only', () => {
    const before = division([], -1);
    expect(showsOpenRound(before, 0)).toBe(true);
    expect(showsOpenRound(before, 1)).toBe(false);
    const during = division([[pairing(A, B, 0)]], 0, 2);
    expect(showsOpenRound(during, 1)).toBe(true);
    expect(showsOpenRound(division([], 1, 2), 2)).toBe(false);
  });

  it('treats pairings of a round not yet open as tentative', () => {
    const d = division([[pairing(A, B, 0)], [pairing(A, C, 1)]], 0);
    expect(isTentative(d, 0)).toBe(false);
    expect(isTentative(d, 1)).toBe(true);
  });

  it('adds half the draws to both wins and losses', () => {
    const rows = standingRows([
      { playerId: A, wins: 2, losses: 0, draws: 1, spread: 120, gibsonized: false },
      { playerId: B, wins: 0, losses: 2, draws: 1, spread: -120, gibsonized: false },
    ]);
    expect(rows.map((r) => [r.rank, r.wins, r.losses])).toEqual([
      [1, 2.5, 0.5],
      [2, 0.5, 2.5],
    ]);
  });

  it('lists read-only directors last', () => {
    const ds = parseDirectors(['u1:ro:readonly', 'u2:full']);
    expect(ds.list.map((d) => [d.username, d.readOnly])).toEqual([
      ['full', false],
      ['ro', true],
    ]);
  });
});

describe('the kiosk', () => {
  it('finds a player by the start of their user id and refuses anything else', () => {
    const d = division([[pairing(A, B, 0)]]);
    expect(findKioskPlayer([d], 'aaaaaaaa')).toMatchObject({ ok: true, personId: A, seed: 1 });
    expect(findKioskPlayer([d], 'zzzzzzzz').ok).toBe(false);
    expect(findKioskPlayer([d], 'aaa').ok).toBe(false);
  });

  it('shows opponent, seed and who goes first, then the recorded scores', () => {
    const d = division([[pairing(A, B, 0)]]);
    expect(kioskRound(d, B, true)).toMatchObject({
      kind: 'game',
      opponent: A,
      opponentSeed: 1,
      first: false,
      scores: null,
    });
    const done = pairing(A, B, 0, { outcomes: ['WIN', 'LOSS'] });
    done.games[0] = { scores: [410, 350], results: ['WIN', 'LOSS'], endReason: 'STANDARD', id: '' };
    expect(kioskRound(division([[done]]), B, true)).toMatchObject({ scores: [350, 410] });
    expect(kioskRound(d, A, false)).toEqual({ kind: 'not-started' });
  });

  it('names three players not checked in, then and N more', () => {
    const d = division([]);
    d.players.push({ id: 'eeeeeeee:eve', rating: 0, suspended: false, checkedIn: false });
    d.players.push({ id: 'ffffffff:fay', rating: 0, suspended: false, checkedIn: false });
    expect(uncheckedList(d)).toEqual({ names: ['cat', 'dan', 'eve'], more: 1 });
  });

  it('needs both scores', () => {
    expect(validateScores('', '300')).toEqual({ mine: 'This field is required.' });
    expect(validateScores('4x', '300').mine).toBe('Scores must be numbers.');
    expect(validateScores('400', '300')).toEqual({});
  });
});

describe('a decided game in the pairings table', () => {
  const name = (id: string) => id.split(':')[1];
  const ended = (
    scores: [number, number],
    results: Pairing['outcomes'],
    endReason: Pairing['games'][number]['endReason'] = 'STANDARD',
  ): [Pairing, Pairing['games'][number]] => {
    const game = { scores, results, endReason, id: 'g' };
    return [pairing(A, B, 0, { games: [game], outcomes: results }), game];
  };

  it('names the winner, and how when the scores do not say it', () => {
    expect(scoreLine(...ended([420, 350], ['WIN', 'LOSS']), name)).toBe('420–350, ann won');
    // A resignation before any score: 0–0, yet bob won.
    expect(scoreLine(...ended([0, 0], ['LOSS', 'WIN'], 'RESIGNED'), name)).toBe(
      '0–0, bob won (resigned)',
    );
    expect(scoreLine(...ended([380, 380], ['DRAW', 'DRAW']), name)).toBe('380–380 (draw)');
    expect(scoreLine(...ended([0, 0], ['VOID', 'VOID'], 'ABORTED'), name)).toBe('Void');
  });

  it('prints negative scores with a minus sign and a spaced dash', () => {
    expect(scoreLine(...ended([-22, -12], ['LOSS', 'WIN']), name)).toBe(
      '\u221222 – \u221212, bob won',
    );
  });
});
