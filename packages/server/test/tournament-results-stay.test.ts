/**
 * Issue 36, results that stay put: a director's re-pairing, a player's entry,
 * a finished event, a renamed division and division names never lose or
 * fake a result.
 */
import { describe, expect, it } from 'vitest';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import { gameRequest, twoPlayers } from './game-helpers.ts';
import { registerUser, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  playRoundOne,
  setUpDivision,
  tournamentCalls,
  tournamentManager,
  type User,
} from './tournament-helpers.ts';

const server = useTestServer();
const { ok, refused } = tournamentCalls(() => server);

const FL = 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS';
const KOTH = { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' };

/** A tournament with division A of n players and `rounds` rounds (king of the hill), not started. */
async function event(n: number, rounds: number, extra: Record<string, unknown> = {}, rc = KOTH) {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('r'), name: 'R', ...extra });
  const ps: User[] = [];
  for (let i = 0; i < n; i++) ps.push(await registerUser(server));
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: Array.from({ length: rounds }, () => rc),
    divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
  });
  return { td, id, ps, c: td.cookie };
}

type Pairing = { players: number[]; games: { scores: number[]; results: string[] }[] };
async function round(id: string, r: number, division = 'A'): Promise<Pairing[]> {
  const t = (await ok('GetTournament', { id })) as {
    divisions: Record<string, { pairingMap?: Record<string, { roundPairings: Pairing[] }> }>;
  };
  return t.divisions[division].pairingMap?.[r]?.roundPairings ?? [];
}

const result = (id: string, a: User, b: User, s1: number, s2: number, more = {}) => ({
  id,
  division: 'A',
  round: 0,
  playerOneId: a.username,
  playerTwoId: b.username,
  playerOneScore: s1,
  playerTwoScore: s2,
  ...more,
});

describe('a re-pairing of a round whose games are over (item 1)', () => {
  it('is refused in the spec words unless the director amends, and the amendment keeps the old result in the log', async () => {
    const { id, ps, c } = await event(4, 2);
    const [a, b, x, y] = ps;
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    // King of the hill: a-b, x-y.
    await ok('SetResult', result(id, a, b, 400, 300), c);
    await ok('SetResult', result(id, x, y, 350, 360), c);
    const pair = (p: User, q: User) => ({
      id,
      division: 'A',
      pairings: [{ playerOneId: p.username, playerTwoId: q.username, round: 0 }],
    });
    await refused('TOURNAMENT_PLAYERS_DID_NOT_PLAY', 'SetPairing', pair(a, x), c);
    // Re-sending the pair they played would wipe it too.
    await refused('TOURNAMENT_PLAYERS_DID_NOT_PLAY', 'SetPairing', pair(a, b), c);
    const before = await round(id, 0);
    expect(before.map((p) => p.games[0].scores)).toEqual([
      [400, 300],
      [350, 360],
    ]);
    await ok('SetPairing', { ...pair(a, x), amendment: true }, c);
    const log = (await ok('GetTournamentLog', { id }, c)) as {
      entries: { kind: string; payload: string }[];
    };
    const last = log.entries.at(-1)!;
    expect(last.kind).toBe('pairings.set');
    const body = JSON.parse(last.payload) as { replaced: { a: string; score: number }[] };
    expect(body.replaced.map((r) => r.score).sort()).toEqual([350, 400]);
  });
});

describe('a finished tournament (item 3)', () => {
  it('refuses amendments and unstart until unfinished; unstart asks for confirmation and is undone from the log', async () => {
    const { id, ps, c } = await event(2, 1);
    const [a, b] = ps;
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    await ok('SetResult', result(id, a, b, 400, 300), c);
    await ok('FinishTournament', { id }, c);
    await refused(
      'TOURNAMENT_FINISHED',
      'SetResult',
      result(id, a, b, 100, 500, { amendment: true }),
      c,
    );
    await refused('TOURNAMENT_FINISHED', 'UnstartTournament', { id, confirm: true }, c);
    await ok('UnfinishTournament', { id }, c);
    await refused('TOURNAMENT_UNSTART_CONFIRM', 'UnstartTournament', { id }, c);
    await ok('UnstartTournament', { id, confirm: true }, c);
    expect(await round(id, 0)).toEqual([]);
    await ok('UnstartTournament', { id, undo: true }, c);
    const back = (await ok('GetTournament', { id })) as { started?: boolean };
    expect(back.started).toBe(true);
    expect((await round(id, 0))[0].games[0].scores).toEqual([400, 300]);
    await refused('TOURNAMENT_NOTHING_TO_UNDO', 'UnstartTournament', { id, undo: true }, c);
  });
});

