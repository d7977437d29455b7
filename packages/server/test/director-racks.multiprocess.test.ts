import { describe, expect, it } from 'vitest';
import { printTiles } from '@tessera/engine';
import { MessageType } from '@tessera/protocol';
import { bestMove, gameRequest, sendMove, twoPlayers, updateAfter } from './game-helpers.ts';
import { registerUser, TestSocket, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  playRoundOne,
  setUpDivision,
  tournamentManager,
} from './tournament-helpers.ts';

/**
 * A tournament's directors watch its games without observer restrictions
 * (docs/product/tournaments.md §6): over a real socket a director watching
 * is sent both players' racks with every update, the tiles just drawn
 * included, so the racks they see never go stale. Players, signed-in
 * watchers and visitors are sent no rack but their own, as before.
 */
const server = useTestServer();

type Body = Record<string, unknown>;
type Players = Awaited<ReturnType<typeof twoPlayers>>;

/** Round 1's game of a new tournament (run by `td`) between the two players, both in its room. */
async function tournamentGame(p: Players) {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('dr'), name: 'Open racks' });
  await setUpDivision(server, td, id, {
    persons: [{ id: p.a.username }, { id: p.b.username }],
    roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest({ rated: false }),
    },
  });
  const gameId = await playRoundOne(server, p, id, td);
  return { id, td, gameId };
}

/** Both racks as the server holds them now. */
async function actualRacks(gameId: string): Promise<string[]> {
  const g = await server.services.games.state((await server.services.games.row(gameId))!);
  return [0, 1].map((p) => printTiles(g.set, g.racks[p].tiles(), 'rack'));
}

const updatesOf = (s: TestSocket, from = 0) =>
  s.received
    .slice(from)
    .filter((r) => r.type === MessageType.SERVER_GAMEPLAY_EVENT)
    .map((r) => r.message);

describe('a tournament director watching a game', () => {
  it('is sent both current racks with every update, new draws included; nobody else is', async () => {
    const p = await twoPlayers(server);
    const { gameId, td } = await tournamentGame(p);
    const path = `/game/${gameId}`;
    const row = (await server.services.games.row(gameId))!;
    const seatOf = (userId: string) => (row.player0_id === userId ? 0 : 1);
    const w = await registerUser(server);
    // The director on the other process (in the two-process suite), the watcher on this one.
    const director = await TestSocket.withToken(await server.peer(), td.cookie, path);
    const watcher = await TestSocket.withToken(server, w.cookie, path);
    const visitor = await TestSocket.open(server, `?path=${encodeURIComponent(path)}`);
    const [dh, wh, vh] = (await Promise.all(
      [director, watcher, visitor].map((s) => s.next(MessageType.GAME_HISTORY_REFRESHER)),
    )) as { history: Body }[];
    expect(dh.history.racks).toEqual(await actualRacks(gameId));
    expect(wh.history.racks).toEqual(['', '']);
    expect(vh.history.racks).toEqual(['', '']);
    expect(vh.history.tilesHidden).toBe(true);

    const seen: string[][] = [dh.history.racks as string[]];
    let exchanged = false;
    for (let turn = 0; turn < 4; turn++) {
      const m = await bestMove(server, gameId);
      const mover = m.g.players[m.player].userId === p.a.userId ? p.sa : p.sb;
      // One exchange: its new tiles must reach the director too.
      const move = !exchanged && turn === 1 ? `-${m.rack.slice(0, 3)}` : m.text;
      exchanged ||= turn === 1;
      const fromD = director.received.length;
      const fromMover = mover.received.length;
      sendMove(mover, gameId, move);
      const [d, own] = await Promise.all([
        updateAfter(director, m.eventCount, fromD),
        updateAfter(mover, m.eventCount, fromMover),
      ]);
      const now = await actualRacks(gameId);
      expect(d.racks, `turn ${turn}`).toEqual(now);
      // The mover's new rack (the draw) is what the director is shown for them.
      expect((d.racks as string[])[m.player]).toBe(own.newRack);
      // The move itself shows the director the mover's rack before it.
      expect(((d.events as Body[])[0] ?? {}).rack).toBe(m.rack);
      seen.push(d.racks as string[]);
    }
    // The racks the director was shown changed as the game went on.
    expect(new Set(seen.map((r) => r.join(' '))).size).toBeGreaterThanOrEqual(3);

    // A refresher asked for later shows the director the racks as they are.
    const again = await TestSocket.withToken(server, td.cookie, path);
    const ah = (await again.next(MessageType.GAME_HISTORY_REFRESHER)) as { history: Body };
    expect(ah.history.racks).toEqual(await actualRacks(gameId));

    await Promise.all([director, watcher, visitor, p.sa, p.sb].map((s) => s.barrier()));
    expect(updatesOf(director)).toHaveLength(4);
    // Nobody else is sent a rack that is not theirs.
    const others = [
      { name: 'watcher', socket: watcher, seat: -1 },
      { name: 'visitor', socket: visitor, seat: -1 },
      { name: 'player A', socket: p.sa, seat: seatOf(p.a.userId) },
      { name: 'player B', socket: p.sb, seat: seatOf(p.b.userId) },
    ];
    for (const o of others) {
      const updates = updatesOf(o.socket);
      expect(updates.length, o.name).toBeGreaterThanOrEqual(4);
      for (const u of updates) {
        expect(u.racks, o.name).toEqual([]);
        if (o.seat < 0) expect(u.newRack, o.name).toBe('');
        for (const e of u.events as Body[])
          if (e.playerIndex !== o.seat) {
            expect(e.rack, `${o.name} sees a rack of player ${String(e.playerIndex)}`).toBe('');
            expect(e.exchanged, o.name).toBe('');
          }
      }
      for (const r of o.socket.received.filter(
        (x) => x.type === MessageType.GAME_HISTORY_REFRESHER,
      )) {
        const racks = (r.message.history as Body).racks as string[];
        racks.forEach((rack, i) => {
          if (i !== o.seat) expect(rack, `${o.name}: racks[${i}]`).toBe('');
        });
      }
    }
    // The visitor still sees no tiles at all.
    for (const u of updatesOf(visitor))
      for (const e of u.events as Body[]) expect(e.playedTiles).toBe('');
    for (const s of [director, watcher, visitor, again]) s.close();
    p.close();
  }, 90_000);
});
