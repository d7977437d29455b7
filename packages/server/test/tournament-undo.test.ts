/**
 * Issue 36, item 19 (decision 0150): a director undoes the last action or
 * restores the event as of a round, each a log entry of its own; a player
 * withdraws or changes division before the start.
 */
import { describe, expect, it } from 'vitest';
import { gameRequest, twoPlayers } from './game-helpers.ts';
import { MessageType } from '@tessera/protocol';
import { registerUser, TestSocket, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  playRoundOne,
  setUpDivision,
  tournamentCalls,
  tournamentManager,
  type User,
} from './tournament-helpers.ts';

const server = useTestServer();
const { ok, refused, pid } = tournamentCalls(() => server);

const FL = 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS';
const KOTH = { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' };

/** Division A of four players, three rounds of king of the hill, not started. */
async function event() {
  const td = await tournamentManager(server);
  const slug = uniqueName('u');
  const id = await createTournament(server, td, { slug, name: 'Undo' });
  const ps: User[] = [];
  for (let i = 0; i < 4; i++) ps.push(await registerUser(server));
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: [KOTH, KOTH, KOTH],
    divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
  });
  return { td, id, slug, ps, c: td.cookie };
}

const result = (id: string, round: number, a: User, b: User, s1: number, s2: number) => ({
  id,
  division: 'A',
  round,
  playerOneId: a.username,
  playerTwoId: b.username,
  playerOneScore: s1,
  playerTwoScore: s2,
  amendment: true,
});

/** What a viewer of division A sees: its standings, pairings and current round. */
async function shown(id: string) {
  const t = (await ok('GetTournament', { id })) as {
    divisions: Record<string, Record<string, unknown>>;
  };
  const d = t.divisions.A;
  return {
    standings: d.standingsMap ?? {},
    pairings: d.pairingMap ?? {},
    round: d.currentRound ?? 0,
  };
}

async function logEntries(id: string, cookie: string) {
  const r = (await ok('GetTournamentLog', { id }, cookie)) as {
    entries: { kind: string; payload: string; actor: string }[];
  };
  return r.entries;
}

/** Round 1 played (KOTH: p0-p1, p2-p3), round 2 opened (p0-p2, p1-p3 by the results). */
async function twoRoundsIn() {
  const e = await event();
  const [a, b, x, y] = e.ps;
  await ok('StartRoundCountdown', { id: e.id, startAllRounds: true }, e.c);
  await ok('SetResult', result(e.id, 0, a, b, 400, 300), e.c);
  await ok('SetResult', result(e.id, 0, x, y, 380, 390), e.c);
  const afterRoundOne = await shown(e.id);
  await ok('StartRoundCountdown', { id: e.id, startAllRounds: true }, e.c);
  return { ...e, afterRoundOne };
}

describe('undo of the last director action', () => {
  it('puts back the exact standings, asks before removing results, and goes one action further back each time', async () => {
    const { id, ps, c, td } = await twoRoundsIn();
    const [a, b, , y] = ps;
    await ok('SetResult', result(id, 1, a, y, 410, 350), c);
    const before = await shown(id);
    // An amendment of round 1 moves the standings.
    await ok('SetResult', result(id, 0, a, b, 300, 450), c);
    expect(await shown(id)).not.toEqual(before);
    await refused('TOURNAMENT_UNDO_CONFIRM', 'UndoLastAction', { id }, c);
    await ok('UndoLastAction', { id, confirm: true }, c);
    expect(await shown(id)).toEqual(before);
    // Again: the result of round 2 goes; again: round 2 is no longer open.
    await ok('UndoLastAction', { id, confirm: true }, c);
    expect(((await shown(id)).pairings as Record<string, unknown>)[1]).toBeDefined();
    await ok('UndoLastAction', { id }, c);
    expect((await shown(id)).round).toBe(0);
    // The log keeps everything and says who undid what.
    const log = await logEntries(id, c);
    const undos = log.filter((e) => e.kind === 'action.undone');
    expect(undos).toHaveLength(3);
    expect(undos.map((e) => e.actor)).toEqual([pid(td), pid(td), pid(td)]);
    const first = JSON.parse(undos[0].payload) as {
      kinds: string[];
      lost: number;
      state?: unknown;
    };
    expect(first).toMatchObject({ kinds: ['result.set'], lost: 1 });
    expect(first.state).toBeUndefined();
    expect(log.filter((e) => e.kind === 'result.set')).toHaveLength(4);
  });

  it('is refused with nothing to undo, on a finished event, and for anyone but a full director', async () => {
    const { id, ps, c, td } = await event();
    const fresh = await createTournament(server, td, { slug: uniqueName('u'), name: 'New' });
    await refused('TOURNAMENT_UNDO_NOTHING', 'UndoLastAction', { id: fresh }, c);
    const reader = await registerUser(server);
    await ok('AddDirectors', { id, persons: [{ id: reader.username, rating: -1 }] }, c);
    for (const method of ['UndoLastAction', 'RestoreAsOfRound']) {
      await refused('NOT_LOGGED_IN', method, { id, confirm: true });
      await refused('TOURNAMENT_NOT_DIRECTOR', method, { id, confirm: true }, ps[0].cookie);
      await refused('TOURNAMENT_READ_ONLY_DIRECTOR', method, { id, confirm: true }, reader.cookie);
    }
    // A one-round event, finished.
    const one = await createTournament(server, td, { slug: uniqueName('u'), name: 'One' });
    await setUpDivision(server, td, one, {
      persons: ps.slice(0, 2).map((p) => ({ id: p.username, rating: 1500 })),
      roundControls: [KOTH],
      divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
    });
    await ok('StartRoundCountdown', { id: one, startAllRounds: true }, c);
    await ok('SetResult', { ...result(one, 0, ps[0], ps[1], 400, 300) }, c);
    await ok('FinishTournament', { id: one }, c);
    await refused('TOURNAMENT_FINISHED', 'UndoLastAction', { id: one, confirm: true }, c);
    await refused('TOURNAMENT_FINISHED', 'RestoreAsOfRound', { id: one, confirm: true }, c);
    // Unfinish is itself an action: undoing it finishes the event again.
    await ok('UnfinishTournament', { id: one }, c);
    await ok('UndoLastAction', { id: one }, c);
    expect((await ok('GetTournament', { id: one })).finished).toBe(true);
  });

  it('is refused while a game of what it takes back is in progress', async () => {
    const p = await twoPlayers(server);
    try {
      const td = await tournamentManager(server);
      const id = await createTournament(server, td, { slug: uniqueName('u'), name: 'Live' });
      await setUpDivision(server, td, id, {
        persons: [
          { id: p.a.username, rating: 1800 },
          { id: p.b.username, rating: 1700 },
        ],
        roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
        divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
      });
      await playRoundOne(server, p, id, td);
      await refused(
        'TOURNAMENT_UNDO_GAMES_IN_PROGRESS',
        'UndoLastAction',
        { id, confirm: true },
        td.cookie,
      );
    } finally {
      p.close();
    }
  });
});

