import { sql } from 'kysely';
import {
  GameEndReason,
  GameMetaEvent_Type as T,
  GameMetaEventSchema,
  MessageType,
  renderError,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import {
  bestMove,
  gameRequest,
  sendMove,
  startGame,
  twoPlayers,
  updateAfter,
} from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

async function game() {
  const { a, b, sa, sb } = await twoPlayers(server);
  const gameId = await startGame(sa, sb);
  const row = (await server.services.games.row(gameId))!;
  const byIndex = (i: number) =>
    (i === 0 ? row.player0_id : row.player1_id) === a.userId ? sa : sb;
  const onTurn = byIndex(row.player_on_turn);
  const offTurn = byIndex(1 - row.player_on_turn);
  return { a, b, sa, sb, gameId, onTurn, offTurn, close: () => [sa, sb].forEach((s) => s.close()) };
}

const meta = (s: TestSocket, gameId: string, type: T, origEventId = '') =>
  s.send(MessageType.GAME_META_EVENT, GameMetaEventSchema, { gameId, type, origEventId });
const errorText = async (s: TestSocket, from: number) =>
  renderError((await s.next(MessageType.ERROR_MESSAGE, from)).message as string);
const metaSeen = (s: TestSocket, type: T, from = 0) =>
  s.nextWhere(MessageType.GAME_META_EVENT, (m) => m.type === type, from) as Promise<{
    origEventId: string;
    expiry: number;
  }>;

describe('cancel requests', () => {
  it('cancels the game when the opponent accepts, leaving ratings alone', async () => {
    const g = await game();
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    const req = await metaSeen(g.offTurn, T.REQUEST_ABORT);
    expect(req.expiry).toBe(60_000);
    meta(g.offTurn, g.gameId, T.ABORT_ACCEPTED, req.origEventId);
    const ended = (await g.onTurn.next(MessageType.GAME_ENDED_EVENT)) as {
      endReason: number;
      ratingChanges: unknown[];
    };
    expect(ended.endReason).toBe(GameEndReason.CANCELLED);
    expect(ended.ratingChanges).toEqual([]);
    // Ending without a move adds no event: a process that did not decide it must still see it.
    for (const target of [server, await server.peer()]) {
      const h = await rpc<{ history: { playState: string; endReason: string } }>(
        target,
        'GameMetadataService',
        'GetGameHistory',
        { gameId: g.gameId },
      );
      expect(h.body.history).toMatchObject({
        playState: 'PLAY_STATE_GAME_OVER',
        endReason: 'GAME_END_REASON_CANCELLED',
      });
    }
    const row = (await server.services.games.row(g.gameId))!;
    expect((await server.services.ratings.get(g.a.userId, row.rating_key)).games).toBe(0);
    g.close();
  });

  it('keeps playing when the opponent declines, and the requester may withdraw', async () => {
    const g = await game();
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    const req = await metaSeen(g.offTurn, T.REQUEST_ABORT);
    meta(g.offTurn, g.gameId, T.ABORT_DENIED, req.origEventId);
    await metaSeen(g.onTurn, T.ABORT_DENIED);
    expect((await server.services.games.row(g.gameId))!.meta_event).toBeNull();
    const seen = g.offTurn.received.length;
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    const again = await metaSeen(g.offTurn, T.REQUEST_ABORT, seen);
    const from = g.offTurn.received.length;
    meta(g.onTurn, g.gameId, T.ABORT_DENIED, again.origEventId);
    await metaSeen(g.offTurn, T.ABORT_DENIED, from);
    expect((await server.services.games.row(g.gameId))!.ended_at).toBeNull();
    g.close();
  });

  it('cancels automatically when the countdown runs out', async () => {
    const g = await game();
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    await metaSeen(g.offTurn, T.REQUEST_ABORT);
    await sql`UPDATE games SET meta_event = jsonb_set(meta_event, '{expiresAt}', '0'), flag_at = now() WHERE id = ${g.gameId}`.execute(
      server.core.database.db,
    );
    // The game's deadline job is due at the forged time as well.
    await sql`UPDATE jobs SET run_at = now() WHERE kind = 'game.deadline' AND key = ${g.gameId}`.execute(
      server.core.database.db,
    );
    const ended = (await g.onTurn.next(MessageType.GAME_ENDED_EVENT, 0, 5000)) as {
      endReason: number;
    };
    expect(ended.endReason).toBe(GameEndReason.CANCELLED);
    g.close();
  });

  it('refuses answers from observers and from the requester, and requests after seven turns', async () => {
    const g = await game();
    meta(g.onTurn, g.gameId, T.REQUEST_ABORT);
    const req = await metaSeen(g.offTurn, T.REQUEST_ABORT);
    const watcher = await registerUser(server);
    const sw = await TestSocket.withToken(server, watcher.cookie, `/game/${g.gameId}`);
    await sw.next(MessageType.GAME_HISTORY_REFRESHER);
    meta(sw, g.gameId, T.ABORT_ACCEPTED, req.origEventId);
    expect(await errorText(sw, 0)).toBe('You are not playing in this game.');
    let from = g.onTurn.received.length;
    meta(g.onTurn, g.gameId, T.ABORT_ACCEPTED, req.origEventId);
    expect(await errorText(g.onTurn, from)).toBe('You cannot accept your own request.');
    expect((await server.services.games.row(g.gameId))!.ended_at).toBeNull();
    meta(g.offTurn, g.gameId, T.ABORT_DENIED, req.origEventId);
    await metaSeen(g.onTurn, T.ABORT_DENIED);

    for (let i = 0; i < 8; i++) {
      const m = await bestMove(server, g.gameId);
      const s = m.g.players[m.player].userId === g.a.userId ? g.sa : g.sb;
      sendMove(s, g.gameId, m.text);
      await updateAfter(s, m.eventCount);
    }
    from = g.sa.received.length;
    meta(g.sa, g.gameId, T.REQUEST_ABORT);
    expect(await errorText(g.sa, from)).toBe('A game can only be cancelled in its first 7 turns.');
    sw.close();
    g.close();
  }, 60_000);
});

describe('nudges', () => {
  it('lets only the waiting player nudge, and the nudged player keep the game going', async () => {
    const g = await game();
    let from = g.onTurn.received.length;
    meta(g.onTurn, g.gameId, T.REQUEST_ADJUDICATION);
    expect(await errorText(g.onTurn, from)).toBe(
      'You can only nudge while your opponent is on turn.',
    );
    meta(g.offTurn, g.gameId, T.REQUEST_ADJUDICATION);
    const nudge = await metaSeen(g.onTurn, T.REQUEST_ADJUDICATION);
    from = g.offTurn.received.length;
    meta(g.offTurn, g.gameId, T.ADJUDICATION_DENIED, nudge.origEventId);
    expect(await errorText(g.offTurn, from)).toBe('Only your opponent can answer your nudge.');
    meta(g.onTurn, g.gameId, T.ADJUDICATION_DENIED, nudge.origEventId);
    await metaSeen(g.offTurn, T.ADJUDICATION_DENIED);
    expect((await server.services.games.row(g.gameId))!.meta_event).toBeNull();
    g.close();
  });

  it('forfeits the game for the absent player when a nudge goes unanswered', async () => {
    const g = await game();
    meta(g.offTurn, g.gameId, T.REQUEST_ADJUDICATION);
    await metaSeen(g.onTurn, T.REQUEST_ADJUDICATION);
    const row = (await server.services.games.row(g.gameId))!;
    await sql`UPDATE games SET meta_event = jsonb_set(meta_event, '{expiresAt}', '0'), flag_at = now() WHERE id = ${g.gameId}`.execute(
      server.core.database.db,
    );
    // The game's deadline job is due at the forged time as well.
    await sql`UPDATE jobs SET run_at = now() WHERE kind = 'game.deadline' AND key = ${g.gameId}`.execute(
      server.core.database.db,
    );
    const ended = (await g.offTurn.next(MessageType.GAME_ENDED_EVENT, 0, 5000)) as {
      endReason: number;
      winner: number;
      ratingChanges: unknown[];
    };
    expect(ended.endReason).toBe(GameEndReason.FORCE_FORFEIT);
    expect(ended.winner).toBe(1 - row.player_on_turn);
    expect(ended.ratingChanges).toHaveLength(2);
    g.close();
  });

  it('adds 15 seconds to the opponent’s clock', async () => {
    const g = await game();
    const before = (await server.services.games.row(g.gameId))!;
    const opponent = 1 - before.player_on_turn;
    meta(g.onTurn, g.gameId, T.ADD_TIME);
    await metaSeen(g.offTurn, T.ADD_TIME);
    const after = (await server.services.games.row(g.gameId))!;
    expect(after.clock.remaining[opponent]).toBe(before.clock.remaining[opponent] + 15_000);
    g.close();
  });
});

describe('after the game', () => {
  it('offers the record, the history, recent games and a rematch streak', async () => {
    const g = await game();
    const from = g.sa.received.length;
    g.onTurn.send(
      MessageType.CLIENT_GAMEPLAY_EVENT,
      (await import('@tessera/protocol')).ClientGameplayEventSchema,
      {
        gameId: g.gameId,
        type: 4,
      },
    );
    await g.sa.next(MessageType.GAME_ENDED_EVENT, from);
    const gcg = await rpc<{ gcg: string; fileName: string }>(
      server,
      'GameMetadataService',
      'GetGCG',
      { gameId: g.gameId },
    );
    expect(gcg.body.gcg).toMatch(/#player1 /);
    expect(gcg.body.fileName).toMatch(/-vs-.*\.gcg$/);
    const doc = await rpc<{ document: string }>(server, 'GameMetadataService', 'GetGameDocument', {
      gameId: g.gameId,
    });
    const parsed = JSON.parse(doc.body.document) as Record<string, unknown>;
    expect(parsed).toMatchObject({ playState: 'GAME_OVER', endReason: 'RESIGNED', uid: g.gameId });
    expect((parsed.players as { nickname: string }[]).map((p) => p.nickname).sort()).toEqual(
      [g.a.username, g.b.username].sort(),
    );
    expect((parsed.events as { type: string }[]).at(-1)?.type).toBe('RESIGNED');
    const hist = await rpc<{ history: { racks: string[] } }>(
      server,
      'GameMetadataService',
      'GetGameHistory',
      {
        gameId: g.gameId,
      },
    );
    expect(hist.body.history.racks.every((r) => r.length > 0)).toBe(true);
    const recent = await rpc<{ games: { gameId: string }[] }>(
      server,
      'GameMetadataService',
      'GetRecentGames',
      {
        username: g.a.username,
      },
    );
    expect(recent.body.games.map((x) => x.gameId)).toEqual([g.gameId]);

    // Rematch: the loser asks, the other accepts, the old room hears about it.
    const row = (await server.services.games.row(g.gameId))!;
    const fromB = g.sb.received.length;
    g.sa.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: gameRequest(),
      rematchFor: g.gameId,
    });
    const seek = (await g.sb.next(MessageType.SEEK_REQUEST, fromB)) as {
      gameRequest: { requestId: string };
      receiverIsPermanent: boolean;
      user: { relevantRating: string };
    };
    expect(seek.receiverIsPermanent).toBe(true);
    // One game in, the asker's rating is far from established: shown with "?".
    expect(seek.user.relevantRating).toMatch(/^\d+\?$/);
    g.sb.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
      requestId: seek.gameRequest.requestId,
    });
    const started = (await g.sa.next(MessageType.REMATCH_STARTED, from)) as {
      rematchGameId: string;
    };
    const rematch = (await server.services.games.row(started.rematchGameId))!;
    expect(rematch.original_request_id).toBe(row.original_request_id);
    const streak = await rpc<{ games: unknown[] }>(
      server,
      'GameMetadataService',
      'GetRematchStreak',
      {
        originalRequestId: row.original_request_id,
      },
    );
    expect(streak.body.games).toHaveLength(1); // the rematch has not finished yet

    const live = await rpc(server, 'GameMetadataService', 'GetGCG', { gameId: rematch.id });
    expect(live.error).toBe('The game record is available when the game is over.');
    const liveDoc = await rpc(server, 'GameMetadataService', 'GetGameDocument', {
      gameId: rematch.id,
    });
    expect(liveDoc.error).toBe('The game record is available when the game is over.');
    expect(
      (await rpc(server, 'GameMetadataService', 'GetMetadata', { gameId: 'nope' })).error,
    ).toBe('These are not the games you are looking for.');
    g.close();
  });
});
