import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { finishedGame } from './collection-helpers.ts';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

const call = <T = Record<string, unknown>>(method: string, body: unknown, cookie?: string) =>
  rpc<T>(server, 'GameCommentService', method, body, { cookie });

interface CommentOut {
  commentId: string;
  gameId: string;
  username: string;
  eventNumber?: number;
  comment: string;
  edited?: boolean;
  gamePlayers?: string[];
}

describe('GameCommentService', () => {
  it('comments on a turn of a finished game reach everyone on its page, and are edited and deleted by their author', async () => {
    const g = await finishedGame(server);
    const watcher = await registerUser(server);
    const tv = await TestSocket.withToken(server, watcher.cookie, `/game/${g.gameId}`);
    try {
      await tv.next(MessageType.GAME_HISTORY_REFRESHER);
      const fromTv = tv.received.length;
      const fromA = g.sa.received.length;
      const add = await call<{ commentId: string }>(
        'AddGameComment',
        { gameId: g.gameId, eventNumber: 0, comment: '  Nice opening!  ' },
        watcher.cookie,
      );
      expect(add.status).toBe(200);
      // The observer and the players hear of it over the socket.
      expect(await tv.next(MessageType.GAME_COMMENTS_CHANGED, fromTv)).toMatchObject({
        gameId: g.gameId,
      });
      await g.sa.next(MessageType.GAME_COMMENTS_CHANGED, fromA);

      const list = await call<{ comments: CommentOut[] }>('GetGameComments', { gameId: g.gameId });
      expect(list.body.comments).toHaveLength(1);
      expect(list.body.comments[0]).toMatchObject({
        commentId: add.body.commentId,
        username: watcher.username,
        comment: 'Nice opening!',
      });
      expect(list.body.comments[0].eventNumber ?? 0).toBe(0);

      // Unchanged once trimmed: nothing is stored.
      const same = await call<{ changed?: boolean }>(
        'EditGameComment',
        { commentId: add.body.commentId, comment: 'Nice opening!   ' },
        watcher.cookie,
      );
      expect(same.status).toBe(200);
      expect(same.body.changed ?? false).toBe(false);
      const edited = await call<{ changed?: boolean }>(
        'EditGameComment',
        { commentId: add.body.commentId, comment: 'Nice opening, bold leave.' },
        watcher.cookie,
      );
      expect(edited.body.changed).toBe(true);
      const after = await call<{ comments: CommentOut[] }>('GetGameComments', { gameId: g.gameId });
      expect(after.body.comments[0]).toMatchObject({
        comment: 'Nice opening, bold leave.',
        edited: true,
      });

      // Someone else may neither edit nor delete it.
      const stranger = g.a;
      const e = await call(
        'EditGameComment',
        { commentId: add.body.commentId, comment: 'mine' },
        stranger.cookie,
      );
      expect(e.status).toBe(403);
      expect(e.error).toBe('Only the author can change this comment.');
      const d = await call('DeleteGameComment', { commentId: add.body.commentId }, stranger.cookie);
      expect(d.error).toBe('Only the author can change this comment.');

      const fromTv2 = tv.received.length;
      expect(
        (await call('DeleteGameComment', { commentId: add.body.commentId }, watcher.cookie)).status,
      ).toBe(200);
      await tv.next(MessageType.GAME_COMMENTS_CHANGED, fromTv2);
      expect(
        (await call<{ comments?: CommentOut[] }>('GetGameComments', { gameId: g.gameId })).body
          .comments ?? [],
      ).toEqual([]);
      expect(
        (await call('DeleteGameComment', { commentId: add.body.commentId }, watcher.cookie)).error,
      ).toBe('Comment not found');
    } finally {
      tv.close();
      g.close();
    }
  });

  it('a moderator deletes anyone’s comment; a muted user cannot comment', async () => {
    const g = await finishedGame(server);
    g.close();
    const add = await call<{ commentId: string }>(
      'AddGameComment',
      { gameId: g.gameId, eventNumber: 1, comment: 'gg' },
      g.a.cookie,
    );
    const mod = await registerUser(server);
    await server.core.roles.grant(mod.userId, 'Moderator');
    expect(
      (await call('DeleteGameComment', { commentId: add.body.commentId }, mod.cookie)).status,
    ).toBe(200);

    await server.services.moderation.apply(
      {
        userId: g.b.userId,
        type: 'MUTE',
        durationSeconds: 0,
        note: '',
        emailType: 'DEFAULT',
        channel: '',
        messageId: '',
      },
      mod.userId,
    );
    const muted = await call(
      'AddGameComment',
      { gameId: g.gameId, eventNumber: 1, comment: 'hello' },
      g.b.cookie,
    );
    expect(muted.status).toBe(403);
    expect(muted.error).toBe('You are muted and cannot comment.');
  });

  it('validates comments with catalogue codes', async () => {
    const g = await finishedGame(server);
    g.close();
    const visitor = await call('AddGameComment', {
      gameId: g.gameId,
      eventNumber: 0,
      comment: 'hi',
    });
    expect(visitor.status).toBe(401);
    expect(visitor.error).toBe('Please log in to comment');
    expect(visitor.body.message).toMatch(/^1550/);
    const c = g.a.cookie;
    expect(
      (await call('AddGameComment', { gameId: g.gameId, eventNumber: 0, comment: '   ' }, c)).error,
    ).toBe('A comment cannot be empty.');
    expect(
      (
        await call(
          'AddGameComment',
          { gameId: g.gameId, eventNumber: 0, comment: 'x'.repeat(2001) },
          c,
        )
      ).error,
    ).toBe('A comment may have at most 2000 characters.');
    expect(
      (await call('AddGameComment', { gameId: g.gameId, eventNumber: 99, comment: 'hi' }, c)).error,
    ).toBe('This game has no event 99.');
    expect(
      (await call('AddGameComment', { gameId: g.gameId, eventNumber: -1, comment: 'hi' }, c)).error,
    ).toBe('This game has no event -1.');
    expect(
      (await call('AddGameComment', { gameId: 'nope', eventNumber: 0, comment: 'hi' }, c)).error,
    ).toBe('Game not found: nope');
    expect((await call('GetGameComments', { gameId: 'nope' })).error).toBe('Game not found: nope');
    expect((await call('EditGameComment', { commentId: 'nope', comment: 'x' }, c)).error).toBe(
      'Comment not found',
    );
  });

  it('a game being played takes its watchers’ comments, kept from its two players until it ends', async () => {
    const p = await twoPlayers(server);
    const watcher = await registerUser(server);
    const tv = await TestSocket.withToken(server, watcher.cookie, '/');
    try {
      const gameId = await startGame(p.sa, p.sb);
      const m = await bestMove(server, gameId);
      const mover = p.byId(m.g.players[m.player].userId);
      const moved = mover.received.length;
      sendMove(mover, gameId, m.text);
      await updateAfter(mover, m.eventCount, moved);
      await tv.joinPath(`/game/${gameId}`);
      const fromTv = tv.received.length;
      const fromA = p.sa.received.length;

      const add = await call<{ commentId: string }>(
        'AddGameComment',
        { gameId, eventNumber: 0, comment: 'An exchange was better here.' },
        watcher.cookie,
      );
      expect(add.status).toBe(200);
      await tv.next(MessageType.GAME_COMMENTS_CHANGED, fromTv);
      // The players hear nothing of it, and may neither read nor write the game's comments.
      await p.sa.barrier();
      expect(
        p.sa.received.slice(fromA).some((r) => r.type === MessageType.GAME_COMMENTS_CHANGED),
      ).toBe(false);
      for (const player of [p.a, p.b]) {
        const read = await call('GetGameComments', { gameId }, player.cookie);
        expect(read.status).toBe(400);
        expect(read.error).toBe('Comments open once the game is over.');
        const write = await call(
          'AddGameComment',
          { gameId, eventNumber: 0, comment: 'I know.' },
          player.cookie,
        );
        expect(write.error).toBe('Comments open once the game is over.');
        const feed = await call<{ comments?: CommentOut[] }>(
          'GetCommentsForAllGames',
          { limit: 50 },
          player.cookie,
        );
        expect((feed.body.comments ?? []).some((c) => c.gameId === gameId)).toBe(false);
      }
      // Anyone else reads them, in the feed too, logged in or not.
      expect(
        (await call<{ comments: CommentOut[] }>('GetGameComments', { gameId })).body.comments,
      ).toHaveLength(1);
      const feed = await call<{ comments: CommentOut[] }>(
        'GetCommentsForAllGames',
        { limit: 50 },
        watcher.cookie,
      );
      expect(feed.body.comments.some((c) => c.commentId === add.body.commentId)).toBe(true);

      // Once it is over the players read it.
      const other = mover === p.sa ? p.sb : p.sa;
      other.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        gameId,
        type: ClientGameplayEvent_Type.RESIGN,
      });
      await p.sa.next(MessageType.GAME_ENDED_EVENT);
      const after = await call<{ comments: CommentOut[] }>(
        'GetGameComments',
        { gameId },
        p.a.cookie,
      );
      expect(after.body.comments.map((c) => c.comment)).toEqual(['An exchange was better here.']);
    } finally {
      tv.close();
      p.close();
    }
  });

  it('an annotated game’s view hears of its comments; a private one’s only for its creator', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const create = async (isPublic: boolean) => {
      const r = await rpc<{ gameId: string }>(
        server,
        'AnnotatedGameService',
        'CreateBroadcastGame',
        {
          playersInfo: [{ nickname: 'Alice' }, { nickname: 'Bob' }],
          lexicon: 'NWL23',
          challengeRule: 'CHALLENGE_RULE_DOUBLE',
          public: isPublic,
        },
        { cookie: owner.cookie },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.gameId;
    };
    const open = await create(true);
    const closed = await create(false);
    const sockets = await Promise.all(
      [owner, other, other].map((u) => TestSocket.withToken(server, u.cookie, '/')),
    );
    const [mine, theirsOpen, theirsClosed] = sockets;
    try {
      await mine.joinPath(`/anno/${closed}`);
      await theirsOpen.joinPath(`/anno/${open}`);
      await theirsClosed.joinPath(`/anno/${closed}`);
      const from = sockets.map((s) => s.received.length);
      for (const gameId of [open, closed])
        expect(
          (await call('AddGameComment', { gameId, eventNumber: 0, comment: 'Note' }, owner.cookie))
            .status,
        ).toBe(200);
      expect(await theirsOpen.next(MessageType.GAME_COMMENTS_CHANGED, from[1])).toMatchObject({
        gameId: open,
      });
      expect(await mine.next(MessageType.GAME_COMMENTS_CHANGED, from[0])).toMatchObject({
        gameId: closed,
      });
      await theirsClosed.barrier();
      expect(
        theirsClosed.received
          .slice(from[2])
          .some((r) => r.type === MessageType.GAME_COMMENTS_CHANGED),
      ).toBe(false);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });

  it('feeds: the newest comments of every game and of a collection, paged', async () => {
    const g1 = await finishedGame(server);
    const g2 = await finishedGame(server);
    g1.close();
    g2.close();
    const u = g1.a;
    for (let i = 0; i < 12; i++)
      await call(
        'AddGameComment',
        { gameId: i % 2 ? g1.gameId : g2.gameId, eventNumber: 0, comment: `c${i}` },
        u.cookie,
      );
    const all = await call<{ comments: CommentOut[]; total: number }>('GetCommentsForAllGames', {});
    expect(all.body.comments).toHaveLength(10);
    expect(all.body.comments[0].comment).toBe('c11');
    expect(all.body.comments[0].gamePlayers).toHaveLength(2);

    const made = await rpc<{ collectionUuid: string }>(
      server,
      'CollectionsService',
      'CreateCollection',
      { title: 'Mine', public: false },
      { cookie: u.cookie },
    );
    const id = made.body.collectionUuid;
    await rpc(
      server,
      'CollectionsService',
      'AddGameToCollection',
      { collectionUuid: id, gameId: g1.gameId },
      { cookie: u.cookie },
    );
    const first = await call<{ comments: CommentOut[]; total: number }>(
      'GetCollectionComments',
      { collectionUuid: id, limit: 4 },
      u.cookie,
    );
    expect(first.body.total).toBe(6);
    expect(first.body.comments.map((x) => x.comment)).toEqual(['c11', 'c9', 'c7', 'c5']);
    const second = await call<{ comments: CommentOut[] }>(
      'GetCollectionComments',
      { collectionUuid: id, limit: 4, offset: 4 },
      u.cookie,
    );
    expect(second.body.comments.map((x) => x.comment)).toEqual(['c3', 'c1']);
    // A private collection's comments are its creator's only.
    expect((await call('GetCollectionComments', { collectionUuid: id }, g2.b.cookie)).error).toBe(
      'Collection not found',
    );
  });
});
