import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  MessageType,
  ReadyForTournamentGameSchema,
  type Refusal,
  renderError,
  type ErrorKey,
} from '@tessera/protocol';
import { emptyMeta, emptyState, fold, type LogBody } from '@tessera/tournament';
import { resultEntry } from '@tessera/tournament';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

const server = useTestServer();

type User = Awaited<ReturnType<typeof registerUser>>;
const call = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'TournamentService', method, body, { cookie });
async function ok(method: string, body: unknown, cookie?: string) {
  const r = await call(method, body, cookie);
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown>;
}
async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await call(method, body, cookie);
  expect(r.body.message?.split(';')[0], `${method} → ${key}: ${r.body.message}`).toBe(
    String(ERRORS[key].code),
  );
}

const FL = 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS';
const KOTH = { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' };

/** A tournament with division A of n players and `rounds` king-of-the-hill rounds, not started. */
async function event(n: number, rounds: number, extra: Record<string, unknown> = {}) {
  const td = await tournamentManager(server);
  const slug = uniqueName('e');
  const id = await createTournament(server, td, { slug, name: 'E', ...extra });
  const ps: User[] = [];
  for (let i = 0; i < n; i++) ps.push(await registerUser(server));
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: Array.from({ length: rounds }, () => KOTH),
    divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
  });
  return { td, id, slug, ps, c: td.cookie };
}

