import { describe, expect, it } from 'vitest';
import {
  amendEvent,
  createGame,
  fromDocument,
  letterSet,
  makeEvent,
  pass,
  play,
  setRacks,
  toDocument,
  truncate,
  wordListChecker,
  type GameState,
  gcg,
} from '../src/index.ts';
import {
  gameWithRacks,
  HAVE_TESTDATA,
  move,
  OPENING,
  rackTiles,
  testFile,
} from './support/fixtures.ts';
import { snapshot } from './support/snapshot.ts';

function opening(): GameState {
  const g = gameWithRacks('DOUBLE', 'DINNVWY', 'ADEEGIL');
  play(g, 0, move(g, '8D', 'WINDY'), { checker: OPENING });
  play(g, 1, move(g, '7C', 'GALE'), { checker: OPENING });
  return g;
}

describe('editing a game through its events', () => {
  it('truncating goes back to the position after that many events', () => {
    const g = opening();
    const one = truncate(g, 1);
    if (!one.ok) throw new Error(one.message);
    expect(one.value.events.length).toBe(1);
    expect(one.value.scores).toEqual([32, 0]);
    expect(one.value.playerOnTurn).toBe(1);
    expect(one.value.board.tileCount).toBe(5);
    const none = truncate(g, 0);
    expect(none.ok && none.value.board.isEmpty).toBe(true);
  });

  it('amending an earlier move replays from there and drops what came after', () => {
    const g = opening();
    const amended = amendEvent(
      g,
      0,
      makeEvent('TILE_PLACEMENT_MOVE', 0, {
        rack: 'DINNVWY',
        position: 'H4',
        playedTiles: 'WINDY',
        score: 32,
      }),
    );
    if (!amended.ok) throw new Error(amended.message);
    expect(amended.value.events.length).toBe(1);
    expect(amended.value.events[0]).toMatchObject({
      position: 'H4',
      direction: 'vertical',
      row: 3,
      column: 7,
    });
    expect(amended.value.board.get(3, 7)).toBe(letterSet('english').codeByRune.get('W'));
  });

  it('an amendment that breaks the rules is refused and names the event', () => {
    const g = opening();
    const bad = amendEvent(
      g,
      1,
      makeEvent('TILE_PLACEMENT_MOVE', 1, {
        rack: 'ADEEGIL',
        position: '1A',
        playedTiles: 'GALE',
        score: 20,
      }),
    );
    expect(bad).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    expect(!bad.ok && bad.message).toMatch(/^event 2 \(TILE_PLACEMENT_MOVE\): /);
    expect(g.events.length).toBe(2);
  });

  it('racks can be set by hand from the unseen tiles, or refused when impossible', () => {
    const g = opening();
    const before = snapshot(g);
    expect(setRacks(g, [rackTiles('QZXJ'), null]).ok).toBe(true);
    expect(Array.from(g.racks[0].tiles())).toEqual(Array.from(rackTiles('JQXZ')));
    expect(g.bag.size + g.racks[0].size + g.racks[1].size + g.board.tileCount).toBe(100);
    expect(setRacks(g, [rackTiles('QQ'), null])).toMatchObject({
      ok: false,
      code: 'RACK_UNAVAILABLE',
    });
    expect(setRacks(g, [rackTiles('???'), null])).toMatchObject({
      ok: false,
      code: 'RACK_UNAVAILABLE',
    });
    expect(setRacks(g, [rackTiles('ZZ'), rackTiles('Z')])).toMatchObject({
      ok: false,
      code: 'RACK_UNAVAILABLE',
    });
    expect(Array.from(g.racks[0].tiles())).toEqual(Array.from(rackTiles('JQXZ')));
    expect(snapshot(g).board).toEqual(before.board);
  });

  it('the next event after hand-set racks records them', () => {
    const g = opening();
    setRacks(g, [rackTiles('AEIOU??'), rackTiles('BCDFGHJ')]);
    pass(g, 0);
    expect(g.events[2].rack).toBe('??AEIOU');
  });
});

