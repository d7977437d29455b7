/**
 * Issue 36, item 8: one pairing, one game. Both players mark ready while one
 * of them, on another connection, takes it back and marks ready again: the
 * second ready used to start a second game while the first was starting.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ERRORS, MessageType, ReadyForTournamentGameSchema } from '@tessera/protocol';
import { claimGame, claimSeats } from '../src/modules/tournament/claims.ts';
import { TournamentStore } from '../src/modules/tournament/store.ts';
import { gameRequest, twoPlayers } from './game-helpers.ts';
import { TestSocket, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  setUpDivision,
  tournamentManager,
  tournamentOk,
} from './tournament-helpers.ts';

const server = useTestServer();
const FL = 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS';

const ready = (s: TestSocket, tournamentId: string, unready = false) =>
  s.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
    tournamentId,
    division: 'A',
    round: 0,
    unready,
  });

/** Every message this socket sent before is handled once its next error arrives (one queue per connection). */
async function drained(s: TestSocket, tournamentId: string) {
  const from = s.received.length;
  // Round 5 does not exist: refused, after whatever the connection sent before.
  s.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
    tournamentId,
    division: 'A',
    round: 4,
  });
  const wrongRound = String(ERRORS.TOURNAMENT_WRONG_ROUND.code);
  await s.nextWhere(
    MessageType.ERROR_MESSAGE,
    (m) => String(m.message).split(';')[0] === wrongRound,
    from,
    20_000,
  );
}

describe('marking ready (item 8)', () => {
  it('starts one game per pairing however ready and unready interleave', async () => {
    const td = await tournamentManager(server);
    const db = server.core.database.db;
    // Several events at once: the race is one of timing, and each gives it a chance.
    const once = async (i: number) => {
      const p = await twoPlayers(server);
      const slug = uniqueName('rr');
      const id = await createTournament(server, td, { slug, name: 'Race' });
      await setUpDivision(server, td, id, {
        persons: [
          { id: p.a.username, rating: 1800 },
          { id: p.b.username, rating: 1700 },
        ],
        roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
        divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
      });
      // A watcher of the tournament's realm hears each ready as it is logged.
      const w = await TestSocket.withToken(server, td.cookie, `/tournament/${slug}`);
      await tournamentOk(server, 'StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
      const heard = w.received.length;
      const from = p.sa.received.length;
      ready(p.sa, id);
      await drained(p.sa, id);
      // B's ready starts the game; A takes theirs back and gives it again meanwhile.
      ready(p.sb, id);
      // The moment B's ready is logged the game's start is decided.
      const b = `${p.b.userId}:${p.b.username}`;
      await w.nextWhere(MessageType.TOURNAMENT_READY_STATE, (m) => m.playerId === b, heard, 20_000);
      ready(p.sa, id, true);
      ready(p.sa, id);
      await p.sa.next(MessageType.NEW_GAME_EVENT, from, 20_000);
      await drained(p.sa, id);
      await drained(p.sb, id);
      const games = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM games WHERE tournament_id = ${id}`.execute(db);
      expect(games.rows[0].n, `try ${i + 1}`).toBe(1);
      w.close();
      p.close();
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => once(i)));
  }, 180_000);

  it('lets the database hold one claim per seat: a second start of the same pairing finds the seats taken', async () => {
    const td = await tournamentManager(server);
    const p = await twoPlayers(server);
    const id = await createTournament(server, td, { slug: uniqueName('cl'), name: 'Claims' });
    await setUpDivision(server, td, id, {
      persons: [
        { id: p.a.username, rating: 1800 },
        { id: p.b.username, rating: 1700 },
      ],
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
      divisionControls: { suspendedResult: FL, gameRequest: gameRequest() },
    });
    await tournamentOk(server, 'StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
    const db = server.core.database.db;
    // The row's state column is a snapshot that may lag the log (decision 0147): fold through the store.
    const state = (await new TournamentStore(db).state(id))!;
    const claim = {
      tournament: id,
      divisionId: state.divisions[0].id,
      round: 0,
      players: [`${p.a.userId}:${p.a.username}`, `${p.b.userId}:${p.b.username}`] as [
        string,
        string,
      ],
    };
    const flipped = { ...claim, players: [claim.players[1], claim.players[0]] as [string, string] };
    expect(await claimSeats(db, state, claim)).toBe(true);
    expect(await claimSeats(db, state, flipped)).toBe(false);
    // Once its game has started, a pairing that no longer holds that game (an
    // amended re-pairing) may be claimed again; one still being started may not.
    await claimGame(db, claim, 'g1');
    expect(await claimSeats(db, state, flipped)).toBe(true);
    expect(await claimSeats(db, state, claim)).toBe(false);
    p.close();
  });
});