describe('tournament errors (§5, §8): each condition has its code', () => {
  it('creation, registration and check-ins', async () => {
    const { td, id, slug, ps, c } = await event(2, 2);
    await refused(
      'TOURNAMENT_SLUG_TAKEN',
      'NewTournament',
      { slug, name: 'Again', directorUsernames: [td.username] },
      c,
    );
    const newcomer = await registerUser(server);
    await refused(
      'TOURNAMENT_REGISTRATION_CLOSED',
      'Register',
      { id, division: 'A', register: true },
      newcomer.cookie,
    );
    await ok('OpenRegistration', { id }, c);
    await refused(
      'TOURNAMENT_ALREADY_REGISTERED',
      'Register',
      { id, division: 'A', register: true },
      ps[0].cookie,
    );
    await ok('Register', { id, division: 'A', register: true }, newcomer.cookie);
    expect((await ok('GetTournamentMetadata', { id })).metadata).toMatchObject({
      registrantCount: 3,
    });
    await refused('TOURNAMENT_NOT_REGISTERED', 'CheckIn', { id, checkin: true }, td.cookie);
    await refused('TOURNAMENT_CHECKINS_CLOSED', 'CheckIn', { id, checkin: true }, newcomer.cookie);
    await ok('OpenCheckins', { id }, c);
    await ok('CheckIn', { id, checkin: true }, newcomer.cookie);
    await ok('CheckIn', { id, checkin: true }, ps[0].cookie);
    // Close check-ins deleting those not checked in: ps[1] goes.
    await ok('CloseRegistration', { id }, c);
    await ok('CloseCheckins', { id, deleteNonCheckedIn: true }, c);
    const d = (await ok('GetTournament', { id })).divisions as Record<
      string,
      { players: { id: string }[] }
    >;
    expect(d.A.players.map((p) => p.id)).toEqual([
      `${ps[0].userId}:${ps[0].username}`,
      `${newcomer.userId}:${newcomer.username}`,
    ]);
    await refused('TOURNAMENT_EXPORT_FORMAT', 'ExportTournament', { id, format: 7 }, c);
    await refused(
      'TOURNAMENT_MISSING_USERNAME',
      'RemovePlayers',
      { id, division: 'A', persons: [{ id: ' ' }] },
      c,
    );
  });

  it('starting: no divisions, too few players', async () => {
    const td = await registerUser(server);
    await server.core.roles.grant(td.userId, 'Admin');
    const { id } = (await ok(
      'NewTournament',
      { slug: uniqueName('n'), name: 'N', directorUsernames: [td.username] },
      td.cookie,
    )) as { id: string };
    await refused(
      'TOURNAMENT_NO_DIVISIONS',
      'StartRoundCountdown',
      { id, startAllRounds: true },
      td.cookie,
    );
    const one = await event(1, 2);
    await refused(
      'TOURNAMENT_NOT_ENOUGH_PLAYERS',
      'StartRoundCountdown',
      { id: one.id, startAllRounds: true },
      one.c,
    );
  });

  it('controls: zero games, Swiss with no repeats, non-COP after COP, pairing failures', async () => {
    const { id, c } = await event(3, 4);
    await refused(
      'TOURNAMENT_ZERO_GAMES_PER_ROUND',
      'SetRoundControls',
      { id, division: 'A', roundControls: [{ ...KOTH, gamesPerRound: -1 }] },
      c,
    );
    await refused(
      'TOURNAMENT_SWISS_ZERO_REPEATS',
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: [
          { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 0, allowOverMaxRepeats: false },
        ],
      },
      c,
    );
    const swiss = { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 };
    await refused(
      'TOURNAMENT_NON_COP_AFTER_COP',
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: [swiss, swiss, { pairingMethod: 'PAIRING_METHOD_COP' }, swiss],
      },
      c,
    );
    // Elimination needs a power of two: three players cannot be paired.
    await ok(
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: Array.from({ length: 4 }, () => ({
          pairingMethod: 'PAIRING_METHOD_ELIMINATION',
        })),
      },
      c,
    );
    await refused('TOURNAMENT_PAIRING_FAILED', 'PairRound', { id, division: 'A', round: 0 }, c);
  });

  it('rounds, pairings and results', async () => {
    const { id, ps, c } = await event(3, 2);
    const [a, b, x] = ps;
    // Three players, king of the hill: 1v2 and 3 unpaired until given a bye.
    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [{ playerOneId: a.username, playerTwoId: b.username, round: 0 }],
      },
      c,
    );
    await refused(
      'TOURNAMENT_ROUND_NOT_FULLY_PAIRED',
      'StartRoundCountdown',
      { id, division: 'A', round: 0 },
      c,
    );
    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [
          { playerOneId: x.username, round: 0, selfPlayResult: 'TOURNAMENT_GAME_RESULT_BYE' },
        ],
      },
      c,
    );
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, c);
    await refused(
      'TOURNAMENT_FUTURE_ROUND_SCORE',
      'SetResult',
      { id, division: 'A', round: 1, playerOneId: a.username, playerTwoId: b.username },
      c,
    );
    await refused(
      'TOURNAMENT_PLAYERS_DID_NOT_PLAY',
      'SetResult',
      { id, division: 'A', round: 0, playerOneId: a.username, playerTwoId: x.username },
      c,
    );
    await refused(
      'TOURNAMENT_PLAYER_TWO_REQUIRED',
      'SetResult',
      { id, division: 'A', round: 0, playerOneId: a.username },
      c,
    );
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: a.username,
        playerTwoId: b.username,
        playerOneScore: 400,
        playerTwoScore: 380,
      },
      c,
    );
    await refused(
      'TOURNAMENT_BYE_NOT_ALLOWED',
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [
          { playerOneId: a.username, round: 0, selfPlayResult: 'TOURNAMENT_GAME_RESULT_BYE' },
        ],
      },
      c,
    );
    // Round 2 is the last: no more entries; one player left alone cannot be.
    await ok('StartRoundCountdown', { id, division: 'A', round: 1 }, c);
    const late = await registerUser(server);
    await refused(
      'TOURNAMENT_ADD_IN_LAST_ROUND',
      'AddPlayers',
      { id, division: 'A', persons: [{ id: late.username }] },
      c,
    );
    await ok('RemovePlayers', { id, division: 'A', persons: [{ id: x.username }] }, c);
    await refused(
      'TOURNAMENT_PLAYER_ALREADY_REMOVED',
      'RemovePlayers',
      { id, division: 'A', persons: [{ id: x.username }] },
      c,
    );
    await ok('RemovePlayers', { id, division: 'A', persons: [{ id: a.username }] }, c);
    await refused(
      'TOURNAMENT_EMPTY_DIVISION',
      'RemovePlayers',
      { id, division: 'A', persons: [{ id: b.username }] },
      c,
    );
    // Every game of the last round has a result now (forfeits): finish, then nothing changes.
    await ok('FinishTournament', { id }, c);
    await refused('TOURNAMENT_FINISHED', 'PairRound', { id, division: 'A', round: 1 }, c);
    expect((await ok('GetPastTournaments', { limit: 50 })).tournaments).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, finished: true })]),
    );
    await ok('UnfinishTournament', { id }, c);
    await ok('UnstartTournament', { id, confirm: true }, c);
    const after = (await ok('GetTournament', { id })) as {
      started?: boolean;
      divisions: Record<string, { currentRound: number }>;
    };
    expect(after.started ?? false).toBe(false);
    expect(after.divisions.A.currentRound).toBe(-1);
  });

  it('once started, closing check-ins does not drop the players who never checked in', async () => {
    const { id, c } = await event(2, 2);
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    await refused(
      'TOURNAMENT_ALREADY_STARTED',
      'CloseCheckins',
      { id, deleteNonCheckedIn: true },
      c,
    );
    const d = (await ok('GetTournament', { id })).divisions as Record<
      string,
      { players: { suspended?: boolean }[] }
    >;
    expect(d.A.players.map((p) => p.suspended ?? false)).toEqual([false, false]);
  });

  it('a player cannot enter the score of an online game, before or during it', async () => {
    const { id, ps, c } = await event(2, 2);
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    const [a, b] = ps;
    const score = {
      id,
      division: 'A',
      round: 0,
      playerOneId: a.username,
      playerTwoId: b.username,
      playerOneScore: 600,
      playerTwoScore: 100,
    };
    await refused('TOURNAMENT_NOT_DIRECTOR', 'SetResult', score, a.cookie);
    const d = (await ok('GetTournament', { id })).divisions as Record<
      string,
      { pairingMap: Record<string, { roundPairings: { outcomes: string[] }[] }> }
    >;
    // Nothing was recorded: the game still has no result.
    expect(d.A.pairingMap['0'].roundPairings[0].outcomes).toEqual([
      'TOURNAMENT_GAME_RESULT_NO_RESULT',
      'TOURNAMENT_GAME_RESULT_NO_RESULT',
    ]);
  });

  it('a player enters their own score in the kiosk once; others and amendments are refused', async () => {
    const { id, slug, ps, c } = await event(2, 2);
    await ok(
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      c,
    );
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    const [a, b] = ps;
    const outsider = await registerUser(server);
    const score = {
      id,
      division: 'A',
      round: 0,
      playerOneId: a.username,
      playerTwoId: b.username,
      playerOneScore: 420,
      playerTwoScore: 380,
    };
    await refused('TOURNAMENT_NOT_DIRECTOR', 'SetResult', score, outsider.cookie);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'SetResult', { ...score, round: 1 }, a.cookie);
    await ok('SetResult', score, a.cookie);
    // A second entry that disagrees is held for a director (issue 36), not refused.
    await ok('SetResult', { ...score, playerOneScore: 500 }, b.cookie);
    await refused(
      'TOURNAMENT_NOT_DIRECTOR',
      'SetResult',
      { ...score, playerOneScore: 500, amendment: true },
      b.cookie,
    );
    // Both prefixes name the same tournament.
    const bare = slug;
    for (const s of [`/tournament/${bare}`, `/club/${bare}`, bare])
      expect(((await ok('GetTournamentMetadata', { slug: s })).metadata as { id: string }).id).toBe(
        id,
      );
  });

  it('ready from someone who is not playing is refused over the socket', async () => {
    const { id, slug, c } = await event(2, 2);
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    const outsider = await registerUser(server);
    const s = await TestSocket.withToken(server, outsider.cookie, `/tournament/${slug}`);
    s.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    const err = await s.next(MessageType.ERROR_MESSAGE);
    expect(String(err.message).split(';')[0]).toBe(String(ERRORS.TOURNAMENT_NOT_IN_GAME.code));
    s.close();
  });

  it('clubs are free-form: dated sessions, no paired rounds', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, {
      slug: uniqueName('club'),
      name: 'Club',
      type: 'TOURNAMENT_TYPE_CLUB',
    });
    await refused(
      'TOURNAMENT_IRL_LOCKED',
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      td.cookie,
    );
    await ok('AddDivision', { id, division: 'A' }, td.cookie);
    await refused(
      'TOURNAMENT_NOT_PAIRED_MODE',
      'StartRoundCountdown',
      { id, startAllRounds: true },
      td.cookie,
    );
    // A legacy clubhouse is free-form too (§1: only standard and child events are paired).
    const legacy = await createTournament(server, td, {
      slug: uniqueName('house'),
      name: 'Clubhouse',
      type: 'TOURNAMENT_TYPE_LEGACY',
    });
    await ok('AddDivision', { id: legacy, division: 'A' }, td.cookie);
    await refused(
      'TOURNAMENT_NOT_PAIRED_MODE',
      'PairRound',
      { id: legacy, division: 'A', round: 0 },
      td.cookie,
    );
    const s1 = (await ok(
      'CreateClubSession',
      { clubId: id, date: { seconds: '1767225600' } },
      td.cookie,
    )) as { slug: string };
    const s2 = (await ok(
      'CreateClubSession',
      { clubId: id, date: { seconds: '1767225600' } },
      td.cookie,
    )) as { slug: string };
    expect(s1.slug).toMatch(/^\/club\/club.*-2026-01-01$/);
    expect(s2.slug).toBe(`${s1.slug}-2`);
    const list = (await ok('GetRecentClubSessions', { id, count: 10 })) as {
      sessions: { slug: string }[];
    };
    expect(list.sessions.map((x) => x.slug).sort()).toEqual([s1.slug, s2.slug].sort());
    const player = await registerUser(server);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'CreateClubSession', { clubId: id }, player.cookie);
    const upcoming = (await ok('GetRecentAndUpcomingTournaments', {})) as {
      tournaments: { id: string; slug: string }[];
    };
    expect(upcoming.tournaments.map((x) => x.id)).toContain(id);
    expect(upcoming.tournaments.map((x) => x.slug)).not.toContain(s1.slug);
    // A club whose start is set years ahead stays in the directory behind 50 sooner events.
    await ok(
      'SetTournamentMetadata',
      { metadata: { id, scheduledStartTime: { seconds: '1893456000' } }, setOnlySpecified: true },
      td.cookie,
    );
    for (let i = 0; i < 50; i++)
      await createTournament(server, td, { slug: uniqueName('soon'), name: `Soon ${i}` });
    const later = (await ok('GetRecentAndUpcomingTournaments', {})) as {
      tournaments: { id: string; type: string }[];
    };
    expect(later.tournaments.filter((x) => x.type !== 'TOURNAMENT_TYPE_CLUB')).toHaveLength(50);
    expect(later.tournaments.map((x) => x.id)).toContain(id);
  });
});

