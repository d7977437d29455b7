import { describe, expect, it } from 'vitest';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  ERRORS,
  MessageType,
} from '@tessera/protocol';
import { bestMove, gameRequest, sendMove, startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  playRoundOne,
  setUpDivision,
  tournamentManager,
} from './tournament-helpers.ts';

/**
 * Who watches a tournament game how (docs/product/tournaments.md §6): its
 * directors free of observer restrictions (both racks, the record while it
 * is on); other watchers, with private analysis on, without the record and
 * told why until the game is over; visitors still without tiles. And a
 * player who registers is seeded with their rating for the division.
 */
const server = useTestServer();

type User = Awaited<ReturnType<typeof registerUser>>;
type Body = Record<string, unknown>;

const call = async (service: string, method: string, body: unknown, cookie?: string) =>
  rpc(server, service, method, body, { cookie });
const t = async (method: string, body: unknown, cookie: string) => {
  const r = await call('TournamentService', method, body, cookie);
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body as Body;
};
const code = (r: { body: unknown }) => String((r.body as Body).message ?? '').split(';')[0];

/** A tournament (its creator a Tournament Manager) with division A of the given players. */
async function tournament(players: User[], privateAnalysis: boolean) {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('w'), name: 'Watched' });
  if (privateAnalysis)
    await t(
      'SetTournamentMetadata',
      { metadata: { id, privateAnalysis: true }, setOnlySpecified: true },
      td.cookie,
    );
  await setUpDivision(server, td, id, {
    persons: players.map((p) => ({ id: p.username })),
    roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest({ rated: false }),
    },
  });
  return { id, td };
}

const racksOf = (h: unknown) => ((h as Body).racks as string[]).filter((r) => r !== '').length;

describe('watching a tournament game', () => {
  it('a director removed from the tournament stops seeing the racks on the socket already open (issue 36, item 9)', async () => {
    const p = await twoPlayers(server);
    const { id, td } = await tournament([p.a, p.b], false);
    const ro = await registerUser(server);
    await t('AddDirectors', { id, persons: [{ id: ro.username, rating: -1 }] }, td.cookie);
    const gameId = await playRoundOne(server, p, id, td);
    // On the other process: the removal is told to every process.
    const director = await TestSocket.withToken(await server.peer(), ro.cookie, `/game/${gameId}`);
    const first = (await director.next(MessageType.GAME_HISTORY_REFRESHER)) as { history: Body };
    expect(racksOf(first.history)).toBe(2);
    const from = director.received.length;
    await t('RemoveDirectors', { id, persons: [{ id: ro.username }] }, td.cookie);
    // The open page is given the watcher's view at once...
    const now = (await director.next(MessageType.GAME_HISTORY_REFRESHER, from, 20_000)) as {
      history: Body;
    };
    expect(racksOf(now.history)).toBe(0);
    // ...and a move no longer carries the mover's rack to it.
    const m = await bestMove(server, gameId);
    const mover = m.g.players[m.player].userId === p.a.userId ? p.sa : p.sb;
    const fromD = director.received.length;
    sendMove(mover, gameId, m.text);
    const seen = (await director.next(MessageType.SERVER_GAMEPLAY_EVENT, fromD)) as {
      events: Body[];
    };
    expect(seen.events[0].rack).toBe('');
    director.close();
    p.close();
  }, 60_000);

  it('with private analysis: directors see both racks and the record, other watchers are refused the record until the end', async () => {
    const p = await twoPlayers(server);
    const { id, td } = await tournament([p.a, p.b], true);
    // A read-only director who holds no site role.
    const ro = await registerUser(server);
    await t('AddDirectors', { id, persons: [{ id: ro.username, rating: -1 }] }, td.cookie);
    const gameId = await playRoundOne(server, p, id, td);
    const path = `/game/${gameId}`;
    const w = await registerUser(server);
    const watcher = await TestSocket.withToken(server, w.cookie, path);
    const director = await TestSocket.withToken(await server.peer(), ro.cookie, path);
    const visitor = await TestSocket.open(server, `?path=${encodeURIComponent(path)}`);
    const [wh, dh, vh] = (await Promise.all(
      [watcher, director, visitor].map((s) => s.next(MessageType.GAME_HISTORY_REFRESHER)),
    )) as { history: Body }[];
    expect(racksOf(wh.history)).toBe(0);
    expect(wh.history.analysisAfterEnd).toBe(true);
    expect(racksOf(dh.history)).toBe(2);
    expect(dh.history.analysisAfterEnd ?? false).toBe(false);
    expect(vh.history.tilesHidden).toBe(true);
    expect(racksOf(vh.history)).toBe(0);

    // The record: refused to the watcher with its own code, given to directors.
    for (const method of ['GetGCG', 'GetGameDocument']) {
      const refused = await call('GameMetadataService', method, { gameId }, w.cookie);
      expect(code(refused), method).toBe(String(ERRORS.TOURNAMENT_ANALYSIS_PRIVATE.code));
      for (const who of [ro, td])
        expect((await call('GameMetadataService', method, { gameId }, who.cookie)).status).toBe(
          200,
        );
    }
    const history = async (cookie?: string) =>
      (await call('GameMetadataService', 'GetGameHistory', { gameId }, cookie)).body as Body;
    expect(((await history(w.cookie)).history as Body).analysisAfterEnd).toBe(true);
    expect(racksOf((await history(ro.cookie)).history)).toBe(2);
    expect(racksOf((await history(td.cookie)).history)).toBe(2);
    expect(((await history()).history as Body).tilesHidden).toBe(true);

    // A move: the director's live update carries the mover's rack, the watcher's does not.
    const m = await bestMove(server, gameId);
    const mover = m.g.players[m.player].userId === p.a.userId ? p.sa : p.sb;
    const fromW = watcher.received.length;
    const fromD = director.received.length;
    sendMove(mover, gameId, m.text);
    const seen = async (s: TestSocket, from: number) =>
      ((await s.next(MessageType.SERVER_GAMEPLAY_EVENT, from)) as { events: Body[] }).events;
    const [we, de] = await Promise.all([seen(watcher, fromW), seen(director, fromD)]);
    expect(de[0].rack).toBe(m.rack);
    expect(we[0].rack).toBe('');
    expect(we[0].playedTiles).not.toBe('');
    await Promise.all([watcher.barrier(), director.barrier()]);
    // Each watcher had exactly one form of the move.
    const updates = (s: TestSocket, from: number) =>
      s.received.slice(from).filter((r) => r.type === MessageType.SERVER_GAMEPLAY_EVENT).length;
    expect([updates(watcher, fromW), updates(director, fromD)]).toEqual([1, 1]);

    // Once the game is over the watcher may analyze.
    const from = mover.received.length;
    mover.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    await mover.next(MessageType.GAME_ENDED_EVENT, from);
    expect((await call('GameMetadataService', 'GetGCG', { gameId }, w.cookie)).status).toBe(200);
    expect(((await history(w.cookie)).history as Body).analysisAfterEnd ?? false).toBe(false);
    for (const s of [watcher, director, visitor]) s.close();
    p.close();
  }, 60_000);

  it('without private analysis: watchers are not told to wait, and the record waits for the end as for any game', async () => {
    const p = await twoPlayers(server);
    const { id, td } = await tournament([p.a, p.b], false);
    const gameId = await playRoundOne(server, p, id, td);
    const w = await registerUser(server);
    const h = (await call('GameMetadataService', 'GetGameHistory', { gameId }, w.cookie))
      .body as Body;
    expect((h.history as Body).analysisAfterEnd ?? false).toBe(false);
    const gcg = await call('GameMetadataService', 'GetGCG', { gameId }, w.cookie);
    expect(code(gcg)).toBe(String(ERRORS.GAME_RULE.code));
    p.close();
  }, 60_000);
});

