/**
 * Issue 36, acceptance at scale: auto-start begins a whole round's games at
 * once. Each pairing gets exactly one game, each player hears theirs, and the
 * watchers hear the round's games together (one change for the round), not
 * the round's pairings again for every game started.
 */
import { describe, expect, it } from 'vitest';
import { MessageType } from '@tessera/protocol';
import { gameRequest } from './game-helpers.ts';
import { registerUser, TestSocket, uniqueName, useTestServer } from './harness.ts';
import { setUpDivision, tournamentManager, tournamentOk } from './tournament-helpers.ts';

const server = useTestServer();

const PLAYERS = 40;
const PAIRS = PLAYERS / 2;

type Paired = { roundPairings: { players: number[]; games: { id: string }[] }[] };

describe('auto-start of a round (issue 36)', () => {
  it('starts every game of a 40-player round in one change: one game per pairing, one pairings message', async () => {
    const td = await tournamentManager(server);
    const made = await tournamentOk(
      server,
      'NewTournament',
      { slug: uniqueName('auto'), name: 'Auto', directorUsernames: [td.username] },
      td.cookie,
    );
    const id = made.id as string;
    const players: Awaited<ReturnType<typeof registerUser>>[] = [];
    for (let i = 0; i < PLAYERS; i += 8)
      players.push(...(await Promise.all(Array.from({ length: 8 }, () => registerUser(server)))));
    await setUpDivision(server, td, id, {
      persons: players.map((p, i) => ({ id: p.username, rating: 2000 - i })),
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 }],
      divisionControls: {
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        gameRequest: gameRequest({ rated: false }),
        autoStart: true,
      },
    });
    const watcher = await TestSocket.withToken(server, undefined, made.slug as string);
    const first = await TestSocket.withToken(server, players[0].cookie);
    await Promise.all([watcher, first].map((s) => s.next(MessageType.SESSION_INFO)));

    await tournamentOk(server, 'StartRoundCountdown', { id, startAllRounds: true }, td.cookie);

    // The watcher's view of round 1 once every pairing has its game.
    const roundOne = (m: Record<string, unknown>) =>
      (m.pairings as Record<number, Paired | undefined>)[0]?.roundPairings ?? [];
    const complete = (m: Record<string, unknown>) => {
      const games = roundOne(m).flatMap((p) => p.games.map((g) => g.id).filter(Boolean));
      return new Set(games).size === PAIRS;
    };
    const full = await watcher.nextWhere(
      MessageType.TOURNAMENT_DIVISION_PAIRINGS,
      complete,
      0,
      60_000,
    );
    const upTo = watcher.received.findIndex((r) => r.message === full);
    const told = watcher.received
      .slice(0, upTo + 1)
      .filter(
        (r) => r.type === MessageType.TOURNAMENT_DIVISION_PAIRINGS && roundOne(r.message).length,
      );
    // The pairing at the opening, then the games: not one message per game.
    expect(told.length).toBeLessThanOrEqual(2);

    // The database holds one game per pairing, each player in one.
    const rows = await server.core.database.db
      .selectFrom('games' as never)
      .select(['id', 'player0_id', 'player1_id'] as never[])
      .where('tournament_id' as never, '=', id as never)
      .execute();
    const games = rows as unknown as { id: string; player0_id: string; player1_id: string }[];
    expect(games).toHaveLength(PAIRS);
    expect(new Set(games.flatMap((g) => [g.player0_id, g.player1_id])).size).toBe(PLAYERS);

    // The first player hears their own game start.
    const mine = games.find((g) => [g.player0_id, g.player1_id].includes(players[0].userId))!;
    await first.nextWhere(MessageType.NEW_GAME_EVENT, (m) => m.gameId === mine.id, 0, 10_000);
    watcher.close();
    first.close();
  }, 180_000);
});
