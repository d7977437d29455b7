/**
 * What an over-the-board event needs beyond usernames: players' real names
 * and classes (printed on the TSH file, the standings CSV and the
 * scorecards), boards, and who goes first in the pairs a director sets.
 */
import { describe, expect, it } from 'vitest';
import { importTsh } from '@tessera/pairing';
import { gameRequest } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { setUpDivision, tournamentCalls } from './tournament-helpers.ts';

/** A `.t` file this test knows to be readable. */
function readTsh(text: string, numRounds?: number) {
  const r = importTsh(text, numRounds);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

const server = useTestServer();

const { ok, refused, manager, newTournament, divisionState, score } = tournamentCalls(() => server);
type User = Awaited<ReturnType<typeof registerUser>>;

interface Pairing {
  players: number[];
  board?: number;
}
interface Person {
  id: string;
  name?: string;
  className?: string;
}

async function players(n: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < n; i++) out.push(await registerUser(server));
  return out;
}

async function exported(id: string, td: User, format = 'EXPORT_FORMAT_TSH') {
  return (await ok('ExportTournament', { id, format }, td.cookie)).exported as string;
}

async function pairingsOf(id: string, round: number): Promise<Pairing[]> {
  const d = await divisionState(id, 'A');
  const map = d.pairingMap as Record<string, { roundPairings: Pairing[] }>;
  return map[String(round)]?.roundPairings ?? [];
}

