import { describe, expect, it } from 'vitest';
import { gameRequest } from './game-helpers.ts';
import { registerUser, uniqueName, useTestServer } from './harness.ts';
import { tournamentCalls } from './tournament-helpers.ts';

const server = useTestServer();

const { pid, ok, refused, manager, newTournament, score } = tournamentCalls(() => server);

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
    await score(id, td, 0, a, b, 400, 350);
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
