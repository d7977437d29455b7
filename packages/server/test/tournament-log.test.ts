import { describe, expect, it } from 'vitest';
import { computeStandings, exportTsh, importTsh } from '@tessera/pairing';
import {
  KINGSTON_2023_AFTER_15,
  playerNames,
  realDivision,
} from '../../pairing/test/fixtures/real-states.ts';
import { gameRequest } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { replayRound } from './replay-helpers.ts';
import { setUpDivision, tournamentCalls, type User } from './tournament-helpers.ts';

const server = useTestServer();

const { pid, ok, refused, manager, newTournament, divisionState, score } = tournamentCalls(
  () => server,
);

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
    await score(id, td, 0, ps[0], ps[1], 450, 350);
    await score(id, td, 0, ps[2], ps[3], 300, 410);
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
    await score(id, td, 0, ps[0], ps[1], 350, 450, { amendment: true });
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
    await score(id, td, 0, ps[0], ps[1], 400, 399);
    const before = await ok('GetTournament', { id });
    await server.restart();
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
    const div = 'Kingston';
    await setUpDivision(server, td, id, {
      division: div,
      persons: users.map((u, i) => ({ id: u.username, rating: 2000 - i })),
      roundControls: Array.from({ length: state.numRounds }, () => ({
        pairingMethod: 'PAIRING_METHOD_MANUAL',
      })),
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        suspendedSpread: -50,
        gameRequest: gameRequest(),
      },
    });
    for (let r = 0; r < state.rounds.length; r++) {
      await replayRound(server, td, { id, division: div }, users, real, r);
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
    // Each pair was set with the lower seed as player one, who goes first
    // under the manual first method.
    const named = {
      ...real,
      players: real.players.map((p, i) => ({ ...p, name: users[i].username })),
      rounds: real.rounds.map((row) =>
        row.map((s, p) => (s && s.opponent !== p ? { ...s, first: p < s.opponent } : s)),
      ),
    };
    expect(tsh).toBe(exportTsh(named));
    const read = importTsh(tsh, state.numRounds);
    if (!read.ok) throw new Error(read.message);
    const back = read.value.division;
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