describe('tournaments over the board', () => {
  it("keeps players' names and classes for the TSH file and the standings; refuses what a .t file cannot hold", async () => {
    const td = await manager();
    const id = await newTournament(td);
    const [ann, bob, cat] = await players(3);
    await setUpDivision(server, td, id, {
      persons: [
        { id: ann.username, rating: 1800, name: '  Smylie,   Jackson ', className: 'A' },
        { id: bob.username, rating: 1700, name: "O'Laughlin, Tom", className: 'B' },
      ],
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_MANUAL' }],
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
    });
    const listed = (await divisionState(id, 'A')).players as Person[];
    expect(listed.map((p) => [p.name, p.className])).toEqual([
      ['Smylie, Jackson', 'A'],
      ["O'Laughlin, Tom", 'B'],
    ]);

    const bad = (person: Record<string, unknown>) => ({
      id,
      division: 'A',
      persons: [{ id: cat.username, rating: 1500, ...person }],
    });
    // A semicolon splits a .t line, # starts a comment, a trailing number reads as the rating.
    for (const name of ['Cruz; Kim', 'Cruz #1', 'Player 2', 'x'.repeat(41)])
      await refused('TOURNAMENT_PLAYER_NAME_INVALID', 'AddPlayers', bad({ name }), td.cookie);
    for (const className of ['A B', 'Novices-1', 'ABCDEFGHI'])
      await refused('TOURNAMENT_CLASS_INVALID', 'AddPlayers', bad({ className }), td.cookie);
    // Only directors name players.
    await refused('TOURNAMENT_NOT_DIRECTOR', 'AddPlayers', bad({ name: 'Cruz, Kim' }), cat.cookie);
    expect(((await divisionState(id, 'A')).players as Person[]).length).toBe(2);

    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [{ playerOneId: bob.username, playerTwoId: ann.username, round: 0 }],
      },
      td.cookie,
    );
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    await score(id, td, 0, ann, bob, 420, 380);

    const tsh = await exported(id, td);
    // TSH's layout, names and classes; bob was player one, so he went first.
    expect(tsh).toBe(
      [
        'Smylie, Jackson         1800 2; 420; class A; p12 2; rrank 1 1',
        "O'Laughlin, Tom         1700 1; 380; class B; p12 1; rrank 2 2",
        '',
      ].join('\n'),
    );
    expect(readTsh(tsh).division.players.map((p) => p.className)).toEqual(['A', 'B']);
    const csv = await exported(id, td, 'EXPORT_FORMAT_STANDINGSONLY');
    expect(csv.split('\n')[1]).toBe('A,1,"Smylie, Jackson",1,0,0,1.0,40');
  }, 60_000);

  it('a pair a director sets goes first as the first method says: manual = player one, automatic = balanced', async () => {
    const td = await manager();
    const id = await newTournament(td);
    const [ann, bob, cat, dan] = await players(4);
    await setUpDivision(server, td, id, {
      persons: [ann, bob, cat, dan].map((u) => ({ id: u.username })),
      roundControls: [
        { pairingMethod: 'PAIRING_METHOD_MANUAL', firstMethod: 'FIRST_METHOD_MANUAL_FIRST' },
        { pairingMethod: 'PAIRING_METHOD_MANUAL', firstMethod: 'FIRST_METHOD_AUTOMATIC_FIRST' },
      ],
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
    });
    const pair = (round: number, one: User, two: User) =>
      ok(
        'SetPairing',
        {
          id,
          division: 'A',
          pairings: [{ playerOneId: one.username, playerTwoId: two.username, round }],
        },
        td.cookie,
      );
    // Round 1, manual: the player entered first goes first, whatever the seeds.
    await pair(0, bob, ann);
    await pair(0, dan, cat);
    expect((await pairingsOf(id, 0)).map((p) => p.players)).toEqual([
      [1, 0],
      [3, 2],
    ]);
    // Round 2, automatic: bob and dan went first and ann and cat second, so
    // cat and ann go first now, though bob and dan are entered as player one.
    await pair(1, bob, cat);
    await pair(1, dan, ann);
    expect((await pairingsOf(id, 1)).map((p) => p.players)).toEqual([
      [0, 3],
      [2, 1],
    ]);
  }, 60_000);

  it('IRL rounds get boards: leaders on board 1, a director’s board kept; bad boards refused', async () => {
    const td = await manager();
    const id = await newTournament(td);
    await ok(
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      td.cookie,
    );
    const us = await players(6);
    await setUpDivision(server, td, id, {
      persons: us.map((u, i) => ({ id: u.username, rating: 2000 - i * 100 })),
      roundControls: [
        { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' },
        { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' },
        { pairingMethod: 'PAIRING_METHOD_MANUAL' },
      ],
      divisionControls: { suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS' },
    });
    // Round 1 is paired as it opens: seeds 1-2 on board 1, 3-4 on 2, 5-6 on 3.
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    const r1 = await pairingsOf(id, 0);
    expect(r1.map((p) => [[...p.players].sort(), p.board])).toEqual([
      [[0, 1], 1],
      [[2, 3], 2],
      [[4, 5], 3],
    ]);
    // The lower seed wins each game: 1, 3, 5 lead.
    for (const p of r1) {
      const [a, b] = [...p.players].sort();
      await score(id, td, 0, us[a], us[b], 500 - a * 10, 300);
    }
    await ok('PairRound', { id, division: 'A', round: 1 }, td.cookie);
    const r2 = await pairingsOf(id, 1);
    const board1 = r2.find((p) => p.board === 1)!;
    expect([...board1.players].sort()).toEqual([0, 2]);
    expect(r2.map((p) => p.board).sort()).toEqual([1, 2, 3]);
    await ok('StartRoundCountdown', { id, division: 'A', round: 1 }, td.cookie);
    expect(await pairingsOf(id, 1)).toEqual(r2);

    // A board the director gives is kept; pairs without one fill the free boards as the round opens.
    for (const board of [-1, 10_000])
      await refused(
        'TOURNAMENT_BOARD_INVALID',
        'SetPairing',
        {
          id,
          division: 'A',
          pairings: [{ playerOneId: us[0].username, playerTwoId: us[5].username, round: 2, board }],
        },
        td.cookie,
      );
    for (const p of r2) {
      const [a, b] = [...p.players].sort();
      await score(id, td, 1, us[a], us[b], 400, 350);
    }
    await ok(
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [
          { playerOneId: us[0].username, playerTwoId: us[5].username, round: 2, board: 7 },
          { playerOneId: us[1].username, playerTwoId: us[4].username, round: 2 },
          { playerOneId: us[2].username, playerTwoId: us[3].username, round: 2 },
        ],
      },
      td.cookie,
    );
    await ok('StartRoundCountdown', { id, division: 'A', round: 2 }, td.cookie);
    const r3 = await pairingsOf(id, 2);
    const boardOf = (a: number) => r3.find((p) => p.players.includes(a))!.board;
    expect(boardOf(0)).toBe(7);
    // Of the other two pairs, the one with the better-placed player takes board 1.
    const order = (
      (await divisionState(id, 'A')).standingsMap as Record<
        string,
        { standings: { playerId: string }[] }
      >
    )['1'].standings.map((x) => us.findIndex((u) => x.playerId.startsWith(`${u.userId}:`)));
    const best = order.find((p) => p !== 0 && p !== 5)!;
    const other = [1, 2, 3, 4].find((p) => boardOf(p) !== boardOf(best))!;
    expect(boardOf(best)).toBe(1);
    expect(boardOf(other)).toBe(2);
    const tsh = await exported(id, td);
    expect(tsh.split('\n')[0]).toMatch(/; board 1 1 7;/);
  }, 60_000);
});
