/**
 * A script written against the spec (docs/product/tournaments.md) spells
 * enum values as the spec does: KING_OF_THE_HILL, AUTOMATIC_FIRST,
 * FORFEIT_LOSS, BYE, WIN, STANDARD, tsh. The JSON API takes those as well as
 * the protobuf names, and still refuses what is no value at all.
 */
import { describe, expect, it } from 'vitest';
import { gameRequest } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { tournamentCalls } from './tournament-helpers.ts';

const server = useTestServer();

const { ok, refused, manager, newTournament, divisionState } = tournamentCalls(() => server);

describe('tournament requests in the spec’s spelling', () => {
  it('runs a round with the spec’s enum names and refuses a name that is no value', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const [ann, bob, cat] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    await ok('AddDivision', { id, division: 'A' }, td.cookie);
    await ok(
      'AddPlayers',
      { id, division: 'A', persons: [ann, bob, cat].map((u) => ({ id: u.username })) },
      td.cookie,
    );
    await refused(
      'INVALID_REQUEST',
      'SetRoundControls',
      { id, division: 'A', roundControls: [{ pairingMethod: 'KING_OF_HILL' }] },
      td.cookie,
    );
    await ok(
      'SetRoundControls',
      {
        id,
        division: 'A',
        roundControls: [
          { pairingMethod: 'MANUAL', firstMethod: 'MANUAL_FIRST' },
          { pairingMethod: 'KING_OF_THE_HILL', firstMethod: 'AUTOMATIC_FIRST' },
        ],
      },
      td.cookie,
    );
    await ok(
      'SetDivisionControls',
      { id, division: 'A', suspendedResult: 'FORFEIT_LOSS', gameRequest: gameRequest() },
      td.cookie,
    );
    const d = await divisionState(id, 'A');
    const rcs = d.roundControls as { pairingMethod: string; firstMethod?: string }[];
    expect(rcs.map((r) => r.pairingMethod)).toEqual([
      'PAIRING_METHOD_MANUAL',
      'PAIRING_METHOD_KING_OF_THE_HILL',
    ]);
    expect(rcs[1].firstMethod).toBe('FIRST_METHOD_AUTOMATIC_FIRST');

    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [
          { playerOneId: ann.username, playerTwoId: bob.username, round: 0 },
          { playerOneId: cat.username, round: 0, selfPlayResult: 'BYE' },
        ],
      },
      td.cookie,
    );
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ann.username,
        playerTwoId: bob.username,
        playerOneScore: 410,
        playerTwoScore: 390,
        playerOneResult: 'WIN',
        playerTwoResult: 'LOSS',
        gameEndReason: 'STANDARD',
      },
      td.cookie,
    );
    const after = await divisionState(id, 'A');
    const pairings = (after.pairingMap as Record<string, { roundPairings: unknown[] }>)['0']
      .roundPairings as { players: number[]; outcomes: string[] }[];
    expect(pairings.map((p) => [p.players, p.outcomes])).toEqual([
      [
        [0, 1],
        ['TOURNAMENT_GAME_RESULT_WIN', 'TOURNAMENT_GAME_RESULT_LOSS'],
      ],
      [
        [2, 2],
        ['TOURNAMENT_GAME_RESULT_BYE', 'TOURNAMENT_GAME_RESULT_BYE'],
      ],
    ]);
    // ExportTournament's formats as the spec writes them: tsh and standingsonly
    // (ann is second after round 1: cat's bye is worth more spread).
    const tsh = (await ok('ExportTournament', { id, format: 'tsh' }, td.cookie)).exported as string;
    expect(tsh.split('\n')[0]).toMatch(/^\S+\s+0 2; 410; p12 1; rrank 1 2$/);
    const csv = (await ok('ExportTournament', { id, format: 'standingsonly' }, td.cookie))
      .exported as string;
    expect(csv.split('\n')[0]).toBe('division,rank,name,wins,losses,draws,winpts,spread');
  });
});
