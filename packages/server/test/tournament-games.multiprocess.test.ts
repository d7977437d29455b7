import { describe, expect, it } from 'vitest';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  ERRORS,
  MessageType,
  ReadyForTournamentGameSchema,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
  TournamentGameResult,
} from '@tessera/protocol';
import type { LogBody } from '@tessera/tournament';
import { gameRequest, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

const server = useTestServer();

const t = async (method: string, body: unknown, cookie?: string) => {
  const r = await rpc(server, 'TournamentService', method, body, { cookie });
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body as Record<string, unknown>;
};

describe('tournament games', () => {
  it('a round opens, both players mark ready (on two processes), the game starts with its placement and its result flows back', async () => {
    const td = await tournamentManager(server);
    const slug = uniqueName('cup');
    const id = await createTournament(server, td, { slug, name: 'Cup' });
    const { a, b, sa, sb, close } = await twoPlayers(server);
    await setUpDivision(server, td, id, {
      persons: [
        { id: a.username, rating: 1800 },
        { id: b.username, rating: 1700 },
      ],
      roundControls: [1, 2].map(() => ({ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' })),
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest(),
      },
    });
    // A visitor watches the tournament page and hears the round open.
    const watcher = await TestSocket.open(
      server,
      `?path=${encodeURIComponent(`/tournament/${slug}`)}`,
    );
    await Promise.all([sa, sb].map((s) => s.joinPath(`/tournament/${slug}`)));
    await t('StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    const started = await watcher.next(MessageType.TOURNAMENT_ROUND_STARTED);
    expect(started).toMatchObject({ tournamentId: id, division: 'A' });

    // Wrong round, then ready, then ready again.
    let from = sa.received.length;
    sa.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 1,
    });
    let err = await sa.next(MessageType.ERROR_MESSAGE, from);
    expect(String(err.message).split(';')[0]).toBe(String(ERRORS.TOURNAMENT_WRONG_ROUND.code));
    sa.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    const ready = await watcher.next(MessageType.TOURNAMENT_READY_STATE);
    expect(ready).toMatchObject({ playerId: `${a.userId}:${a.username}`, ready: true });
    from = sa.received.length;
    sa.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    err = await sa.next(MessageType.ERROR_MESSAGE, from);
    expect(String(err.message).split(';')[0]).toBe(String(ERRORS.TOURNAMENT_ALREADY_READY.code));
    const state = (await t('GetCompetitorState', { id }, b.cookie)) as { status: string };
    expect(state.status).toBe('COMPETITOR_STATUS_ROUND_OPPONENT_WAITING');

    // The second player is on the other process: the game starts for both.
    const fromA = sa.received.length;
    sb.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    const game = (await sa.next(MessageType.NEW_GAME_EVENT, fromA, 10_000)) as { gameId: string };
    await sb.next(MessageType.NEW_GAME_EVENT);
    const row = (await server.services.games.row(game.gameId))!;
    expect(row).toMatchObject({ tournament_id: id, division: 'A', round: 0, game_index: 0 });
    const div = (
      (await t('GetTournament', { id })).divisions as Record<
        string,
        {
          pairingMap: Record<
            string,
            { roundPairings: { players: number[]; games: { id: string }[] }[] }
          >;
          players: { id: string }[];
        }
      >
    ).A;
    const pairing = div.pairingMap['0'].roundPairings[0];
    expect(pairing.games[0].id).toBe(game.gameId);
    // Player one of the pairing moves first.
    const first = div.players[pairing.players[0]].id.split(':')[0];
    const g = await server.services.games.state(row);
    expect([row.player0_id, row.player1_id][g.firstPlayer]).toBe(first);

    // A resigns (on this process, which commits the game's end and tells its
    // after-commit subscribers): B's win is recorded by the tournament in the
    // game's transaction and reaches the realm as every change does, through
    // tournament.changed.
    const changes: LogBody[] = [];
    server.events.afterCommit('tournament.changed', 'test', (c) => {
      if (c.id === id) changes.push(...c.entries.map((e) => e.body));
    });
    sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId: game.gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    const ended = await watcher.next(MessageType.TOURNAMENT_GAME_ENDED, 0, 10_000);
    expect(ended).toMatchObject({ tournamentId: id, division: 'A', gameId: game.gameId });
    expect(changes).toEqual([expect.objectContaining({ kind: 'result.set', gameId: game.gameId })]);
    const after = (
      (await t('GetTournament', { id })).divisions as Record<
        string,
        { standingsMap: Record<string, { standings: { playerId: string; wins?: number }[] }> }
      >
    ).A;
    expect(after.standingsMap['0'].standings[0]).toMatchObject({
      playerId: `${b.userId}:${b.username}`,
      wins: 1,
    });
    expect(((await t('GetCompetitorState', { id }, b.cookie)) as { status: string }).status).toBe(
      'COMPETITOR_STATUS_ROUND_GAME_FINISHED',
    );
    const recent = (await t('RecentGames', { id, numGames: 30 })) as {
      games: { gameId: string }[];
    };
    expect(recent.games.map((x) => x.gameId)).toEqual([game.gameId]);
    watcher.close();
    close();
  }, 60_000);

  it('a club match request carries its club: the game is in the club recent games; an unknown club is refused', async () => {
    const td = await tournamentManager(server);
    const name = uniqueName('club');
    const id = await createTournament(server, td, {
      slug: name,
      name: 'Club',
      type: 'TOURNAMENT_TYPE_CLUB',
    });
    const { a, b, sa, sb, close } = await twoPlayers(server);
    const request = (tournamentId: string) => ({
      gameRequest: gameRequest({ rated: false }),
      receivingUser: { displayName: b.username },
      receiverIsPermanent: true,
      tournamentId,
    });
    let from = sa.received.length;
    sa.send(MessageType.MATCH_REQUEST, SeekRequestSchema, request('no-such-club'));
    const err = await sa.next(MessageType.ERROR_MESSAGE, from);
    expect(String(err.message)).toMatch(new RegExp(`^${ERRORS.SEEK_INVALID.code};unknown club`));
    from = sb.received.length;
    // The club by its page's slug (/club/<name>).
    sa.send(MessageType.MATCH_REQUEST, SeekRequestSchema, request(`/club/${name}`));
    const seek = (await sb.next(MessageType.SEEK_REQUEST, from)) as {
      gameRequest: { requestId: string };
      tournamentId: string;
    };
    expect(seek.tournamentId).toBe(id);
    const fromA = sa.received.length;
    sb.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId: seek.gameRequest.requestId,
    });
    const game = (await sa.next(MessageType.NEW_GAME_EVENT, fromA)) as { gameId: string };
    expect((await server.services.games.row(game.gameId))!.tournament_id).toBe(id);
    // A member on the club's page (on the other process in the two-process suite).
    const member = await registerUser(server);
    const page = await TestSocket.withToken(await server.peer(), member.cookie, `/club/${name}`);
    const fromPage = page.received.length;
    sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId: game.gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    await sa.next(MessageType.GAME_ENDED_EVENT, fromA, 10_000);
    // The page hears the game end, so its Recent games list refreshes.
    const ended = (await page.next(MessageType.TOURNAMENT_GAME_ENDED, fromPage, 10_000)) as {
      tournamentId: string;
      gameId: string;
      players: string[];
      results: number[];
    };
    expect(ended).toMatchObject({ tournamentId: id, gameId: game.gameId });
    expect(ended.players).toEqual([`${a.userId}:${a.username}`, `${b.userId}:${b.username}`]);
    expect(ended.results).toEqual([TournamentGameResult.LOSS, TournamentGameResult.WIN]);
    page.close();
    const recent = (await t('RecentGames', { id: `/club/${name}`, numGames: 30 })) as {
      games: { gameId: string; players: { nickname: string }[]; winner: number }[];
    };
    expect(recent.games.map((x) => x.gameId)).toEqual([game.gameId]);
    expect(recent.games[0].players.map((p) => p.nickname).sort()).toEqual(
      [a.username, b.username].sort(),
    );
    expect((await t('RecentGames', { id, numGames: 30, offset: 1 })).games ?? []).toEqual([]);
    close();
  }, 60_000);

  it('a round scheduled for later opens on its own, and auto-start begins its games without ready marks', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('auto'), name: 'Auto' });
    const ps = await Promise.all([registerUser(server), registerUser(server)]);
    await setUpDivision(server, td, id, {
      persons: ps.map((p) => ({ id: p.username })),
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest({ rated: false }),
        autoStart: true,
      },
    });
    // The first player hears their game start.
    const s0 = await TestSocket.withToken(server, ps[0].cookie);
    await s0.next(MessageType.SESSION_INFO);
    const at = Math.floor(Date.now() / 1000) + 3;
    await t(
      'StartRoundCountdown',
      { id, startAllRounds: true, startsAt: { seconds: String(at) } },
      td.cookie,
    );
    const division = async () =>
      (
        (await t('GetTournament', { id })).divisions as Record<
          string,
          {
            currentRound: number;
            pairingMap?: Record<string, { roundPairings: { games: { id: string }[] }[] }>;
          }
        >
      ).A;
    // Not open before its time: an answer that came back before `at` was read before it (on a
    // starved machine the answer may come later, and then it proves nothing either way).
    const early = await division();
    if (Date.now() < at * 1000) expect(early.currentRound).toBe(-1);
    const started = await s0.next(MessageType.NEW_GAME_EVENT, 0, 15_000);
    s0.close();
    const d = await division();
    expect(d.currentRound ?? 0).toBe(0);
    const gameId = d.pairingMap!['0'].roundPairings[0].games[0].id;
    expect(started.gameId).toBe(gameId);
    const row = (await server.services.games.row(gameId))!;
    expect(row).toMatchObject({ tournament_id: id, division: 'A', round: 0 });
    expect([row.player0_id, row.player1_id].sort()).toEqual(ps.map((p) => p.userId).sort());
  }, 60_000);

  it('in IRL mode players mark ready but no game starts on the site; scores come from the kiosk', async () => {
    const td = await tournamentManager(server);
    const id = await createTournament(server, td, { slug: uniqueName('irl'), name: 'IRL' });
    await t(
      'SetTournamentMetadata',
      { metadata: { id, irlMode: true }, setOnlySpecified: true },
      td.cookie,
    );
    const { a, b, sa, sb, close } = await twoPlayers(server);
    await setUpDivision(server, td, id, {
      persons: [{ id: a.username }, { id: b.username }],
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
      // IRL events need no game settings to open a round.
      divisionControls: { suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS' },
    });
    await t('StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    const status = async (cookie: string) =>
      ((await t('GetCompetitorState', { id }, cookie)) as { status: string }).status;
    expect(await status(a.cookie)).toBe('COMPETITOR_STATUS_ROUND_OPEN');
    const from = sa.received.length;
    sa.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    sb.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
    // Each socket handles its barrier after its ready mark.
    await Promise.all([sa.barrier(), sb.barrier()]);
    expect(await status(a.cookie)).toBe('COMPETITOR_STATUS_ROUND_READY');
    expect(await status(b.cookie)).toBe('COMPETITOR_STATUS_ROUND_READY');
    // Sent once both ready marks were handled: a game started by either has reached A by then.
    await sa.barrier();
    expect(sa.received.slice(from).some((m) => m.type === MessageType.NEW_GAME_EVENT)).toBe(false);
    await t(
      'SetResult',
      {
        id,
        division: 'A',
        round: 0,
        playerOneId: a.username,
        playerTwoId: b.username,
        playerOneScore: 390,
        playerTwoScore: 410,
      },
      b.cookie,
    );
    expect(await status(b.cookie)).toBe('COMPETITOR_STATUS_POSTTOURNEY');
    close();
  }, 60_000);
});
