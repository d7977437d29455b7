import { sql } from 'kysely';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  GameEndReason,
  JoinPathSchema,
  MessageType,
  PlayState,
  renderError,
} from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  bestMove,
  sendMove,
  startGame,
  twoPlayers as players,
  updateAfter,
} from './game-helpers.ts';
import { registerUser, startTestServer, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

const twoPlayers = () => players(server);

const errorText = async (s: TestSocket, from: number) =>
  renderError((await s.next(MessageType.ERROR_MESSAGE, from)).message as string);

/** Plays the oracle's best move for whoever is on turn; returns the server's update. */
async function playBest(gameId: string, sockets: (userId: string) => TestSocket) {
  const m = await bestMove(server, gameId);
  const s = sockets(m.g.players[m.player].userId);
  const from = s.received.length;
  sendMove(s, gameId, m.text);
  try {
    return { move: m, update: await updateAfter(s, m.eventCount, from) };
  } catch (e) {
    const errors = s.received.slice(from).filter((r) => r.type === MessageType.ERROR_MESSAGE);
    throw new Error(
      `${m.text} (rack ${m.rack}) was refused: ${errors.map((r) => renderError(r.message.message as string)).join('; ')}`,
      { cause: e },
    );
  }
}

describe('a live game between two people', () => {
  it('is sought, accepted, played to a standard end, and moves both ratings', async () => {
    const { a, b, sa, sb, byId } = await twoPlayers();
    const gameId = await startGame(sa, sb);
    const refresher = sa.received.findLast((m) => m.type === MessageType.GAME_HISTORY_REFRESHER)!
      .message as {
      history: { racks: string[]; viewerIndex: number; players: { userId: string }[] };
    };
    const me = refresher.history.viewerIndex;
    expect(refresher.history.racks[me]).toMatch(/^[A-Z?]{7}$/);
    expect(refresher.history.racks[1 - me]).toBe('');

    let turns = 0;
    for (;;) {
      const row = (await server.services.games.row(gameId))!;
      if (row.ended_at) break;
      await playBest(gameId, byId);
      if (++turns > 120) throw new Error('game did not end');
    }
    const ended = (await sa.next(MessageType.GAME_ENDED_EVENT)) as {
      endReason: number;
      scores: number[];
      ratingChanges: { userId: string; before: number; after: number }[];
    };
    await sb.next(MessageType.GAME_ENDED_EVENT);
    expect([GameEndReason.STANDARD, GameEndReason.CONSECUTIVE_ZEROES]).toContain(ended.endReason);
    expect(ended.ratingChanges).toHaveLength(2);
    const winner = ended.scores[0] > ended.scores[1] ? 0 : 1;
    const row = (await server.services.games.row(gameId))!;
    expect(row.winner).toBe(ended.scores[0] === ended.scores[1] ? -1 : winner);
    const winnerId = winner === 0 ? row.player0_id : row.player1_id;
    const change = ended.ratingChanges.find((c) => c.userId === winnerId)!;
    if (ended.scores[0] !== ended.scores[1]) expect(change.after).toBeGreaterThan(change.before);
    const rating = await server.services.ratings.get(a.userId, row.rating_key);
    expect(rating.games).toBe(1);
    expect(await sa.next(MessageType.PROFILE_UPDATE)).toMatchObject({ userId: a.userId });
    expect(await sb.next(MessageType.PROFILE_UPDATE)).toMatchObject({ userId: b.userId });
    sa.close();
    sb.close();
  }, 120_000);

  it("refuses a move off turn, a move in someone else's game, garbage and a replayed event", async () => {
    const { sa, sb, byId } = await twoPlayers();
    const gameId = await startGame(sa, sb);
    const first = await bestMove(server, gameId);
    const onTurn = byId(first.g.players[first.player].userId);
    const offTurn = onTurn === sa ? sb : sa;

    let from = offTurn.received.length;
    sendMove(offTurn, gameId, '-');
    expect(await errorText(offTurn, from)).toBe('It is not your turn.');

    const outsider = await registerUser(server);
    const so = await TestSocket.withToken(server, outsider.cookie);
    await so.next(MessageType.SESSION_INFO);
    sendMove(so, gameId, '-');
    expect(await errorText(so, 0)).toBe('You are not playing in this game.');

    from = onTurn.received.length;
    sendMove(onTurn, gameId, '8Z HELLO');
    expect(await errorText(onTurn, from)).toMatch(/^That move cannot be read: /);
    from = onTurn.received.length;
    sendMove(onTurn, gameId, '8D Q!');
    expect(await errorText(onTurn, from)).toMatch(/^That move cannot be read: /);
    from = onTurn.received.length;
    onTurn.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId: '../../etc',
      type: 2,
    });
    expect(await errorText(onTurn, from)).toBe('These are not the games you are looking for.');
    from = onTurn.received.length;
    sendMove(onTurn, gameId, '-', 5);
    expect(await errorText(onTurn, from)).toBe(
      'The game has moved on since you last saw it; your board was refreshed.',
    );

    // The real move, then the same bytes again: the second is refused and changes nothing.
    from = onTurn.received.length;
    sendMove(onTurn, gameId, first.text, 0);
    await onTurn.next(MessageType.SERVER_GAMEPLAY_EVENT, from);
    const after = (await server.services.games.row(gameId))!;
    from = onTurn.received.length;
    sendMove(onTurn, gameId, first.text, 0);
    expect(await errorText(onTurn, from)).toBe('It is not your turn.');
    expect((await server.services.games.row(gameId))!.event_count).toBe(after.event_count);
    for (const s of [sa, sb, so]) s.close();
  }, 60_000);

  it('shows observers the game without racks', async () => {
    const { sa, sb, byId } = await twoPlayers();
    const gameId = await startGame(sa, sb);
    const watcher = await TestSocket.open(server, `?path=${encodeURIComponent(`/game/${gameId}`)}`);
    const view = (await watcher.next(MessageType.GAME_HISTORY_REFRESHER)) as {
      history: { racks: string[]; viewerIndex: number };
    };
    expect(view.history.viewerIndex).toBe(-1);
    expect(view.history.racks).toEqual(['', '']);
    const { move } = await playBest(gameId, byId);
    const seen = (await watcher.next(MessageType.SERVER_GAMEPLAY_EVENT)) as {
      newRack: string;
      events: { rack: string; playedTiles: string }[];
    };
    expect(seen.newRack).toBe('');
    expect(seen.events[0].rack).toBe('');
    if (!move.text.startsWith('-'))
      expect(seen.events[0].playedTiles).toBe(move.text.split(' ')[1]);
    for (const s of [sa, sb, watcher]) s.close();
  }, 60_000);

  it('ends after six scoreless turns with each player losing their rack', async () => {
    const { sa, sb, byId } = await twoPlayers();
    const gameId = await startGame(sa, sb);
    for (let i = 0; i < 6; i++) {
      const row = (await server.services.games.row(gameId))!;
      const userId = row.player_on_turn === 0 ? row.player0_id : row.player1_id;
      const s = byId(userId);
      sendMove(s, gameId, '-');
      await updateAfter(s, row.event_count);
    }
    const ended = (await sa.next(MessageType.GAME_ENDED_EVENT)) as {
      endReason: number;
      scores: number[];
    };
    expect(ended.endReason).toBe(GameEndReason.CONSECUTIVE_ZEROES);
    expect(ended.scores[0]).toBeLessThan(0);
    expect(ended.scores[1]).toBeLessThan(0);
    const lines = sa.received
      .filter((m) => m.type === MessageType.CHAT_MESSAGE)
      .map((m) => m.message.message as string);
    expect(lines.filter((l) => l.endsWith(' passed'))).toHaveLength(6);
    sa.close();
    sb.close();
  }, 60_000);

  it('times out the player on turn while nobody is connected', async () => {
    const { sa, sb } = await twoPlayers();
    const gameId = await startGame(sa, sb, { initialTimeSeconds: 60, maxOvertimeMinutes: 0 });
    sa.close();
    sb.close();
    // Pretend the clock has run for two minutes.
    await sql`UPDATE games SET clock = jsonb_set(clock, '{since}', to_jsonb((extract(epoch from now()) * 1000 - 120000)::bigint)),
      flag_at = now() - interval '1 minute' WHERE id = ${gameId}`.execute(server.core.database.db);
    // The game's deadline job is due at the forged time as well.
    await sql`UPDATE jobs SET run_at = now() WHERE kind = 'game.deadline' AND key = ${gameId}`.execute(
      server.core.database.db,
    );
    const row = await vi.waitFor(
      async () => {
        const r = (await server.services.games.row(gameId))!;
        if (!r.ended_at) throw new Error('the game has not ended yet');
        return r;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(row.end_reason).toBe('TIME');
    expect(row.winner).toBe(1 - row.player_on_turn);
  }, 60_000);

  it('lets a player resign off turn', async () => {
    const { sa, sb, byId } = await twoPlayers();
    const gameId = await startGame(sa, sb);
    const row = (await server.services.games.row(gameId))!;
    const offId = row.player_on_turn === 0 ? row.player1_id : row.player0_id;
    const off = byId(offId);
    off.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    const ended = (await off.next(MessageType.GAME_ENDED_EVENT)) as {
      endReason: number;
      winner: number;
    };
    expect(ended.endReason).toBe(GameEndReason.RESIGNED);
    expect(ended.winner).toBe(row.player_on_turn);
    sa.close();
    sb.close();
  }, 60_000);

  it('keeps a game going across a restart, with the full state on reconnect', async () => {
    let own = await startTestServer();
    try {
      const a = await registerUser(own);
      const b = await registerUser(own);
      // In two-process mode B is on the peer process, which keeps running through the restart.
      let sa = await TestSocket.withToken(own, a.cookie, '/');
      let sb = await TestSocket.withToken(await own.peer(), b.cookie, '/');
      const gameId = await startGame(sa, sb);
      const sockets = (id: string) => (id === a.userId ? sa : sb);
      for (let i = 0; i < 2; i++) {
        const m = await bestMove(own, gameId);
        const s = sockets(m.g.players[m.player].userId);
        sendMove(s, gameId, m.text);
        await updateAfter(s, m.eventCount);
      }
      const before = (await own.services.games.row(gameId))!;
      own = await own.restart();
      sa = await TestSocket.withToken(own, a.cookie, `/game/${gameId}`);
      sb = await TestSocket.withToken(await own.peer(), b.cookie, `/game/${gameId}`);
      const view = (await sa.next(MessageType.GAME_HISTORY_REFRESHER)) as {
        history: { events: unknown[]; scores: number[]; playState: number };
      };
      expect(view.history.events).toHaveLength(before.event_count);
      expect(view.history.scores).toEqual([before.score0, before.score1]);
      expect(view.history.playState).toBe(PlayState.PLAYING);
      const m = await bestMove(own, gameId);
      const s = sockets(m.g.players[m.player].userId);
      sendMove(s, gameId, m.text);
      await updateAfter(s, m.eventCount);
      expect((await own.services.games.row(gameId))!.event_count).toBeGreaterThan(
        before.event_count,
      );
      sa.close();
      sb.close();
      void JoinPathSchema;
    } finally {
      await own.dispose();
    }
  }, 120_000);
});
