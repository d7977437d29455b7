import { describe, expect, it } from 'vitest';
import { finishedGame } from './collection-helpers.ts';
import { startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();

const call = <T = Record<string, unknown>>(method: string, body: unknown, cookie?: string) =>
  rpc<T>(server, 'CollectionsService', method, body, { cookie });

interface Chapter {
  gameId: string;
  chapterNumber: number;
  chapterTitle: string;
  isAnnotated?: boolean;
}
interface CollectionBody {
  collection: {
    uuid: string;
    title: string;
    description?: string;
    public?: boolean;
    creatorUsername: string;
    gameCount?: number;
    games?: Chapter[];
  };
}

async function newCollection(cookie: string, o: Record<string, unknown> = {}) {
  const r = await call<{ collectionUuid: string }>(
    'CreateCollection',
    { title: 'Openings', description: 'Study', public: true, ...o },
    cookie,
  );
  expect(r.status).toBe(200);
  return r.body.collectionUuid;
}

describe('CollectionsService', () => {
  it('creates a collection, adds finished games as Game Record chapters, renames, reorders and removes', async () => {
    const g1 = await finishedGame(server);
    const g2 = await finishedGame(server);
    g1.close();
    g2.close();
    const owner = g1.a;
    const id = await newCollection(owner.cookie);
    const add1 = await call(
      'AddGameToCollection',
      { collectionUuid: id, gameId: g1.gameId },
      owner.cookie,
    );
    expect(add1.body).toEqual({ chapterNumber: 1 });
    const add2 = await call(
      'AddGameToCollection',
      { collectionUuid: id, gameId: g2.gameId, chapterTitle: '  Second  ' },
      owner.cookie,
    );
    expect(add2.body).toEqual({ chapterNumber: 2 });
    const again = await call(
      'AddGameToCollection',
      { collectionUuid: id, gameId: g2.gameId },
      owner.cookie,
    );
    expect(again.error).toBe('This game is already in the collection.');

    const got = await call<CollectionBody>('GetCollection', { collectionUuid: id });
    expect(got.body.collection).toMatchObject({
      title: 'Openings',
      description: 'Study',
      public: true,
      creatorUsername: owner.username,
      gameCount: 2,
    });
    const chapters = got.body.collection.games!;
    // The default title is the players' names; neither is annotated (no annotated game has these ids).
    expect(chapters[0]).toMatchObject({ gameId: g1.gameId, chapterNumber: 1 });
    expect(chapters[0].chapterTitle).toContain(' vs ');
    expect(chapters[0].isAnnotated).toBeFalsy();
    expect(chapters[1]).toMatchObject({
      gameId: g2.gameId,
      chapterNumber: 2,
      chapterTitle: 'Second',
    });

    expect(
      (
        await call(
          'UpdateChapterTitle',
          { collectionUuid: id, gameId: g1.gameId, chapterTitle: '  ' },
          owner.cookie,
        )
      ).error,
    ).toBe('Chapter title cannot be empty');
    expect(
      (
        await call(
          'UpdateChapterTitle',
          { collectionUuid: id, gameId: g1.gameId, chapterTitle: 'First' },
          owner.cookie,
        )
      ).status,
    ).toBe(200);

    const reorder = await call(
      'ReorderGames',
      { collectionUuid: id, gameIds: [g2.gameId, g1.gameId] },
      owner.cookie,
    );
    expect(reorder.status).toBe(200);
    const after = await call<CollectionBody>('GetCollection', { collectionUuid: id });
    expect(after.body.collection.games!.map((c) => [c.chapterNumber, c.chapterTitle])).toEqual([
      [1, 'Second'],
      [2, 'First'],
    ]);
    // A list that is not the chapters held now is refused and changes nothing.
    const stale = await call(
      'ReorderGames',
      { collectionUuid: id, gameIds: [g1.gameId, 'someone-else'] },
      owner.cookie,
    );
    expect(stale.error).toBe(
      'The chapters changed meanwhile; reload the collection and try again.',
    );
    expect(stale.body.message).toMatch(/^1541/);

    expect(
      (
        await call(
          'RemoveGameFromCollection',
          { collectionUuid: id, gameId: g2.gameId },
          owner.cookie,
        )
      ).status,
    ).toBe(200);
    const left = await call<CollectionBody>('GetCollection', { collectionUuid: id });
    expect(left.body.collection.gameCount).toBe(1);
    expect(left.body.collection.games!.map((c) => [c.chapterNumber, c.gameId])).toEqual([
      [1, g1.gameId],
    ]);
    const gone = await call(
      'RemoveGameFromCollection',
      { collectionUuid: id, gameId: g2.gameId },
      owner.cookie,
    );
    expect(gone.error).toBe('This game is not in the collection.');

    const forGame = await call<{ collections: { uuid: string }[] }>('GetCollectionsForGame', {
      gameId: g1.gameId,
    });
    expect(forGame.body.collections.map((c) => c.uuid)).toEqual([id]);
  });

  it('validates the forms with the spec texts', async () => {
    const u = await registerUser(server);
    const empty = await call('CreateCollection', { title: '   ' }, u.cookie);
    expect(empty.error).toBe('Please enter a title');
    expect(empty.body.message).toMatch(/^1532/);
    expect((await call('CreateCollection', { title: 'x'.repeat(101) }, u.cookie)).error).toBe(
      'The title may have at most 100 characters.',
    );
    expect(
      (await call('CreateCollection', { title: 'ok', description: 'd'.repeat(501) }, u.cookie))
        .error,
    ).toBe('The description may have at most 500 characters.');
    const visitor = await call('CreateCollection', { title: 'Mine' });
    expect(visitor.status).toBe(401);
    expect(visitor.error).toBe('Please log in to manage collections.');
    const id = await newCollection(u.cookie);
    expect(
      (await call('AddGameToCollection', { collectionUuid: id, gameId: 'nope' }, u.cookie)).error,
    ).toBe('Game not found: nope');
    expect((await call('GetCollection', { collectionUuid: 'not-a-uuid' })).error).toBe(
      'Collection not found',
    );
    expect((await call('GetCollection', { collectionUuid: id, offset: -1 })).body.message).toMatch(
      /^1000/,
    );
  });

  it('refuses a game in progress', async () => {
    const p = await twoPlayers(server);
    try {
      const gameId = await startGame(p.sa, p.sb);
      const id = await newCollection(p.a.cookie);
      const r = await call('AddGameToCollection', { collectionUuid: id, gameId }, p.a.cookie);
      expect(r.error).toBe('Only a finished game can be added to a collection.');
    } finally {
      p.close();
    }
  });

  it("refuses changes to someone else's collection, and hides a private one from all but its creator", async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const pub = await newCollection(owner.cookie);
    const priv = await newCollection(owner.cookie, { public: false, title: 'Secret' });
    for (const [method, body] of [
      ['UpdateCollection', { collectionUuid: pub, title: 'Mine now' }],
      ['DeleteCollection', { collectionUuid: pub }],
      ['AddGameToCollection', { collectionUuid: pub, gameId: 'x' }],
      ['RemoveGameFromCollection', { collectionUuid: pub, gameId: 'x' }],
      ['ReorderGames', { collectionUuid: pub, gameIds: ['x'] }],
      ['UpdateChapterTitle', { collectionUuid: pub, gameId: 'x', chapterTitle: 'y' }],
    ] as const) {
      const r = await call(method, body, other.cookie);
      expect(r.status, method).toBe(403);
      expect(r.error, method).toBe('Only the creator of this collection can change it.');
    }
    expect((await call('GetCollection', { collectionUuid: priv }, other.cookie)).error).toBe(
      'Collection not found',
    );
    expect((await call('GetCollection', { collectionUuid: priv })).error).toBe(
      'Collection not found',
    );
    expect((await call('DeleteCollection', { collectionUuid: priv }, other.cookie)).error).toBe(
      'Collection not found',
    );
    expect(
      (await call<CollectionBody>('GetCollection', { collectionUuid: priv }, owner.cookie)).body
        .collection.title,
    ).toBe('Secret');

    // Lists: the owner sees both, anyone else only the public one.
    const mine = await call<{ collections: { uuid: string }[]; total: number }>(
      'GetUserCollections',
      {},
      owner.cookie,
    );
    expect(mine.body.total).toBe(2);
    const theirs = await call<{ collections: { uuid: string }[]; total: number }>(
      'GetUserCollections',
      { userUuid: owner.userId },
      other.cookie,
    );
    expect(theirs.body.collections.map((c) => c.uuid)).toEqual([pub]);
    const recent = await call<{ collections: { uuid: string }[] }>(
      'GetRecentlyUpdatedCollections',
      {
        userUuid: owner.userId,
      },
    );
    expect(recent.body.collections.map((c) => c.uuid)).toEqual([pub]);
    const everyone = await call<{ collections: { uuid: string }[] }>('GetPublicCollections', {
      limit: 50,
    });
    expect(everyone.body.collections.map((c) => c.uuid)).toContain(pub);
    expect(everyone.body.collections.map((c) => c.uuid)).not.toContain(priv);

    // The owner edits and deletes.
    expect(
      (
        await call(
          'UpdateCollection',
          { collectionUuid: pub, title: 'Renamed', public: false },
          owner.cookie,
        )
      ).status,
    ).toBe(200);
    expect((await call('GetCollection', { collectionUuid: pub }, other.cookie)).error).toBe(
      'Collection not found',
    );
    expect((await call('DeleteCollection', { collectionUuid: pub }, owner.cookie)).status).toBe(
      200,
    );
    expect((await call('GetCollection', { collectionUuid: pub }, owner.cookie)).error).toBe(
      'Collection not found',
    );
  });
});
