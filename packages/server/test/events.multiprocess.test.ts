import { DEFAULT_LEXICON } from '@tessera/lexica';
import { MessageType, renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import {
  bestMove,
  sendMove,
  startGame,
  twoPlayers as players,
  updateAfter,
} from './game-helpers.ts';
import { registerUser, TestSocket, TWO_PROCESSES, useTestServer } from './harness.ts';

/**
 * The domain-event hub's two phases, seen from outside: an in-transaction
 * subscriber that fails refuses the move and leaves the game as it was; an
 * after-commit subscriber runs once per accepted move, in the process that
 * accepted it, and the broadcast it drives reaches every process once.
 */
const server = useTestServer();

async function eventCount(gameId: string) {
  return (await server.services.games.row(gameId))!.event_count;
}

describe('domain events', () => {
  it('rolls a move back when an in-transaction subscriber fails', async () => {
    const { sa, sb, byId, a } = await players(server);
    const gameId = await startGame(sa, sb);
    let refuse = false;
    server.events.inTransaction('game.changed', 'test', async (e) => {
      if (refuse && e.row.id === gameId) throw new Error('the subscriber refuses');
    });
    // The refusing subscriber lives in this process: let player A (connected here) move.
    let m = await bestMove(server, gameId);
    if (m.g.players[m.player].userId !== a.userId) {
      const from = sb.received.length;
      const fromA0 = sa.received.length;
      sendMove(sb, gameId, m.text);
      // Both players' copies of that move, so neither is counted below as news
      // of the refused one.
      await updateAfter(sb, m.eventCount, from);
      await updateAfter(sa, m.eventCount, fromA0);
      m = await bestMove(server, gameId);
    }
    const before = await eventCount(gameId);
    refuse = true;
    const fromA = sa.received.length;
    const fromB = sb.received.length;
    sendMove(sa, gameId, m.text);
    const error = await sa.next(MessageType.ERROR_MESSAGE, fromA);
    expect(renderError(error.message as string)).toMatch(/went wrong/);
    expect(await eventCount(gameId)).toBe(before);
    const state = await server.services.games.state((await server.services.games.row(gameId))!);
    expect(state.events).toHaveLength(before);
    expect(state.playerOnTurn).toBe(m.player);
    // Nobody was told about the refused move.
    await Promise.all([sa.barrier(), sb.barrier()]);
    const told = (s: TestSocket, from: number) =>
      s.received.slice(from).filter((r) => r.type === MessageType.SERVER_GAMEPLAY_EVENT);
    expect(told(sa, fromA)).toHaveLength(0);
    expect(told(sb, fromB)).toHaveLength(0);

    refuse = false;
    sendMove(byId(a.userId), gameId, m.text);
    await updateAfter(sa, before, fromA);
    expect(await eventCount(gameId)).toBeGreaterThan(before);
    for (const s of [sa, sb]) s.close();
  }, 60_000);

  it('runs an after-commit subscriber once per accepted move, on every process once', async () => {
    const { sa, sb, byId, a } = await players(server);
    const gameId = await startGame(sa, sb);
    const runs = new Map<number, number>();
    server.events.afterCommit('game.changed', 'test', (e) => {
      if (e.row.id !== gameId) return;
      runs.set(e.row.event_count, (runs.get(e.row.event_count) ?? 0) + 1);
    });
    const path = `?path=${encodeURIComponent(`/game/${gameId}`)}`;
    const watchers = [
      await TestSocket.open(server, path),
      await TestSocket.open(await server.peer(), path),
    ];
    for (const w of watchers) await w.next(MessageType.GAME_HISTORY_REFRESHER);

    const moves: { here: boolean; count: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await bestMove(server, gameId);
      const mover = m.g.players[m.player].userId;
      const s = byId(mover);
      const from = s.received.length;
      sendMove(s, gameId, m.text);
      const update = await updateAfter(s, m.eventCount, from);
      moves.push({
        here: mover === a.userId || !TWO_PROCESSES,
        count: update.eventCount as number,
      });
    }
    // A socket handles its barrier after its moves, whose after-commit subscribers have run by then.
    await Promise.all([sa, sb, ...watchers].map((s) => s.barrier()));
    for (const { here, count } of moves) expect(runs.get(count) ?? 0).toBe(here ? 1 : 0);
    for (const w of watchers) {
      const seen = w.received
        .filter((r) => r.type === MessageType.SERVER_GAMEPLAY_EVENT)
        .map((r) => r.message.eventCount as number);
      expect(seen).toEqual(moves.map((m) => m.count));
    }
    for (const s of [sa, sb, ...watchers]) s.close();
  }, 90_000);
});

describe('game creation driven by another domain', () => {
  it('starts a game with the caller’s first player, rules and tournament placement', async () => {
    const [p, q] = [await registerUser(server), await registerUser(server)];
    const request = {
      lexicon: DEFAULT_LEXICON,
      variant: 'classic',
      challengeRule: 'FIVE_POINT',
      initialTimeSeconds: 1200,
      incrementSeconds: 0,
      maxOvertimeMinutes: 1,
      correspondence: false,
      rated: true,
      botType: '',
      requestId: 'pairing-1',
      originalRequestId: '',
      timeBankMinutes: 0,
    };
    const created: string[] = [];
    server.events.afterCommit('game.created', 'test', (e) => void created.push(e.row.id));
    for (const firstPlayer of [0, 1] as const) {
      const row = await server.services.games.create({
        request,
        seats: [
          { userId: p.userId, nickname: p.username, isBot: false },
          { userId: q.userId, nickname: q.username, isBot: false },
        ],
        ratingKey: `${DEFAULT_LEXICON}.classic.regular`,
        firstPlayer,
        tournament: { id: 'spring-open', division: 'A', round: 3, gameIndex: 1 },
      });
      expect(row.player_on_turn).toBe(firstPlayer);
      expect([row.tournament_id, row.division, row.round, row.game_index]).toEqual([
        'spring-open',
        'A',
        3,
        1,
      ]);
      const g = await server.services.games.state(row);
      expect(g.rules.challengeRule).toBe('FIVE_POINT');
      expect(g.rules.lexicon).toBe(DEFAULT_LEXICON);
      expect(created).toContain(row.id);
    }
  });
});
