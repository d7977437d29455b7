/**
 * ExportTournament as a director uses it (issue 36, item 15): one `.t` file
 * per division, a standings CSV with one header for every division, and a
 * voided game written as no game rather than a 0–0 tie.
 */
import { describe, expect, it } from 'vitest';
import { computeStandings, importTsh, STANDINGS_CSV_HEADER } from '@tessera/pairing';
import { gameRequest } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { setUpDivision, tournamentCalls, type User } from './tournament-helpers.ts';

const server = useTestServer();
const { ok, refused, manager, newTournament, score } = tournamentCalls(() => server);

const TSH = 'EXPORT_FORMAT_TSH';
const CSV = 'EXPORT_FORMAT_STANDINGSONLY';
const VOID = 'TOURNAMENT_GAME_RESULT_VOID';

async function players(n: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < n; i++) out.push(await registerUser(server));
  return out;
}

describe('exports', () => {
  it('one .t per division, one CSV header, a void game is no game', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const a = await players(4);
    const b = await players(2);
    for (const [division, ps] of [
      ['A', a],
      ['B', b],
    ] as const)
      await setUpDivision(server, td, id, {
        division,
        persons: ps.map((p, i) => ({ id: p.username, rating: 1800 - i })),
        roundControls: [{ pairingMethod: 'PAIRING_METHOD_MANUAL' }],
        divisionControls: {
          suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
          gameRequest: gameRequest(),
        },
      });
    const [ann, bob, cat, dan] = a;
    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [
          { playerOneId: ann.username, playerTwoId: bob.username, round: 0 },
          { playerOneId: cat.username, playerTwoId: dan.username, round: 0 },
        ],
      },
      td.cookie,
    );
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    await score(id, td, 0, ann, bob, 420, 380);
    await score(id, td, 0, cat, dan, 0, 0, { playerOneResult: VOID, playerTwoResult: VOID });

    // Two divisions are two files: the director chooses one.
    await refused(
      'TOURNAMENT_EXPORT_DIVISION_REQUIRED',
      'ExportTournament',
      { id, format: TSH },
      td.cookie,
    );
    const tsh = (await ok('ExportTournament', { id, format: TSH, division: 'A' }, td.cookie))
      .exported as string;
    const back = importTsh(tsh, 1);
    if (!back.ok) throw new Error(back.message);
    expect(back.value.division.players).toHaveLength(4);
    // The void game counts for neither player: no 0–0 draw.
    const rows = computeStandings(back.value.division);
    expect(rows.map((r) => r.draws)).toEqual([0, 0, 0, 0]);
    expect(rows.filter((r) => r.played === 0).map((r) => r.player)).toEqual([2, 3]);
    const bFile = (await ok('ExportTournament', { id, format: TSH, division: 'B' }, td.cookie))
      .exported as string;
    expect(bFile.trim().split('\n')).toHaveLength(2);

    // Every division in one CSV under one header.
    const csv = (await ok('ExportTournament', { id, format: CSV }, td.cookie)).exported as string;
    const lines = csv.trim().split('\n');
    expect(lines.filter((l) => l === STANDINGS_CSV_HEADER)).toHaveLength(1);
    expect(lines[0]).toBe(STANDINGS_CSV_HEADER);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['A', 'A', 'A', 'A', 'B', 'B']);
  }, 60_000);
});
