import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStandings, exportTsh, importTsh } from '@tessera/pairing';
import { ERRORS, type ErrorKey } from '@tessera/protocol';
import {
  KINGSTON_2023_AFTER_15,
  playerNames,
  realDivision,
} from '../../pairing/test/fixtures/real-states.ts';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, startTestServer, uniqueName, type TestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

type User = Awaited<ReturnType<typeof registerUser>>;
const t = (method: string, body: unknown, cookie?: string) =>
  rpc<Record<string, never>>(server, 'TournamentService', method, body, { cookie });
const pid = (u: User) => `${u.userId}:${u.username}`;

async function ok(method: string, body: unknown, cookie?: string) {
  const r = await t(method, body, cookie);
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown>;
}

async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await t(method, body, cookie);
  expect(r.status, `${method} should fail with ${key}`).toBeGreaterThanOrEqual(400);
  expect(r.body.message?.split(';')[0]).toBe(String(ERRORS[key].code));
  return r;
}

const manager = () => tournamentManager(server);

async function newTournament(director: User, extra: Record<string, unknown> = {}) {
  const slug = uniqueName('t');
  return createTournament(server, director, { slug, name: `Open ${slug}`, ...extra });
}

async function divisionState(id: string, division: string) {
  const r = await ok('GetTournament', { id });
  return (r.divisions as Record<string, Record<string, unknown>>)[division];
}