describe('registering', () => {
  it("seeds the player with their rating for the division's lexicon, variant and time control", async () => {
    // A rated game won by resignation gives the winner a rating of their own.
    const p = await twoPlayers(server);
    const gameId = await startGame(p.sa, p.sb);
    const row = (await server.services.games.row(gameId))!;
    const loserSeat = row.player_on_turn;
    const loser = loserSeat === 0 ? row.player0_id : row.player1_id;
    const from = p.byId(loser).received.length;
    p.byId(loser).send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    await p.byId(loser).next(MessageType.GAME_ENDED_EVENT, from);
    const winner = loser === p.a.userId ? p.b : p.a;
    const [changes] = await Promise.all([server.services.ratings.changesFor(gameId)]);
    const after = Math.round(changes.find((c) => c.userId === winner.userId)!.after);
    expect(after).toBeGreaterThan(1500);

    const { id, td } = await tournament([], false);
    // The division's game request is the one the game was rated under (but rated).
    await t(
      'SetDivisionControls',
      {
        id,
        division: 'A',
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
      td.cookie,
    );
    await t('OpenRegistration', { id }, td.cookie);
    await t('Register', { id, division: 'A', register: true }, winner.cookie);
    const newcomer = await registerUser(server);
    await t('Register', { id, division: 'A', register: true }, newcomer.cookie);
    const div = ((await t('GetTournament', { id }, td.cookie)).divisions as Body).A as {
      players: { id: string; rating?: number }[];
    };
    const rating = (u: User) =>
      div.players.find((x) => x.id === `${u.userId}:${u.username}`)?.rating;
    expect(rating(winner)).toBe(after);
    // A player without games in it gets the rating module's starting figure.
    const [start] = await server.services.ratings.getMany([
      { userId: newcomer.userId, key: 'unused' },
    ]);
    expect(rating(newcomer)).toBe(Math.round(start.rating));
    p.close();
  }, 60_000);
});
