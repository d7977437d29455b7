import { describe, expect, it } from 'vitest';
import { computeStandings, importTsh } from '@tessera/pairing';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

/** A `.t` file this test knows to be readable. */
function readTsh(text: string, numRounds?: number) {
  const r = importTsh(text, numRounds);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/**
 * A director runs a 30-round event of two divisions through the service:
 * Swiss pairings made when each round opens, a late entry, a withdrawal, an
 * amended old score and a server restart in the middle. Every round's
 * standings are checked against the pairing engine run on the exported TSH
 * file, and the event can be finished and exported at the end.
 */
const server = useTestServer();

type User = Awaited<ReturnType<typeof registerUser>>;
type Division = {
  currentRound?: number;
  players: { id: string; suspended?: boolean }[];
  pairingMap: Record<string, { roundPairings: { players: number[]; outcomes?: string[] }[] }>;
  standingsMap: Record<string, { standings: { playerId: string; spread?: number }[] }>;
};

async function ok(method: string, body: unknown, cookie?: string) {
  const r = await rpc(server, 'TournamentService', method, body, { cookie });
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown>;
}

describe('a 30-round, two-division event', () => {
  it('late entry, withdrawal, amendment and a restart: standings and exports stay right', async () => {
    const ROUNDS = 30;
    const td = await tournamentManager(server);
    const c = td.cookie;
    const id = await createTournament(server, td, { slug: uniqueName('big'), name: 'Big' });
    const divisions = ['Premier', 'Open'];
    const players: Record<string, User[]> = {};
    for (const [k, name] of divisions.entries()) {
      players[name] = [];
      for (let i = 0; i < 7 + k; i++) players[name].push(await registerUser(server));
      await setUpDivision(server, td, id, {
        division: name,
        persons: players[name].map((p, i) => ({ id: p.username, rating: 2000 - i * 10 })),
        roundControls: Array.from({ length: ROUNDS }, () => ({
          pairingMethod: 'PAIRING_METHOD_SWISS',
          maxRepeats: 4,
          allowOverMaxRepeats: true,
        })),
        divisionControls: {
          suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
          suspendedSpread: -50,
          gameRequest: gameRequest(),
          gibsonize: true,
          gibsonSpread: 250,
        },
      });
    }
    const get = async () =>
      (await ok('GetTournament', { id })).divisions as Record<string, Division>;
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };

    for (let r = 0; r < ROUNDS; r++) {
      if (r === 5) {
        const late = await registerUser(server);
        players.Premier.push(late);
        await ok(
          'AddPlayers',
          { id, division: 'Premier', persons: [{ id: late.username, rating: 1500 }] },
          c,
        );
      }
      if (r === 12)
        await ok(
          'RemovePlayers',
          { id, division: 'Open', persons: [{ id: players.Open[2].username }] },
          c,
        );
      if (r === 15) await server.restart();
      await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
      const state = await get();
      for (const name of divisions) {
        const d = state[name];
        for (const pr of d.pairingMap[String(r)].roundPairings) {
          const [a, b] = pr.players;
          if (
            a === b ||
            (pr.outcomes?.[0] ?? 'TOURNAMENT_GAME_RESULT_NO_RESULT') !==
              'TOURNAMENT_GAME_RESULT_NO_RESULT'
          )
            continue; // byes and forfeits are results already
          const s1 = 300 + Math.floor(rand() * 200);
          const s2 = 300 + Math.floor(rand() * 200);
          await ok(
            'SetResult',
            {
              id,
              division: name,
              round: r,
              playerOneId: d.players[a].id,
              playerTwoId: d.players[b].id,
              playerOneScore: s1,
              playerTwoScore: s2,
            },
            c,
          );
        }
      }
      if (r === 20) {
        // An old score was entered wrongly: amend round 2 of Premier.
        const d = (await get()).Premier;
        const pr = d.pairingMap['1'].roundPairings.find((p) => p.players[0] !== p.players[1])!;
        await ok(
          'SetResult',
          {
            id,
            division: 'Premier',
            round: 1,
            playerOneId: d.players[pr.players[0]].id,
            playerTwoId: d.players[pr.players[1]].id,
            playerOneScore: 600,
            playerTwoScore: 250,
            amendment: true,
          },
          c,
        );
      }
    }
    await ok('FinishTournament', { id }, c);

    // The exported .t files, read back by the pairing engine, give the same standings round by round.
    const final = await get();
    for (const name of divisions) {
      const tsh = (
        await ok('ExportTournament', { id, format: 'EXPORT_FORMAT_TSH', division: name }, c)
      ).exported as string;
      const back = readTsh(tsh, ROUNDS).division;
      const d = final[name];
      expect(back.players.length).toBe(d.players.length);
      for (let r = 0; r < ROUNDS; r++) {
        const want = computeStandings(back, r).map((s) => d.players[s.player].id);
        const got = d.standingsMap[String(r)].standings.map((s) => s.playerId);
        expect(got, `${name} after round ${r + 1}`).toEqual(want);
      }
      const csv = (
        await ok(
          'ExportTournament',
          { id, format: 'EXPORT_FORMAT_STANDINGSONLY', division: name },
          c,
        )
      ).exported as string;
      expect(csv.trim().split('\n')).toHaveLength(d.players.length + 1);
    }
    // The late entry lost rounds 1-5 by forfeit.
    const premier = final.Premier;
    const lateIdx = premier.players.length - 1;
    for (let r = 0; r < 5; r++) {
      const pr = premier.pairingMap[String(r)].roundPairings.find((p) =>
        p.players.includes(lateIdx),
      )!;
      expect(pr.outcomes?.[0]).toBe('TOURNAMENT_GAME_RESULT_FORFEIT_LOSS');
    }
    const open = final.Open;
    expect(open.players[2].suspended).toBe(true);
    // From round 13 on they are paired with no one and lose each round by forfeit (TSH's `off`).
    for (let r = 12; r < ROUNDS; r++) {
      const mine = open.pairingMap[String(r)].roundPairings.filter((p) => p.players.includes(2));
      expect(mine.map((p) => [p.players, p.outcomes?.[0]])).toEqual([
        [[2, 2], 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS'],
      ]);
    }
    // The log holds every step, and a prefix of it is the state of that time.
    const log = (await ok('GetTournamentLog', { id }, c)).entries as {
      kind: string;
      seq: string;
    }[];
    expect(log.filter((e) => e.kind === 'round.started')).toHaveLength(ROUNDS * 2);
    const asOf10 = (await ok('GetTournamentAsOfRound', { id, round: 9 })).divisions as Record<
      string,
      Division
    >;
    expect(asOf10.Open.currentRound).toBe(9);
    expect(asOf10.Open.players[2].suspended ?? false).toBe(false);
  }, 600_000);
});