describe('restore as of a round', () => {
  it('gives the state the log had once that round was over, and is itself undone', async () => {
    const { id, slug, ps, c, td, afterRoundOne } = await twoRoundsIn();
    const [a, , , y] = ps;
    await ok('SetResult', result(id, 1, a, y, 410, 350), c);
    const later = await shown(id);
    // A page watching the event hears the restored division.
    const watcher = await TestSocket.withToken(server, td.cookie, `/tournament/${slug}`);
    await refused('TOURNAMENT_UNDO_CONFIRM', 'RestoreAsOfRound', { id, round: 0 }, c);
    await refused(
      'TOURNAMENT_RESTORE_ROUND',
      'RestoreAsOfRound',
      { id, round: 1, confirm: true },
      c,
    );
    await refused(
      'TOURNAMENT_RESTORE_ROUND',
      'RestoreAsOfRound',
      { id, round: -3, confirm: true },
      c,
    );
    const heard = watcher.received.length;
    await ok('RestoreAsOfRound', { id, round: 0, confirm: true }, c);
    expect(await shown(id)).toEqual(afterRoundOne);
    await watcher.nextWhere(
      MessageType.TOURNAMENT_DIVISION,
      (m) => m.division === 'A',
      heard,
      10_000,
    );
    watcher.close();
    const log = await logEntries(id, c);
    expect(log.at(-1)).toMatchObject({ kind: 'round.restored' });
    expect(JSON.parse(log.at(-1)!.payload)).toMatchObject({ round: 0, lost: 1 });
    await ok('UndoLastAction', { id }, c);
    expect(await shown(id)).toEqual(later);
  });
});

describe('a player before the start', () => {
  it('changes division or withdraws, and is refused into a missing, the same or a started division', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('u'), name: 'Self' });
    const ps: User[] = [];
    for (let i = 0; i < 5; i++) ps.push(await registerUser(server));
    for (const division of ['A', 'B'])
      await setUpDivision(server, td, id, {
        division,
        persons: [],
        roundControls: [KOTH],
        divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
      });
    await ok(
      'AddPlayers',
      { id, division: 'A', persons: ps.map((p) => ({ id: p.username, rating: 1500 })) },
      td.cookie,
    );
    const [a, b, x] = ps;
    const outsider = await registerUser(server);
    await refused(
      'TOURNAMENT_NOT_REGISTERED',
      'ChangeMyDivision',
      { id, division: 'B' },
      outsider.cookie,
    );
    await refused(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'ChangeMyDivision',
      { id, division: 'Z' },
      a.cookie,
    );
    await refused('TOURNAMENT_SAME_DIVISION', 'ChangeMyDivision', { id, division: 'A' }, a.cookie);
    await ok('ChangeMyDivision', { id, division: 'B' }, a.cookie);
    await ok('ChangeMyDivision', { id, division: 'B' }, b.cookie);
    await ok('Register', { id, register: false }, x.cookie);
    const t = (await ok('GetTournament', { id })) as {
      divisions: Record<string, { players?: { id: string }[] }>;
    };
    const ids = (d: string) => (t.divisions[d].players ?? []).map((p) => p.id).sort();
    expect(ids('B')).toEqual([pid(a), pid(b)].sort());
    expect(ids('A')).toEqual([pid(ps[3]), pid(ps[4])].sort());
    const log = await logEntries(id, td.cookie);
    expect(log.find((e) => e.kind === 'player.moved')?.actor).toBe(pid(a));
    expect(log.find((e) => e.kind === 'unregistered')?.actor).toBe(pid(x));
    await ok('StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    await refused(
      'TOURNAMENT_ALREADY_STARTED',
      'ChangeMyDivision',
      { id, division: 'A' },
      a.cookie,
    );
    await refused('TOURNAMENT_ALREADY_STARTED', 'Register', { id, register: false }, b.cookie);
  });
});