describe('a player in the kiosk (item 2)', () => {
  it('enters scores only; a second entry that disagrees is held for the director, not written over', async () => {
    const { id, ps, c } = await event(2, 1);
    const [a, b] = ps;
    await ok(
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      c,
    );
    await ok('StartRoundCountdown', { id, startAllRounds: true }, c);
    const WIN = 'TOURNAMENT_GAME_RESULT_WIN';
    for (const more of [
      { playerOneResult: WIN, playerTwoResult: 'TOURNAMENT_GAME_RESULT_LOSS' },
      {
        playerOneResult: 'TOURNAMENT_GAME_RESULT_VOID',
        playerTwoResult: 'TOURNAMENT_GAME_RESULT_VOID',
      },
      {
        playerOneResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_WIN',
        playerTwoResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameEndReason: 'GAME_END_REASON_FORCE_FORFEIT',
      },
    ])
      await refused(
        'TOURNAMENT_NOT_DIRECTOR',
        'SetResult',
        result(id, a, b, 100, 500, more),
        a.cookie,
      );
    expect((await round(id, 0))[0].games[0].results).toEqual([
      'TOURNAMENT_GAME_RESULT_NO_RESULT',
      'TOURNAMENT_GAME_RESULT_NO_RESULT',
    ]);
    // The result follows from the scores.
    await ok('SetResult', result(id, a, b, 400, 300), a.cookie);
    // The opponent's entry that agrees changes nothing; one that disagrees is held.
    await ok('SetResult', result(id, b, a, 300, 400), b.cookie);
    await ok('SetResult', result(id, b, a, 310, 400), b.cookie);
    const [game] = (await round(id, 0))[0].games;
    expect(game.scores).toEqual([400, 300]);
    expect(game.results[0]).toBe(WIN);
    const log = (await ok('GetTournamentLog', { id }, c)) as {
      entries: { kind: string; payload: string }[];
    };
    const kinds = log.entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'result.set')).toHaveLength(1);
    expect(kinds.at(-1)).toBe('score.held');
    expect(JSON.parse(log.entries.at(-1)!.payload)).toMatchObject({ scoreA: 310, scoreB: 400 });
  });
});

describe('a division renamed mid-round (item 4)', () => {
  it('keeps the result of a game that ends after the rename, and the next round opens', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('rn'), name: 'Rn' });
    const p = await twoPlayers(server);
    await setUpDivision(server, td, id, {
      persons: [
        { id: p.a.username, rating: 1800 },
        { id: p.b.username, rating: 1700 },
      ],
      roundControls: [1, 2].map(() => ({ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' })),
      divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
    });
    const gameId = await playRoundOne(server, p, id, td);
    await ok('RenameDivision', { id, division: 'A', newName: 'Open' }, td.cookie);
    const from = p.sa.received.length;
    p.sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    await p.sa.next(MessageType.GAME_ENDED_EVENT, from, 10_000);
    const [pairing] = await round(id, 0, 'Open');
    expect(pairing.games[0].results).toContain('TOURNAMENT_GAME_RESULT_WIN');
    await ok('StartRoundCountdown', { id, division: 'Open', round: 1 }, td.cookie);
    p.close();
  });
});

describe('a player named in another division (item 18)', () => {
  it('is told where they play, not "User … not found."', async () => {
    const { id, ps, c } = await event(2, 2);
    const erin = await registerUser(server);
    await ok('AddDivision', { id, division: 'B' }, c);
    await ok(
      'AddPlayers',
      { id, division: 'B', persons: [{ id: erin.username, rating: 1500 }] },
      c,
    );
    const r = await refused(
      'TOURNAMENT_PLAYER_OTHER_DIVISION',
      'SetPairing',
      {
        id,
        division: 'A',
        pairings: [{ playerOneId: ps[0].username, playerTwoId: erin.username, round: 1 }],
      },
      c,
    );
    // The catalogue's text, with the player, where they play and where they were named.
    expect(r.body.message).toBe(`1256;${erin.username};B;A`);
    await refused(
      'TOURNAMENT_PLAYER_OTHER_DIVISION',
      'SetResult',
      result(id, ps[0], erin, 300, 200),
      c,
    );
  });
});