describe('tournaments: directors and roles', () => {
  it('only a Tournament Manager or admin creates; exactly one executive director, never removed', async () => {
    const player = await registerUser(server);
    await refused(
      'PERMISSION_DENIED',
      'NewTournament',
      { slug: 'x', name: 'x', directorUsernames: [player.username] },
      player.cookie,
    );
    const td = await manager();
    await refused(
      'TOURNAMENT_NAME_REQUIRED',
      'NewTournament',
      { slug: 'y', name: ' ', directorUsernames: [td.username] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ONE_EXECUTIVE_DIRECTOR',
      'NewTournament',
      { slug: 'y', name: 'Y' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_SLUG_INVALID',
      'NewTournament',
      { slug: 'a b', name: 'Y', directorUsernames: [td.username] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_SCHEDULE_ORDER',
      'NewTournament',
      {
        slug: uniqueName('s'),
        name: 'Y',
        directorUsernames: [td.username],
        scheduledStartTime: { seconds: '2000' },
        scheduledEndTime: { seconds: '1000' },
      },
      td.cookie,
    );
    const id = await newTournament(td);
    const meta = await ok('GetTournamentMetadata', { id });
    expect(meta.directors).toEqual([pid(td)]);
    await refused(
      'TOURNAMENT_EXECUTIVE_DIRECTOR',
      'RemoveDirectors',
      { id, persons: [{ id: td.username }] },
      td.cookie,
    );

    const ro = await registerUser(server);
    const full = await registerUser(server);
    await ok(
      'AddDirectors',
      { id, persons: [{ id: ro.username, rating: -1 }, { id: full.username }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_DIRECTOR_EXISTS',
      'AddDirectors',
      { id, persons: [{ id: full.username }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_USER_NOT_FOUND',
      'AddDirectors',
      { id, persons: [{ id: 'nobody-here-xyz' }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_DIRECTOR_USERNAME_REQUIRED',
      'AddDirectors',
      { id, persons: [{ id: ' ' }] },
      td.cookie,
    );
    expect((await ok('GetTournamentMetadata', { id })).directors).toEqual([
      pid(td),
      pid(full),
      `${pid(ro)}:readonly`,
    ]);

    // Read-only directors read the log but change nothing; players and visitors neither.
    await refused('TOURNAMENT_READ_ONLY_DIRECTOR', 'AddDivision', { id, division: 'A' }, ro.cookie);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'AddDivision', { id, division: 'A' }, player.cookie);
    await refused('NOT_LOGGED_IN', 'AddDivision', { id, division: 'A' });
    await ok('AddDivision', { id, division: 'A' }, full.cookie);
    const log = await ok('GetTournamentLog', { id }, ro.cookie);
    expect((log.entries as { kind: string }[]).map((e) => e.kind)).toEqual([
      'created',
      'directors.added',
      'division.added',
    ]);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'GetTournamentLog', { id }, player.cookie);
    await ok('RemoveDirectors', { id, persons: [{ id: full.username }] }, td.cookie);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'AddDivision', { id, division: 'B' }, full.cookie);
    await refused('TOURNAMENT_NOT_FOUND', 'GetTournament', { id: 'no-such-tournament' });
  });

  it('validates divisions, players, controls and metadata with the catalogue messages', async () => {
    const td = await manager();
    const id = await newTournament(td);
    await refused(
      'TOURNAMENT_DIVISION_NAME_REQUIRED',
      'AddDivision',
      { id, division: '  ' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_DIVISION_NAME_LENGTH',
      'AddDivision',
      { id, division: 'x'.repeat(25) },
      td.cookie,
    );
    await ok('AddDivision', { id, division: 'A' }, td.cookie);
    await refused('TOURNAMENT_DIVISION_EXISTS', 'AddDivision', { id, division: 'A' }, td.cookie);
    await refused(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'RenameDivision',
      { id, division: 'Z', newName: 'Q' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_DIVISION_MISSING',
      'AddPlayers',
      { id, division: '', persons: [] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ADD_PLAYERS_FIRST',
      'AddPlayers',
      { id, division: 'A', persons: [{ id: '  ' }] },
      td.cookie,
    );
    const [a, b] = [await registerUser(server), await registerUser(server)];
    await ok(
      'AddPlayers',
      {
        id,
        division: 'A',
        persons: [
          { id: a.username, rating: 1500 },
          { id: pid(b), rating: 1400 },
        ],
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_PLAYER_EXISTS',
      'AddPlayers',
      { id, division: 'A', persons: [{ id: a.username }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_DIVISION_HAS_PLAYERS',
      'RemoveDivision',
      { id, division: 'A' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetRoundControls',
      { id, division: 'A', roundControls: [] },
      td.cookie,
    );
    const factor0 = await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: [{ pairingMethod: 'PAIRING_METHOD_FACTOR', factor: 0, maxRepeats: 1 }],
      },
      td.cookie,
    );
    expect(factor0.error).toBe(
      'Factor 0 is equivalent to just Swiss for every player. Use Swiss pairings instead, or use a Factor greater than 0.',
    );
    const cop = await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: Array.from({ length: 4 }, () => ({ pairingMethod: 'PAIRING_METHOD_COP' })),
      },
      td.cookie,
    );
    expect(cop.error).toMatch(
      /COP can only be used for the second half of the tournament \(round 3 and later\)/,
    );
    const minPl = await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetDivisionControls',
      {
        id,
        division: 'A',
        minimumPlacement: -1,
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      },
      td.cookie,
    );
    expect(minPl.error).toBe('Min Gibson Placement cannot be less than 1');
    await refused(
      'TOURNAMENT_SUSPENDED_RESULT_REQUIRED',
      'SetDivisionControls',
      { id, division: 'A' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_GAME_SETTINGS_INVALID',
      'SetDivisionControls',
      {
        id,
        division: 'A',
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: { ...gameRequest(), lexicon: '' },
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ROUND_CONTROLS_NOT_SET',
      'StartRoundCountdown',
      { id, division: 'A', round: 0 },
      td.cookie,
    );
    await ok(
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: [
          { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' },
          { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' },
        ],
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_GAME_CONTROLS_NOT_SET',
      'StartRoundCountdown',
      { id, division: 'A', round: 0 },
      td.cookie,
    );
    await ok(
      'SetDivisionControls',
      {
        id,
        division: 'A',
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        suspendedSpread: -50,
        gameRequest: gameRequest(),
      },
      td.cookie,
    );
    await ok('OpenCheckins', { id }, td.cookie);
    await refused(
      'TOURNAMENT_START_WITH_TOGGLES_OPEN',
      'StartRoundCountdown',
      { id, startAllRounds: true },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_REMOVE_WHILE_CHECKINS_OPEN',
      'RemoveAllPlayersNotCheckedIn',
      { id },
      td.cookie,
    );
    await ok('CloseCheckins', { id }, td.cookie);
    await refused(
      'TOURNAMENT_ROUND_NOT_CURRENT',
      'StartRoundCountdown',
      { id, division: 'A', round: 1 },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_NOT_STARTED',
      'SetResult',
      { id, division: 'A', round: 0, playerOneId: a.username, playerTwoId: b.username },
      td.cookie,
    );
    await ok('StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    await refused('TOURNAMENT_TOGGLE_AFTER_START', 'OpenRegistration', { id }, td.cookie);
    await refused(
      'TOURNAMENT_DIVISION_AFTER_START',
      'AddDivision',
      { id, division: 'B' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ALREADY_STARTED',
      'MovePlayer',
      { id, sourceDivision: 'A', targetDivision: 'A', playerId: a.username },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_FUTURE_ROUND_SCORE',
      'SetResult',
      { id, division: 'A', round: 1, playerOneId: a.username, playerTwoId: b.username },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ROUND_ALREADY_OPEN',
      'PairRound',
      { id, division: 'A', round: 0 },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE',
      'StartRoundCountdown',
      { id, division: 'A', round: 1 },
      td.cookie,
    );
    await refused('TOURNAMENT_DIVISION_NOT_FINISHED', 'FinishTournament', { id }, td.cookie);
    await refused(
      'TOURNAMENT_SELF_PLAY_RESULT_REQUIRED',
      'SetPairing',
      { id, division: 'A', pairings: [{ playerOneId: a.username, round: 1 }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_PLAYER_ONE_REQUIRED',
      'SetPairing',
      { id, division: 'A', pairings: [{ playerOneId: '', round: 1 }] },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_ROUND_RANGE',
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [{ playerOneId: a.username, playerTwoId: b.username, round: 5 }],
      },
      td.cookie,
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
        playerTwoScore: 350,
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_AMENDMENT_REQUIRED',
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: a.username,
        playerTwoId: b.username,
        playerOneScore: 300,
        playerTwoScore: 350,
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_NO_WINNER',
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: a.username,
        playerTwoId: b.username,
        playerOneScore: 300,
        playerTwoScore: 350,
        amendment: true,
        playerOneResult: 'TOURNAMENT_GAME_RESULT_WIN',
        playerTwoResult: 'TOURNAMENT_GAME_RESULT_WIN',
      },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_IRL_LOCKED',
      'SetTournamentMetadata',
      { metadata: { id, name: 'X', irlMode: false }, setOnlySpecified: false },
      td.cookie,
    ).catch(() => undefined);
    await ok(
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_IRL_LOCKED',
      'SetTournamentMetadata',
      { metadata: { id, name: 'X', irlMode: false }, setOnlySpecified: false },
      td.cookie,
    );
  });
});

describe('tournaments: the log is the truth', () => {
  it('late entries, withdrawals and an amended old score re-derive forfeits and every later standing', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const ps = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    await setUpDivision(server, td, id, {
      persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
      roundControls: Array.from({ length: 4 }, () => ({
        pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL',
      })),
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        suspendedSpread: -50,
        gameRequest: gameRequest(),
      },
    });
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    // Round 1, king of the hill by seed: 1v2, 3v4.
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ps[0].username,
        playerTwoId: ps[1].username,
        playerOneScore: 450,
        playerTwoScore: 350,
      },
      td.cookie,
    );
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ps[2].username,
        playerTwoId: ps[3].username,
        playerOneScore: 300,
        playerTwoScore: 410,
      },
      td.cookie,
    );
    // A late entry in round 2 starts with the suspended result for round 1.
    const late = await registerUser(server);
    await ok(
      'AddPlayers',
      { id, division: 'A', persons: [{ id: late.username, rating: 1000 }] },
      td.cookie,
    );
    let d = await divisionState(id, 'A');
    const r0 = (
      d.standingsMap as Record<
        string,
        { standings: { playerId: string; spread: number; wins?: number; losses?: number }[] }
      >
    )['0'].standings;
    expect(r0.find((x) => x.playerId === pid(late))).toMatchObject({ spread: -50, losses: 1 });
    await ok('StartRoundCountdown', { id, division: 'A', round: 1 }, td.cookie);
    d = await divisionState(id, 'A');
    const round1 = (d.pairingMap as Record<string, { roundPairings: { players: number[] }[] }>)['1']
      .roundPairings;
    expect(round1).toHaveLength(3); // two games and a bye for the odd one out
    // A player withdraws: their unplayed game becomes a forfeit, the opponent a forfeit win.
    const idx = d.playerIndexMap as Record<string, number>;
    const pair = round1.find((p) => p.players[0] !== p.players[1])!;
    const leaver = Object.keys(idx).find((k) => idx[k] === pair.players[0])!;
    const stayer = Object.keys(idx).find((k) => idx[k] === pair.players[1])!;
    await ok('RemovePlayers', { id, division: 'A', persons: [{ id: leaver }] }, td.cookie);
    d = await divisionState(id, 'A');
    const outcomes = (
      d.pairingMap as Record<string, { roundPairings: { players: number[]; outcomes: string[] }[] }>
    )['1'].roundPairings;
    expect(outcomes.find((p) => p.players[0] === idx[stayer])?.outcomes[0]).toBe(
      'TOURNAMENT_GAME_RESULT_FORFEIT_WIN',
    );
    expect(outcomes.find((p) => p.players[0] === idx[leaver])?.outcomes[0]).toBe(
      'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
    );

    // Amend round 1: every later standing follows.
    const before = (
      d.standingsMap as Record<string, { standings: { playerId: string; spread: number }[] }>
    )['1'].standings;
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ps[0].username,
        playerTwoId: ps[1].username,
        playerOneScore: 350,
        playerTwoScore: 450,
        amendment: true,
      },
      td.cookie,
    );
    d = await divisionState(id, 'A');
    const after = (
      d.standingsMap as Record<string, { standings: { playerId: string; spread: number }[] }>
    )['1'].standings;
    const spreadOf = (list: { playerId: string; spread: number }[], p: User) =>
      list.find((x) => x.playerId === pid(p))!.spread;
    expect(spreadOf(after, ps[0]) - spreadOf(before, ps[0])).toBe(-200);

    // The state as of round 1 leaves round 2 out; the log read back folds to the same state.
    const asOf = await ok('GetTournamentAsOfRound', { id, round: 0 });
    const a0 = (asOf.divisions as Record<string, { standingsMap: Record<string, unknown> }>).A;
    expect(Object.keys(a0.standingsMap)).toEqual(['0']);
    const log = await ok('GetTournamentLog', { id }, td.cookie);
    const kinds = (log.entries as { kind: string }[]).map((e) => e.kind);
    expect(kinds).toContain('players.removed');
    expect(kinds.filter((k) => k === 'result.set')).toHaveLength(3);
  });

  it('a server restarted in the middle of an event loses nothing acknowledged', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const ps = await Promise.all(Array.from({ length: 2 }, () => registerUser(server)));
    await setUpDivision(server, td, id, {
      persons: ps.map((p) => ({ id: p.username })),
      roundControls: [
        { pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' },
        { pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' },
      ],
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
    });
    await ok('StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ps[0].username,
        playerTwoId: ps[1].username,
        playerOneScore: 400,
        playerTwoScore: 399,
      },
      td.cookie,
    );
    const before = await ok('GetTournament', { id });
    server = await server.restart();
    const afterRestart = await ok('GetTournament', { id });
    expect(afterRestart).toEqual(before);
  });
});

describe('tournaments: a real event replayed', () => {
  it('Kingston 2023 (15 rounds, 26 players) round by round: the standings of every round and the TSH file', async () => {
    const state = KINGSTON_2023_AFTER_15;
    const real = realDivision(state);
    const td = await manager();
    const id = await newTournament(td);
    const users: User[] = [];
    for (let i = 0; i < playerNames(state).length; i++) users.push(await registerUser(server));
    await ok('AddDivision', { id, division: 'Kingston' }, td.cookie);
    await ok(
      'AddPlayers',
      {
        id,
        division: 'Kingston',
        persons: users.map((u, i) => ({ id: u.username, rating: 2000 - i })),
      },
      td.cookie,
    );
    await ok(
      'SetRoundControls',
      {
        id,
        division: 'Kingston',
        roundControls: Array.from({ length: state.numRounds }, () => ({
          pairingMethod: 'PAIRING_METHOD_MANUAL',
        })),
      },
      td.cookie,
    );
    await ok(
      'SetDivisionControls',
      {
        id,
        division: 'Kingston',
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        suspendedSpread: -50,
        gameRequest: gameRequest(),
      },
      td.cookie,
    );
    const div = 'Kingston';
    for (let r = 0; r < state.rounds.length; r++) {
      const row = real.rounds[r];
      const pairings = [];
      for (let p = 0; p < row.length; p++) {
        const slot = row[p]!;
        if (slot.opponent < p) continue;
        pairings.push(
          slot.opponent === p
            ? {
                playerOneId: users[p].username,
                round: r,
                selfPlayResult:
                  slot.outcome === 'bye'
                    ? 'TOURNAMENT_GAME_RESULT_BYE'
                    : 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
              }
            : {
                playerOneId: users[p].username,
                playerTwoId: users[slot.opponent].username,
                round: r,
              },
        );
      }
      await ok('SetPairing', { id, division: div, pairings }, td.cookie);
      await ok('StartRoundCountdown', { id, division: div, round: r }, td.cookie);
      for (let p = 0; p < row.length; p++) {
        const slot = row[p]!;
        if (slot.opponent <= p) continue;
        await ok(
          'SetResult',
          {
            id,
            division: div,
            round: r,
            playerOneId: users[p].username,
            playerTwoId: users[slot.opponent].username,
            playerOneScore: slot.score,
            playerTwoScore: slot.opponentScore,
          },
          td.cookie,
        );
      }
      const got = (await divisionState(id, div)).standingsMap as Record<
        string,
        { standings: { playerId: string; spread?: number }[] }
      >;
      const want = computeStandings(real, r);
      expect(
        got[String(r)].standings.map((s) => s.playerId),
        `ranks after round ${r + 1}`,
      ).toEqual(want.map((s) => pid(users[s.player])));
      expect(got[String(r)].standings.map((s) => s.spread ?? 0)).toEqual(want.map((s) => s.spread));
    }
    const tsh = (await ok('ExportTournament', { id, format: 'EXPORT_FORMAT_TSH' }, td.cookie))
      .exported as string;
    const named = {
      ...real,
      players: real.players.map((p, i) => ({ ...p, name: users[i].username })),
    };
    expect(tsh).toBe(exportTsh(named));
    const back = importTsh(tsh, state.numRounds).division;
    expect(back.rounds.slice(0, 15).map((row) => row.map((s) => s?.opponent))).toEqual(
      real.rounds.map((row) => row.map((s) => s?.opponent)),
    );
    const csv = (
      await ok('ExportTournament', { id, format: 'EXPORT_FORMAT_STANDINGSONLY' }, td.cookie)
    ).exported as string;
    expect(csv.split('\n')[1]).toContain(users[computeStandings(real, 14)[0].player].username);
  }, 120_000);
});

describe('tournaments: printable scorecards', () => {
  it('a director gets a zip with one PDF per division; a player is refused', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const ps = await Promise.all(Array.from({ length: 3 }, () => registerUser(server)));
    await ok('AddDivision', { id, division: 'Premier' }, td.cookie);
    await ok('AddDivision', { id, division: 'Open' }, td.cookie);
    await ok(
      'AddPlayers',
      {
        id,
        division: 'Premier',
        persons: ps.slice(0, 2).map((p) => ({ id: p.username, rating: 1900 })),
      },
      td.cookie,
    );
    await ok('AddPlayers', { id, division: 'Open', persons: [{ id: ps[2].username }] }, td.cookie);
    await ok(
      'SetRoundControls',
      {
        id,
        division: 'Premier',
        roundControls: [
          { pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' },
          { pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' },
        ],
      },
      td.cookie,
    );
    await ok('PairRound', { id, division: 'Premier', round: 0 }, td.cookie);
    const r = await ok(
      'GetTournamentScorecards',
      { id, showOpponents: true, showSeeds: true, showQrCode: true },
      td.cookie,
    );
    const zip = Buffer.from(r.pdfZip as string, 'base64');
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const text = zip.toString('latin1');
    expect(text).toContain('Premier.pdf');
    expect(text).toContain('Open.pdf');
    await refused('TOURNAMENT_NOT_DIRECTOR', 'GetTournamentScorecards', { id }, ps[0].cookie);
  });
});

describe('tournaments: RunCOP', () => {
  it('pairs a round with COP for a director without storing it', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const ps = await Promise.all(Array.from({ length: 8 }, () => registerUser(server)));
    await setUpDivision(server, td, id, {
      persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
      roundControls: Array.from({ length: 6 }, (_, r) =>
        r < 3
          ? { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' }
          : { pairingMethod: 'PAIRING_METHOD_COP', divisionSims: 2000, controlLossSims: 1000 },
      ),
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
    });
    for (let r = 0; r < 3; r++) {
      await ok('StartRoundCountdown', { id, division: 'A', round: r }, td.cookie);
      const d = (await divisionState(id, 'A')) as {
        players: { id: string }[];
        pairingMap: Record<string, { roundPairings: { players: number[] }[] }>;
      };
      for (const [k, pr] of d.pairingMap[String(r)].roundPairings.entries())
        await ok(
          'SetResult',
          {
            id,
            division: 'A',
            round: r,
            playerOneId: d.players[pr.players[0]].id,
            playerTwoId: d.players[pr.players[1]].id,
            playerOneScore: 400 + k * 10,
            playerTwoScore: 380,
          },
          td.cookie,
        );
    }
    const player = ps[0];
    await refused(
      'TOURNAMENT_NOT_DIRECTOR',
      'RunCOP',
      { id, division: 'A', round: 3 },
      player.cookie,
    );
    const cop = (await ok('RunCOP', { id, division: 'A', round: 3, seed: '5' }, td.cookie)) as {
      pairings: number[];
      log: string[];
      errorCode?: string;
    };
    expect(cop.errorCode ?? '').toBe('');
    expect([...cop.pairings].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(cop.log.length).toBeGreaterThan(0);
    const after = (await divisionState(id, 'A')) as { pairingMap: Record<string, unknown> };
    expect(after.pairingMap['3']).toBeUndefined();
  }, 60_000);
});
