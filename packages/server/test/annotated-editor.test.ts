import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameDocument } from '@tessera/engine';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();
const DIR = join(import.meta.dirname, '../../../../shared/testdata/gcg');

const anno = (method: string, body: unknown, cookie?: string) =>
  rpc<Record<string, unknown>>(server, 'AnnotatedGameService', method, body, { cookie });

type User = Awaited<ReturnType<typeof registerUser>>;

async function documentOf(gameId: string, cookie: string): Promise<GameDocument> {
  const r = await anno('GetGameDocument', { gameId }, cookie);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return JSON.parse(r.body.document as string) as GameDocument;
}

async function newGame(u: User, o: Record<string, unknown> = {}): Promise<string> {
  const r = await anno(
    'CreateBroadcastGame',
    {
      playersInfo: [{ nickname: 'Alice' }, { nickname: 'Bob' }],
      lexicon: 'NWL23',
      challengeRule: 'CHALLENGE_RULE_DOUBLE',
      public: true,
      ...o,
    },
    u.cookie,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.gameId as string;
}

const play = (position: string, playedTiles: string, rack = '') => ({
  type: 'TYPE_TILE_PLACEMENT_MOVE',
  position,
  playedTiles,
  rack,
});

async function send(u: User, gameId: string, event: object, more: object = {}) {
  return anno('SendGameEvent', { gameId, event, ...more }, u.cookie);
}

async function ok(p: Promise<{ status: number; body: unknown }>) {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r;
}

/** The refusal's catalogue code, and the document exactly as it was. */
async function refused(
  u: User,
  gameId: string,
  call: () => Promise<{ status: number; body: { message?: string }; error?: string }>,
  code: number,
) {
  const before = await documentOf(gameId, u.cookie);
  const r = await call();
  expect(r.status, JSON.stringify(r.body)).not.toBe(200);
  expect(r.body.message?.split(';')[0]).toBe(String(code));
  expect(await documentOf(gameId, u.cookie)).toEqual(before);
  return r.error ?? '';
}

/** Alice RETAINS, Bob's phony ZEDO taken off, Alice passes, Bob ZED. */
async function fiveEvents(u: User): Promise<string> {
  const id = await newGame(u);
  await ok(send(u, id, play('8D', 'RETAINS', 'AEINRST')));
  await ok(send(u, id, play('E7', 'Z.DO', 'DEIOQUZ')));
  await ok(send(u, id, { type: 'TYPE_PHONY_TILES_RETURNED' }));
  await ok(send(u, id, { type: 'TYPE_PASS' }));
  await ok(send(u, id, play('E7', 'Z.D', 'DEIOQUZ')));
  return id;
}

describe('the annotated game editor', () => {
  it('records plays, a phony taken off with the rack remembered, a pass; scores by the rules', async () => {
    const a = await registerUser(server);
    const id = await newGame(a);
    await ok(send(a, id, play('8D', 'RETAINS', 'AEINRST')));
    let doc = await documentOf(id, a.cookie);
    expect(doc.events[0].score).toBe(66); // R on a double letter, the centre doubles, a bingo
    expect(doc.events[0].isBingo).toBe(true);
    await ok(send(a, id, play('E7', 'Z.DO', 'DEIOQUZ')));
    await ok(send(a, id, { type: 'TYPE_PHONY_TILES_RETURNED' }));
    doc = await documentOf(id, a.cookie);
    expect(doc.events.map((e) => e.type)).toEqual([
      'TILE_PLACEMENT_MOVE',
      'TILE_PLACEMENT_MOVE',
      'PHONY_TILES_RETURNED',
    ]);
    // Bob's rack after the successful challenge is the rack he played from.
    const bob = doc.racks[1].length;
    expect(bob).toBe(7);
    expect(doc.events[2].rack).toBe('DEIOQUZ');
    expect(doc.currentScores).toEqual([66, 0]);
    expect(doc.playerOnTurn).toBe(0);
    await ok(send(a, id, { type: 'TYPE_PASS' }));
    // Bob plays from the remembered rack without typing it again.
    await ok(send(a, id, play('E7', 'Z.D')));
    doc = await documentOf(id, a.cookie);
    expect(doc.events[4].rack).toBe('DEIOQUZ');
    expect(doc.events[4].wordsFormed).toEqual(['ZED']);
  });

  it('refuses eight tiles on a rack, tiles no longer in the bag, and keeps the document', async () => {
    const a = await registerUser(server);
    const id = await fiveEvents(a);
    const eight = await refused(
      a,
      id,
      () => anno('SetRacks', { gameId: id, racks: ['AEINRSTU', ''] }, a.cookie),
      1510,
    );
    expect(eight).toBe('A rack holds at most 7 tiles; Alice has 8.');
    await refused(a, id, () => send(a, id, play('9F', 'ABCDEFGH', 'ABCDEFGH')), 1510);
    // The only Z is on the board.
    const z = await refused(
      a,
      id,
      () => anno('SetRacks', { gameId: id, racks: ['AZ', ''] }, a.cookie),
      1511,
    );
    expect(z).toMatch(/^Those tiles are no longer in the bag: /);
    // Both racks together cannot hold more Q than the set has.
    await refused(a, id, () => anno('SetRacks', { gameId: id, racks: ['Q', 'Q'] }, a.cookie), 1511);
    // Legal racks are accepted.
    await ok(anno('SetRacks', { gameId: id, racks: ['ABCDEFG', 'HIJKLMN'] }, a.cookie));
    const doc = await documentOf(id, a.cookie);
    expect(doc.racks[0].length).toBe(7);
    expect(doc.racks[1].length).toBe(7);
  });

  it('refuses an exchange that places tiles and one on a bag of fewer than seven', async () => {
    const a = await registerUser(server);
    const id = await fiveEvents(a);
    const placing = await refused(
      a,
      id,
      () =>
        send(a, id, {
          type: 'TYPE_EXCHANGE',
          exchanged: 'A',
          position: '9F',
          playedTiles: 'A',
        }),
      1513,
    );
    expect(placing).toBe('An exchange cannot place tiles on the board.');
    const text = readFileSync(join(DIR, 'gcgio-guy_vs_bot_almost_complete.gcg'), 'utf8');
    const imported = await anno('ImportGCG', { gcg: text, lexicon: 'NWL23' }, a.cookie);
    expect(imported.status).toBe(200);
    const late = imported.body.gameId as string;
    const doc = await documentOf(late, a.cookie);
    expect(doc.bag.tiles.length).toBeLessThan(7);
    const small = await refused(
      a,
      late,
      () => send(a, late, { type: 'TYPE_EXCHANGE', exchanged: 'A' }),
      1512,
    );
    expect(small).toBe(
      `No exchange with fewer than 7 tiles in the bag; it holds ${doc.bag.tiles.length}.`,
    );
    // An exchange on a full bag is fine.
    await ok(send(a, id, { type: 'TYPE_EXCHANGE', exchanged: 'AB', rack: 'ABCDEFG' }));
  });

  it('an amendment replays every later event, or names the first that breaks and changes nothing', async () => {
    const a = await registerUser(server);
    const id = await fiveEvents(a);
    // RETAINS moved right: E8 is empty, so Bob's play through it no longer fits.
    const broken = await refused(
      a,
      id,
      () => send(a, id, play('8H', 'RETAINS', 'AEINRST'), { amendment: true, eventNumber: 1 }),
      1514,
    );
    expect(broken).toMatch(/^That change breaks event 2 \(TILE_PLACEMENT_MOVE\): /);
    const before = await documentOf(id, a.cookie);
    // RETAINS one column right: Bob's plays now go through its R, and are rescored.
    await ok(send(a, id, play('8E', 'RETAINS', 'AEINRST'), { amendment: true, eventNumber: 1 }));
    const after = await documentOf(id, a.cookie);
    expect(after.events.length).toBe(5);
    expect(after.events[0].position).toBe('8E');
    expect(after.events[4].wordsFormed).toEqual(['ZRD']);
    // The amended play is scored afresh (no double letter under the R now), the rest follows.
    expect(before.events[0].score).toBe(66);
    expect(after.events[0].score).toBe(64);
    expect(after.currentScores).toEqual([64, 13]);
    // The rack remembered after the challenge survives the replay.
    expect(after.events[2].rack).toBe('DEIOQUZ');
    // Setting an earlier event's rack replays too; a rack that cannot make the play is refused.
    await ok(
      anno(
        'SetRacks',
        { gameId: id, racks: ['AEINRST', ''], eventNumber: 1, amendment: true },
        a.cookie,
      ),
    );
    await refused(
      a,
      id,
      () =>
        anno(
          'SetRacks',
          { gameId: id, racks: ['ABCDEFG', ''], eventNumber: 1, amendment: true },
          a.cookie,
        ),
      1515,
    );
    await refused(
      a,
      id,
      () => send(a, id, { type: 'TYPE_PASS' }, { amendment: true, eventNumber: 9 }),
      1516,
    );
    // Truncating keeps the first events.
    await ok(anno('TruncateGame', { gameId: id, eventCount: 1 }, a.cookie));
    expect((await documentOf(id, a.cookie)).events.length).toBe(1);
  });

  it('notes go on events and out in the GCG; the game information is checked and saved', async () => {
    const a = await registerUser(server);
    const id = await fiveEvents(a);
    await ok(
      anno(
        'PatchGameDocument',
        {
          gameId: id,
          document: JSON.stringify({
            notes: [{ eventNumber: 2, note: 'ZEDO is not a word' }],
            description: 'Club night',
            players: [{ nickname: 'Ann', realName: 'Ann Example' }, { nickname: 'Bob' }],
          }),
        },
        a.cookie,
      ),
    );
    const doc = await documentOf(id, a.cookie);
    expect(doc.events[1].note).toBe('ZEDO is not a word');
    expect(doc.description).toBe('Club night');
    expect(doc.players[0].nickname).toBe('Ann');
    expect(doc.events[0].nickname).toBe('Ann');
    const out = await rpc<{ gcg: string }>(server, 'GameMetadataService', 'GetGCG', { gameId: id });
    expect(out.body.gcg).toContain('>Bob: DEIOQUZ E7 Z.DO');
    expect(out.body.gcg).toContain('#note ZEDO is not a word');
    const patch = (document: object) =>
      anno('PatchGameDocument', { gameId: id, document: JSON.stringify(document) }, a.cookie);
    await refused(a, id, () => patch({ description: 'x'.repeat(141) }), 1507);
    await refused(a, id, () => patch({ players: [{ nickname: '' }, { nickname: 'Bob' }] }), 1503);
    await refused(
      a,
      id,
      () => patch({ players: [{ nickname: 'n'.repeat(51) }, { nickname: 'B' }] }),
      1504,
    );
    await refused(a, id, () => patch({ challengeRule: 'VOID' }), 1521);
    await refused(a, id, () => patch({ notes: [{ eventNumber: 6, note: 'x' }] }), 1516);
  });

  it('checks a new game: names, lexicon, challenge rule, description', async () => {
    const a = await registerUser(server);
    const create = (o: object) =>
      anno(
        'CreateBroadcastGame',
        {
          playersInfo: [{ nickname: 'Alice' }, { nickname: 'Bob' }],
          lexicon: 'CSW21',
          challengeRule: 'CHALLENGE_RULE_FIVE_POINT',
          ...o,
        },
        a.cookie,
      );
    const cases: [object, number, string?][] = [
      [{ playersInfo: [{ nickname: ' ' }, { nickname: 'Bob' }] }, 1503, 'Player name is required'],
      [{ playersInfo: [{ nickname: 'a'.repeat(51) }, { nickname: 'Bob' }] }, 1504],
      [{ playersInfo: [{ nickname: 'Bob' }, { nickname: 'Bob' }] }, 1523],
      [{ playersInfo: [{ nickname: 'A:B' }, { nickname: 'Bob' }] }, 1522],
      [{ lexicon: '' }, 1505, 'Lexicon is required'],
      [{ lexicon: 'ECWL' }, 1520],
      [{ challengeRule: 'CHALLENGE_RULE_UNSPECIFIED' }, 1506, 'Challenge rule is required'],
      [{ challengeRule: 'CHALLENGE_RULE_TRIPLE' }, 1521],
      [{ description: 'd'.repeat(141) }, 1507],
    ];
    for (const [o, code, text] of cases) {
      const r = await create(o);
      expect(r.status, JSON.stringify(o)).toBe(400);
      expect(r.body.message?.split(';')[0], JSON.stringify(o)).toBe(String(code));
      if (text) expect(r.error).toBe(text);
    }
    const good = await create({ playersInfo: [{ realName: 'Ann Example' }, { nickname: 'Bob' }] });
    expect(good.status).toBe(200);
    const doc = await documentOf(good.body.gameId as string, a.cookie);
    expect(doc.players[0]).toMatchObject({ nickname: 'Ann_Example', realName: 'Ann Example' });
    expect(doc.challengeRule).toBe('FIVE_POINT');
    expect(doc.type).toBe('annotated');
    const visitor = await anno('CreateBroadcastGame', { playersInfo: [] });
    expect(visitor.body.message).toMatch(/^1524/);
  });

  it('a private game is the creator’s alone; only the creator edits or deletes', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const id = await fiveEvents(a);
    const hidden = await newGame(a, { public: false });
    for (const cookie of [b.cookie, undefined]) {
      for (const method of [
        'GetGameDocument',
        'GetMetadata',
        'GetGameHistory',
        'GetCGP',
        'GetGameOwner',
      ]) {
        const r = await anno(method, { gameId: hidden }, cookie);
        expect(r.body.message?.split(';')[0], method).toBe('1502');
      }
      const gcg = await rpc(
        server,
        'GameMetadataService',
        'GetGCG',
        { gameId: hidden },
        { cookie },
      );
      expect(gcg.status).not.toBe(200);
    }
    expect((await anno('GetGameDocument', { gameId: hidden }, a.cookie)).status).toBe(200);
    const publicList = await anno('GetRecentAnnotatedGames', { limit: 100 }, b.cookie);
    const listed = (publicList.body.games as { gameId: string }[]).map((g) => g.gameId);
    expect(listed).toContain(id);
    expect(listed).not.toContain(hidden);
    const ownList = await anno('GetRecentAnnotatedGames', { userId: a.userId }, a.cookie);
    expect((ownList.body.games as { gameId: string }[]).map((g) => g.gameId)).toContain(hidden);
    const seenByB = await anno('GetRecentAnnotatedGames', { username: a.username }, b.cookie);
    expect((seenByB.body.games as { gameId: string }[]).map((g) => g.gameId)).toEqual([id]);

    const calls: [string, object][] = [
      ['SendGameEvent', { gameId: id, event: { type: 'TYPE_PASS' } }],
      ['SetRacks', { gameId: id, racks: ['A', ''] }],
      ['TruncateGame', { gameId: id, eventCount: 0 }],
      ['PatchGameDocument', { gameId: id, document: '{"description":"mine"}' }],
      ['SetBroadcastGamePrivacy', { gameId: id, public: false }],
      ['DeleteBroadcastGame', { gameId: id }],
    ];
    for (const [method, body] of calls) {
      const r = await refused(a, id, () => anno(method, body, b.cookie), 1501);
      expect(r, method).toBe('Only the creator of this annotated game may change it.');
    }
    const owner = await anno('GetGameOwner', { gameId: id }, b.cookie);
    expect(owner.body).toMatchObject({
      found: true,
      creatorId: a.userId,
      creatorUsername: a.username,
    });
    expect(
      (await anno('GetGameOwner', { gameId: 'nothing-here' }, b.cookie)).body.found,
    ).toBeFalsy();
    const unfinished = await anno('GetMyUnfinishedGames', {}, a.cookie);
    expect((unfinished.body.games as { gameId: string }[]).map((g) => g.gameId)).toContain(id);
    const editor = await anno('GetGamesForEditor', { unfinished: true }, a.cookie);
    expect((editor.body.games as { gameId: string }[]).length).toBe(2);
    const cgp = await anno('GetCGP', { gameId: id }, b.cookie);
    expect(cgp.body.cgp).toMatch(/ZED|Z/);

    await ok(anno('SetBroadcastGamePrivacy', { gameId: id, public: false }, a.cookie));
    expect((await anno('GetGameDocument', { gameId: id }, b.cookie)).body.message).toMatch(/^1502/);
    await ok(anno('DeleteBroadcastGame', { gameId: id }, a.cookie));
    const gone = await anno('GetGameDocument', { gameId: id }, a.cookie);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/^1500/);
  });

  it('tells other modules a game’s summary and a user’s recent games', async () => {
    const a = await registerUser(server);
    const id = await fiveEvents(a);
    const hidden = await newGame(a, {
      public: false,
      playersInfo: [{ nickname: 'Cy' }, { nickname: 'Di' }],
    });
    const api = server.services.annotated;
    expect(await api.summary(id)).toMatchObject({
      gameId: id,
      title: 'Alice vs Bob',
      players: ['Alice', 'Bob'],
      creatorId: a.userId,
      public: true,
      lexicon: 'NWL23',
      finished: false,
    });
    expect(await api.summary('no-such-game')).toBeUndefined();
    expect((await api.recentForUser(a.userId)).map((g) => g.gameId)).toEqual([id]);
    const all = await api.recentForUser(a.userId, { withPrivate: true });
    expect(all.map((g) => g.gameId)).toEqual([hidden, id]);
  });

  it('replaces a game with a document that replays, and refuses one that does not', async () => {
    const a = await registerUser(server);
    const source = await fiveEvents(a);
    const target = await newGame(a);
    const doc = await documentOf(source, a.cookie);
    const replace = (document: string) =>
      anno('ReplaceGameDocument', { gameId: target, document }, a.cookie);
    await refused(a, target, () => replace('not json'), 1518);
    await refused(
      a,
      target,
      () => replace(JSON.stringify({ ...doc, currentScores: [1, 2] })),
      1518,
    );
    const eight = { ...doc, racks: [doc.racks[0], [...doc.racks[1], doc.racks[1][0]]] };
    await refused(a, target, () => replace(JSON.stringify(eight)), 1518);
    await ok(replace(JSON.stringify(doc)));
    const after = await documentOf(target, a.cookie);
    expect(after.events).toEqual(doc.events);
    expect(after.currentScores).toEqual(doc.currentScores);
    expect(after.uid).not.toBe(doc.uid);
  });
});
