import { describe, expect, it } from 'vitest';
import {
  bestMove,
  gameRequest,
  sendMove,
  startGame,
  twoPlayers,
  updateAfter,
} from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  playRoundOne,
  setUpDivision,
  tournamentManager,
} from './tournament-helpers.ts';

/**
 * Rack privacy as a property of everything a viewer receives: every socket
 * message and every GetGameHistory answer a player, their opponent, a
 * signed-in watcher and a visitor get while a game is played (real time
 * and correspondence, across two processes in the two-process suite) is
 * walked field by field. Nobody sees a rack or exchanged tiles but their
 * own; correspondence watchers, and visitors of a tournament game ("Log in
 * or register to see player tiles"), see no tiles at all until it is over.
 */
const server = useTestServer();

type Node = Record<string, unknown>;

/** Every object inside a decoded message or JSON answer. */
function* objects(value: unknown): Generator<Node> {
  if (Array.isArray(value)) for (const v of value) yield* objects(v);
  else if (value && typeof value === 'object') {
    yield value as Node;
    for (const v of Object.values(value)) yield* objects(v);
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const filled = (v: unknown) => (Array.isArray(v) ? v.some((x) => text(x) !== '') : text(v) !== '');

/** What `seat` (-1 for a watcher) may not see in one received value; `noTiles`: no tiles at all. */
function leaks(value: unknown, seat: number, noTiles: boolean): string[] {
  const found: string[] = [];
  for (const o of objects(value)) {
    const owner = typeof o.playerIndex === 'number' ? o.playerIndex : undefined;
    if (owner !== undefined && owner !== seat) {
      if (filled(o.rack)) found.push(`rack of player ${owner}: ${text(o.rack)}`);
      if (filled(o.exchanged)) found.push(`exchange of player ${owner}: ${text(o.exchanged)}`);
    }
    if (Array.isArray(o.racks)) {
      o.racks.forEach((r, i) => {
        if (i !== seat && filled(r)) found.push(`racks[${i}]: ${text(r)}`);
      });
    }
    if (seat < 0 && filled(o.newRack)) found.push(`newRack: ${text(o.newRack)}`);
    if (noTiles && seat < 0) {
      for (const f of ['playedTiles', 'wordsFormed', 'returnedTiles', 'exchanged']) {
        if (filled(o[f])) found.push(`${f} for a watcher who may see no tiles`);
      }
    }
  }
  return found;
}

/** A game of round 1 of a new tournament between the two players, both in its room. */
async function tournamentGame(p: Awaited<ReturnType<typeof twoPlayers>>): Promise<string> {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('rp'), name: 'Privacy cup' });
  await setUpDivision(server, td, id, {
    persons: [{ id: p.a.username }, { id: p.b.username }],
    roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest({ rated: false }),
    },
  });
  return playRoundOne(server, p, id, td);
}

describe.each([
  { kind: 'real time', correspondence: false, tournament: false },
  { kind: 'correspondence', correspondence: true, tournament: false },
  { kind: 'tournament', correspondence: false, tournament: true },
])('rack privacy ($kind)', ({ correspondence, tournament }) => {
  it('shows nobody a rack or exchange but their own, in any message or answer', async () => {
    const p = await twoPlayers(server);
    const gameId = tournament
      ? await tournamentGame(p)
      : await startGame(p.sa, p.sb, { correspondence });
    const path = `/game/${gameId}`;
    const w = await registerUser(server);
    const watcher = await TestSocket.withToken(server, w.cookie, path);
    const visitor = await TestSocket.open(await server.peer(), `?path=${encodeURIComponent(path)}`);
    const history = async (cookie?: string) =>
      (await rpc(server, 'GameMetadataService', 'GetGameHistory', { gameId }, { cookie })).body;
    const answers: { seat: number; body: unknown; noTiles: boolean }[] = [];
    const row = (await server.services.games.row(gameId))!;
    const seatOf = (userId: string) => (row.player0_id === userId ? 0 : 1);

    let exchanged = false;
    for (let turn = 0; turn < 6; turn++) {
      const m = await bestMove(server, gameId);
      const mover = m.g.players[m.player].userId === p.a.userId ? p.sa : p.sb;
      // One exchange, so the opponent's view of an exchange is checked too.
      const move: string =
        !exchanged && m.g.bag.size >= 14 && turn === 2 ? `-${m.rack.slice(0, 2)}` : m.text;
      exchanged ||= move.startsWith('-') && move.length > 1;
      const from = mover.received.length;
      sendMove(mover, gameId, move);
      await updateAfter(mover, m.eventCount, from);
      answers.push(
        { seat: seatOf(p.a.userId), body: await history(p.a.cookie), noTiles: false },
        { seat: seatOf(p.b.userId), body: await history(p.b.cookie), noTiles: false },
        { seat: -1, body: await history(w.cookie), noTiles: correspondence },
        { seat: -1, body: await history(), noTiles: correspondence || tournament },
      );
    }
    expect(exchanged).toBe(true);
    // Every message the game sent any of them has arrived before they are checked.
    await Promise.all([p.sa, p.sb, watcher, visitor].map((s) => s.barrier()));

    const viewers = [
      { name: 'player A', seat: seatOf(p.a.userId), socket: p.sa, noTiles: false },
      { name: 'player B', seat: seatOf(p.b.userId), socket: p.sb, noTiles: false },
      { name: 'watcher', seat: -1, socket: watcher, noTiles: correspondence },
      { name: 'visitor', seat: -1, socket: visitor, noTiles: correspondence || tournament },
    ];
    for (const v of viewers) {
      expect(v.socket.received.length, v.name).toBeGreaterThan(3);
      for (const r of v.socket.received) {
        expect(leaks(r.message, v.seat, v.noTiles), `${v.name}, message type ${r.type}`).toEqual(
          [],
        );
      }
    }
    for (const a of answers) expect(leaks(a.body, a.seat, a.noTiles)).toEqual([]);
    if (tournament) {
      // The signed-in watcher does see the board: the censoring is for visitors only.
      const seen = watcher.received.some((r) =>
        [...objects(r.message)].some((o) => filled(o.playedTiles)),
      );
      expect(seen).toBe(true);
    }
    for (const s of [watcher, visitor]) s.close();
    p.close();
  }, 90_000);
});
