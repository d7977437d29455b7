/**
 * Issue 36, item 12: GetTournament by page. A page holds the rounds asked
 * for (and the current one, if asked), a slice of each round's pairs and
 * standings, and is open to anyone as the whole answer is; bad page inputs
 * are refused with their codes. Unpaged requests get every round, as before.
 */
import { describe, expect, it } from 'vitest';
import { gameRequest } from './game-helpers.ts';
import { registerUser, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  setUpDivision,
  tournamentCalls,
  tournamentManager,
  type User,
} from './tournament-helpers.ts';

const server = useTestServer();
const { ok, refused } = tournamentCalls(() => server);

type Division = {
  players: unknown[];
  pairingMap?: Record<string, { roundPairings: { players: number[] }[] }>;
  standingsMap?: Record<string, { standings: { playerId: string }[] }>;
};
const divisionOf = (t: Record<string, unknown>) =>
  (t as { divisions: Record<string, Division> }).divisions.A;

/** Six players, four rounds of king of the hill; round 0 played, round 1 open. */
async function event() {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('pg'), name: 'Paged' });
  const ps: User[] = [];
  for (let i = 0; i < 6; i++) ps.push(await registerUser(server));
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: Array.from({ length: 4 }, () => ({
      pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL',
    })),
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    },
  });
  const c = td.cookie;
  await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
  for (const [a, b] of [
    [0, 1],
    [2, 3],
    [4, 5],
  ])
    await ok(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: ps[a].username,
        playerTwoId: ps[b].username,
        playerOneScore: 400 + a,
        playerTwoScore: 300,
        gameEndReason: 'GAME_END_REASON_STANDARD',
      },
      c,
    );
  await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
  return { id, c };
}

describe('GetTournament by page (issue 36 item 12)', () => {
  it('holds only the rounds asked for, a slice of each, for anyone; unpaged holds every round', async () => {
    const { id } = await event();
    const whole = divisionOf(await ok('GetTournament', { id }));
    expect(Object.keys(whole.pairingMap!).sort()).toEqual(['0', '1']);
    expect(Object.keys(whole.standingsMap!).sort()).toEqual(['0', '1']);

    // No cookie: the page is as public as the whole answer.
    const round0 = divisionOf(await ok('GetTournament', { id, paged: true, rounds: [0] }));
    expect(Object.keys(round0.pairingMap!)).toEqual(['0']);
    expect(Object.keys(round0.standingsMap!)).toEqual(['0']);
    expect(round0.pairingMap!['0']).toEqual(whole.pairingMap!['0']);
    expect(round0.standingsMap!['0']).toEqual(whole.standingsMap!['0']);
    expect(round0.players).toEqual(whole.players);

    const current = divisionOf(
      await ok('GetTournament', { id, paged: true, division: 'A', currentRound: true }),
    );
    // The current round and the one before: round 2 is not paired yet, round 3 not asked.
    expect(Object.keys(current.pairingMap!).sort()).toEqual(['0', '1']);
    expect(Object.keys(current.standingsMap!).sort()).toEqual(['0', '1']);

    const slice = divisionOf(
      await ok('GetTournament', { id, paged: true, rounds: [0], offset: 1, limit: 2 }),
    );
    expect(slice.pairingMap!['0'].roundPairings).toEqual(
      whole.pairingMap!['0'].roundPairings.slice(1, 3),
    );
    expect(slice.standingsMap!['0'].standings).toEqual(
      whole.standingsMap!['0'].standings.slice(1, 3),
    );
  });

  it('refuses a negative or huge limit, a negative offset, a round not of the division and too many rounds', async () => {
    const { id } = await event();
    const page = (more: Record<string, unknown>) => ({ id, paged: true, ...more });
    await refused('TOURNAMENT_PAGE_RANGE', 'GetTournament', page({ limit: -1 }));
    await refused('TOURNAMENT_PAGE_RANGE', 'GetTournament', page({ limit: 1001 }));
    await refused('TOURNAMENT_PAGE_RANGE', 'GetTournament', page({ limit: 2147483647 }));
    await refused('TOURNAMENT_PAGE_RANGE', 'GetTournament', page({ offset: -5 }));
    await refused('TOURNAMENT_PAGE_ROUND', 'GetTournament', page({ rounds: [-7] }));
    await refused('TOURNAMENT_PAGE_ROUND', 'GetTournament', page({ division: 'A', rounds: [4] }));
    await refused(
      'TOURNAMENT_PAGE_TOO_MANY_ROUNDS',
      'GetTournament',
      page({ rounds: Array.from({ length: 51 }, () => 0) }),
    );
    await refused('TOURNAMENT_DIVISION_NOT_FOUND', 'GetTournament', page({ division: 'Z' }));
  });
});