describe('result checks that no request can reach', () => {
  const P = ['u1:ann', 'u2:bob'];
  const base: LogBody[] = [
    {
      kind: 'created',
      meta: { ...emptyMeta(), slug: '/tournament/x', name: 'X' },
      executiveDirector: 'u0:td',
      directors: [],
    },
    { kind: 'division.added', division: 'A' },
    { kind: 'players.added', division: 'A', players: P.map((id) => ({ id, rating: 0 })) },
    { kind: 'round.controls', division: 'A', roundControls: [{ pairingMethod: 'manual' }] },
    { kind: 'pairings.set', division: 'A', round: 0, pairs: [{ a: P[0], b: P[1] }] },
    { kind: 'round.started', division: 'A', round: 0 },
  ];
  const state = () =>
    fold(
      base.map((body, i) => ({ seq: i + 1, actor: 'x', at: 0, body })),
      emptyState('x'),
    );
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return renderError((e as Refusal).message);
    }
    return 'no error';
  };

  it('a round with no pairings, an unpaired player', () => {
    const s = state();
    s.divisions[0].players.push({ id: 'u3:cat', rating: 0 });
    s.divisions[0].rounds[0].push(null);
    expect(
      code(() =>
        resultEntry(s, 'A', 0, 'u3:cat', P[0], {
          scoreA: 1,
          scoreB: 0,
          endReason: 2,
          amendment: false,
        }),
      ),
    ).toBe('Player cat is unpaired in division A.');
    s.divisions[0].rounds[0] = [null, null, null];
    expect(
      code(() =>
        resultEntry(s, 'A', 0, P[0], P[1], {
          scoreA: 1,
          scoreB: 0,
          endReason: 2,
          amendment: false,
        }),
      ),
    ).toBe('There is no pairing for ann in round 1.');
  });

  it('a corrupt pairing and non-numeric scores are refused with their messages', () => {
    const s = state();
    s.divisions[0].rounds[0][1] = { opponent: 1, outcome: 'bye', score: 50 };
    expect(
      code(() =>
        resultEntry(s, 'A', 0, P[0], P[1], {
          scoreA: 1,
          scoreB: 0,
          endReason: 2,
          amendment: false,
        }),
      ),
    ).toBe('The pairing for ann in round 1 is corrupt.');
    expect(
      code(() =>
        resultEntry(state(), 'A', 0, P[0], P[1], {
          scoreA: Number.NaN,
          scoreB: 0,
          endReason: 2,
          amendment: false,
        }),
      ),
    ).toBe(ERRORS.TOURNAMENT_SCORES_NUMERIC.text);
  });
});