describe('the game document', () => {
  it('is plain JSON with the spec fields', () => {
    const doc = toDocument(opening());
    expect(Object.keys(doc)).toEqual(
      expect.arrayContaining([
        'players',
        'events',
        'version',
        'lexicon',
        'uid',
        'description',
        'racks',
        'challengeRule',
        'playState',
        'currentScores',
        'variant',
        'winner',
        'boardLayout',
        'letterDistribution',
        'type',
        'timersStarted',
        'endReason',
        'metaEventData',
        'createdAt',
        'board',
        'bag',
        'scorelessTurns',
        'playerOnTurn',
        'timers',
      ]),
    );
    expect(Object.keys(doc.timers)).toEqual([
      'timeOfLastUpdate',
      'timeStarted',
      'timeRemaining',
      'maxOvertime',
      'incrementSeconds',
      'resetToIncrementAfterTurn',
      'untimed',
      'timeBank',
    ]);
    expect(Object.keys(doc.events[0])).toEqual([
      'type',
      'playerIndex',
      'rack',
      'cumulative',
      'row',
      'column',
      'direction',
      'position',
      'playedTiles',
      'exchanged',
      'score',
      'bonus',
      'endRackPoints',
      'lostScore',
      'isBingo',
      'wordsFormed',
      'millisRemaining',
      'note',
      'nickname',
      'numTilesFromRack',
    ]);
    expect(doc.events[1]).toMatchObject({
      wordsFormed: ['GALE', 'AW', 'LI', 'EN'],
      nickname: 'bob',
    });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('keeps hand-set racks and continues with the same draws after loading', () => {
    const g = opening();
    setRacks(g, [rackTiles('QZXJ'), null]);
    const back = fromDocument(JSON.parse(JSON.stringify(toDocument(g))));
    if (!back.ok) throw new Error(back.message);
    expect(snapshot(back.value)).toEqual(snapshot(g));
    pass(g, 0);
    pass(back.value, 0);
    expect(toDocument(back.value)).toEqual(toDocument(g));
  });

  it('a document whose fields do not follow from its events is refused', () => {
    const doc = toDocument(opening());
    doc.currentScores = [100, 0];
    expect(fromDocument(doc)).toMatchObject({ ok: false, code: 'BAD_DOCUMENT' });
    const doc2 = toDocument(opening());
    doc2.events[0].position = 'Z99';
    expect(fromDocument(doc2)).toMatchObject({ ok: false, code: 'BAD_DOCUMENT' });
  });

  it('a malformed document is refused with a reason, never a crash', () => {
    const good = () => JSON.parse(JSON.stringify(toDocument(opening())));
    const breakages: [string, (d: Record<string, unknown>) => void][] = [
      ['version 2 is not 1', (d) => (d.version = 2)],
      ['it needs two players', (d) => (d.players = [])],
      ['event 1 is not a game event', (d) => ((d.events as { rack: unknown }[])[0].rack = 7)],
      ['event 2 is not a game event', (d) => ((d.events as { type: string }[])[1].type = 'DANCE')],
      [
        'bag.rng must be four 32-bit words',
        (d) => ((d.bag as { rng: number[] }).rng = [0, 0, 0, 0]),
      ],
      ['racks must be two lists of tiles', (d) => (d.racks = 'ABC')],
      ['board.tiles must be a list of tiles', (d) => (d.board = {})],
    ];
    for (const [reason, breakIt] of breakages) {
      const doc = good();
      breakIt(doc);
      const r = fromDocument(doc);
      expect(r).toMatchObject({ ok: false, code: 'BAD_DOCUMENT' });
      expect(!r.ok && r.message).toContain(reason);
    }
  });

  it.skipIf(!HAVE_TESTDATA)(
    'an annotated game imported from GCG loads back from its document',
    () => {
      const g = gcg.importGcg(testFile('gcgio-josh2.gcg'));
      if (!g.ok) throw new Error(g.message);
      const back = fromDocument(JSON.parse(JSON.stringify(toDocument(g.value))));
      if (!back.ok) throw new Error(back.message);
      expect(snapshot(back.value)).toEqual(snapshot(g.value));
      expect(back.value.meta.type).toBe('annotated');
    },
  );
});

describe('variants', () => {
  it('WordSmog accepts a play whose words are anagrams of valid words', () => {
    const lexicon = wordListChecker(letterSet('english'), ['WINDY']);
    const g = createGame({ variant: 'wordsmog', seed: 3 });
    setRacks(g, [rackTiles('DINNVWY'), null]);
    const checker = { has: (w: ArrayLike<number>) => lexicon.hasAnagram(w) };
    const r = play(g, 0, move(g, '8D', 'DNIWY'), { checker });
    expect(r.ok && r.value[0]).toMatchObject({ playedTiles: 'DNIWY', score: 28 });
    const classic = gameWithRacks('VOID', 'DINNVWY', 'ADEEGIL');
    expect(play(classic, 0, move(classic, '8D', 'DNIWY'), { checker: lexicon })).toMatchObject({
      code: 'INVALID_WORDS',
    });
  });

  it('classic_super plays on 21x21 with the 200-tile set', () => {
    const g = createGame({ variant: 'classic_super', seed: 5 });
    expect(g.board.dim).toBe(21);
    expect(g.bag.size).toBe(200 - 14);
    setRacks(g, [rackTiles('AEIQRSZ'), null]);
    const r = play(g, 0, move(g, '11J', 'ZA'), { checker: { has: () => true } });
    // 11J plain, 11K the centre double word: (10 + 1) x 2.
    expect(r.ok && r.value[0].score).toBe(22);
  });

  it('a Spanish game plays CH and a blank RR as single tiles', () => {
    const g = createGame({ lexicon: 'FILE2017', challengeRule: 'DOUBLE', seed: 9 });
    expect(g.set.name).toBe('spanish');
    setRacks(g, [rackTiles('CHORU?', 'spanish'), null]);
    const r = play(g, 0, move(g, '8E', 'CHUrrO'));
    // CH(5) U(1) blank RR(0) O(1) with the centre double word.
    expect(r.ok && r.value[0]).toMatchObject({
      score: 14,
      playedTiles: 'CHUrrO',
      numTilesFromRack: 4,
    });
  });
});
