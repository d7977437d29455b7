import { describe, expect, it } from 'vitest';
import { boardLayout } from '../src/board/layouts.ts';
import { LineCache, lineCacheBitsFor } from '../src/endgame/line-cache.ts';
import { MoveList } from '../src/movegen/moves.ts';
import { Movegen } from '../src/movegen/movegen.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

/** A list of `n` one-tile plays along a row (only what the cache keeps matters). */
function plays(n: number, score: number): MoveList {
  const list = new MoveList(n);
  for (let k = 0; k < n; k++) {
    const i = list.slot(score);
    list.kind[i] = 0;
    list.dir[i] = 0;
    list.len[i] = 1;
    list.played[i] = 1;
    list.start[i] = k;
    list.score[i] = score;
    list.tiles[i * 24] = 1 + (k % 26);
  }
  return list;
}

describe('endgame line cache', () => {
  const set = letterSet('english');
  const mg = new Movegen(
    lexiconOf('english', englishWords(35, true)),
    set,
    boardLayout('CrosswordGame'),
  );

  it("keeps a line's figures after the ring has come round over its plays", () => {
    // A ring of 16 plays, 1024 slots.
    const cache = new LineCache(mg.board, 10, 4);
    cache.clear();
    expect(cache.probe(3, 0b100, 0, 7, true)).toBe(false);
    cache.save(plays(4, 11), 0, 30, 12);
    expect(cache.probe(3, 0b100, 0, 7, true)).toBe(true);
    const out = new MoveList();
    cache.copyTo(out);
    expect([out.count, out.score[0], out.start[3]]).toEqual([4, 11, 3]);
    // Another line's 16 plays write over the first one's in the ring.
    expect(cache.probe(20, 0b1, 1, 7, true)).toBe(false);
    cache.save(plays(4, 5), 0, 9, 5);
    for (let k = 0; k < 3; k++) {
      expect(cache.probe(21 + k, 0b1, 1, 7, true)).toBe(false);
      cache.save(plays(4, 5), 0, 9, 5);
    }
    // Its plays are gone; its figures are not.
    expect(cache.probe(3, 0b100, 0, 7, true)).toBe(false);
    expect(cache.probe(3, 0b100, 0, 7, false)).toBe(true);
    expect([cache.figureA, cache.figureB]).toEqual([30, 12]);
    // The batch lookups read figures only too.
    cache.batchKey(0, 3, 0b100, 0, 7);
    cache.batchKey(1, 4, 0b100, 0, 7);
    const missed = new Int32Array(2);
    expect(cache.batchFigures(2, -1, missed)).toBe(1);
    expect([cache.bestA, cache.bestB, missed[0]]).toEqual([30, 12, 1]);
  });

  it('forgets every line at the next solve (its rack codes mean other racks)', () => {
    const cache = new LineCache(mg.board, 10, 8);
    cache.clear();
    cache.probe(3, 0b100, 0, 7, true);
    cache.save(plays(2, 11), 0, 30, 12);
    expect(cache.probe(3, 0b100, 0, 7, true)).toBe(true);
    cache.clear();
    expect(cache.probe(3, 0b100, 0, 7, false)).toBe(false);
  });

  it('grows with the time budget and never shrinks', () => {
    expect([lineCacheBitsFor(1000), lineCacheBitsFor(2000), lineCacheBitsFor(5000)]).toEqual([
      18, 19, 20,
    ]);
    expect(lineCacheBitsFor(600_000)).toBe(20);
    const cache = new LineCache(mg.board, 10, 8);
    cache.clear();
    cache.probe(3, 0b100, 0, 7, true);
    cache.save(plays(2, 11), 0, 30, 12);
    cache.ensure(9);
    expect(cache.probe(3, 0b100, 0, 7, true)).toBe(true);
    cache.ensure(11);
    expect(cache.probe(3, 0b100, 0, 7, false)).toBe(false);
  });
});
