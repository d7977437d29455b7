/**
 * Which games and positions the finder passes over: a game whose real
 * player lost too much equity, positions with fewer than 7 tiles in the bag,
 * racks the record gives only in part, and the turn taken back after a
 * phony (the position must be the one without the phony's tiles).
 */
import { describe, expect, it } from 'vitest';
import { truncate } from '../src/game/history.ts';
import { findPuzzles } from '../src/puzzles/index.ts';
import { fixtureGame, puzzleResources } from './puzzles-helpers.ts';

const res = puzzleResources(false);
/** Static answers everywhere: every position that may be a puzzle becomes one. */
const STATIC = { sim: { below: 0 } } as const;

describe('the equity-loss game filter', () => {
  // Jesse (player 1 of the record, index 0) gave away about 70 equity in total.
  const game = fixtureGame('pkg-puzzles-r7_jesse.gcg');

  it('keeps a game under the limit and drops it over the limit', () => {
    const kept = findPuzzles(game, res, { sim: false });
    expect(kept.dropped).toBeNull();
    expect(kept.equityLoss[0]).toBeGreaterThan(60);
    expect(kept.equityLoss[0]).toBeLessThan(80);
    expect(kept.equityLoss[1]).toBeLessThan(20);
    expect(kept.puzzles.length).toBeGreaterThan(0);

    const dropped = findPuzzles(game, res, { sim: false, equityLossLimit: 60 });
    expect(dropped.dropped).toBe('EQUITY_LOSS');
    expect(dropped.puzzles).toEqual([]);
    expect(dropped.equityLoss).toEqual(kept.equityLoss);
  }, 120_000);

  it('spends no simulation on a game it drops', () => {
    const r = findPuzzles(game, res, { equityLossLimit: 60 });
    expect(r.dropped).toBe('EQUITY_LOSS');
    expect(r.simulated).toBe(0);
    expect(r.puzzles).toEqual([]);
  }, 120_000);

  it('judges only the real players when told which they are', () => {
    const r = findPuzzles(game, res, { sim: false, equityLossLimit: 60, players: [1] });
    expect(r.dropped).toBeNull();
    expect(r.puzzles.length).toBeGreaterThan(0);
    expect(r.puzzles.every((p) => p.player === 1)).toBe(true);
    expect(r.skipped.NOT_REAL).toBeGreaterThan(0);
  }, 120_000);

  it('adds up the loss of every judged move against the best move', () => {
    const r = findPuzzles(game, res, STATIC);
    for (const p of [0, 1]) {
      const sum = r.turns.filter((t) => t.player === p).reduce((s, t) => s + t.loss, 0);
      expect(r.equityLoss[p]).toBeCloseTo(sum, 1);
    }
    // A move that is the position's answer cost nothing.
    for (const p of r.puzzles) {
      const turn = r.turns.find((t) => t.eventIndex === p.eventIndex)!;
      if (p.played === p.answer.text) expect(turn.loss).toBe(0);
      else expect(turn.loss).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);

  it('keeps a well played game', () => {
    const r = findPuzzles(fixtureGame('puzzles-well_played_game.gcg'), res, { sim: false });
    expect(r.dropped).toBeNull();
    expect(r.equityLoss[0] + r.equityLoss[1]).toBeLessThan(40);
    expect(r.puzzles.map((p) => p.answer.text)).toEqual([
      'H4 LIGA.URE',
      'L7 PEDDL.nG',
      '14F DECALO.S',
    ]);
  }, 120_000);
});

describe('positions passed over', () => {
  it('skips turns with fewer than 7 tiles in the bag, and follows minBag', () => {
    const game = fixtureGame('pkg-puzzles-r2_tim.gcg');
    const r = findPuzzles(game, res, STATIC);
    // 100 tiles: those on the board and both racks of 7 are out of the bag.
    const bagAt = (k: number) => {
      const g = truncate(game, k);
      if (!g.ok) throw new Error(g.message);
      return 100 - g.value.board.tileCount - 14;
    };
    const shortBag = r.turns.filter((t) => bagAt(t.eventIndex) < 7);
    expect(shortBag.length).toBeGreaterThan(0);
    expect(r.skipped.BAG).toBe(shortBag.length);
    for (const t of shortBag)
      expect(r.puzzles.some((p) => p.eventIndex === t.eventIndex)).toBe(false);
    expect(Math.min(...r.puzzles.map((p) => p.bagCount))).toBe(7);
    for (const p of r.puzzles) expect(p.bagCount).toBe(bagAt(p.eventIndex));

    const deep = findPuzzles(game, res, { ...STATIC, minBag: 40 });
    expect(deep.puzzles.length).toBeGreaterThan(0);
    expect(deep.puzzles.length).toBeLessThan(r.puzzles.length);
    expect(deep.puzzles.every((p) => p.bagCount >= 40)).toBe(true);
  }, 120_000);

  it('skips racks the record gives only in part', () => {
    // James's racks are written as the tiles he played (ACDLU, BEKO, ...).
    const game = fixtureGame('puzzles-phony_tiles_returned.gcg');
    const r = findPuzzles(game, res, STATIC);
    expect(r.skipped.RACK_UNKNOWN).toBeGreaterThan(5);
    for (const p of r.puzzles) expect(p.rack).toHaveLength(7);
    expect(r.puzzles.some((p) => p.rack === 'ACDLU')).toBe(false);
    const judged = r.turns.map((t) => game.events[t.eventIndex].rack);
    expect(judged).not.toContain('ACDLU');
    expect(judged).not.toContain('BEKO');
  }, 120_000);

  it('takes the position after a phony came off the board', () => {
    // James's BOEK at M2 was challenged off (event 14); Josh moves next with ?FOOPQT.
    const game = fixtureGame('puzzles-phony_tiles_returned.gcg');
    expect(game.events[14].type).toBe('PHONY_TILES_RETURNED');
    const r = findPuzzles(game, res, { ...STATIC, events: [15] });
    const [p] = r.puzzles;
    expect(p.eventIndex).toBe(15);
    expect(p.rack).toBe('?FOOPQT');
    // Column M, rows 2 to 5 are empty again: the CGP's rows 2-5 end in an empty M.
    const rows = p.cgp.split(' ')[0].split('/');
    const expand = (row: string) => row.replace(/\d+/g, (n) => '.'.repeat(Number(n)));
    for (const r2 of rows.slice(1, 5)) expect(expand(r2)[12]).toBe('.');
    expect(p.turnNumber).toBe(15);
  }, 120_000);
});
