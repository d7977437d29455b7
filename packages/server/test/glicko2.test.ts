import { ratingKey, timeClass } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { initialGlicko, isEstablished, updateGlicko } from '../src/modules/rating/glicko2.ts';

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper", () => {
    const player = { rating: 1500, deviation: 200, volatility: 0.06 };
    const next = updateGlicko(player, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(next.rating).toBeCloseTo(1464.06, 1);
    expect(next.deviation).toBeCloseTo(151.52, 1);
    expect(next.volatility).toBeCloseTo(0.05999, 4);
  });

  it('moves a new player up after a win and down after a loss, by the same amount between equals', () => {
    const a = initialGlicko();
    const b = initialGlicko();
    const win = updateGlicko(a, [{ opponent: b, score: 1 }]);
    const loss = updateGlicko(b, [{ opponent: a, score: 0 }]);
    expect(win.rating).toBeGreaterThan(1500);
    expect(win.rating - 1500).toBeCloseTo(1500 - loss.rating, 6);
    expect(win.deviation).toBeLessThan(350);
  });

  it('becomes established once the deviation reaches 90', () => {
    let p = initialGlicko();
    let games = 0;
    while (!isEstablished(p)) {
      p = updateGlicko(p, [
        { opponent: { rating: 1500, deviation: 60, volatility: 0.06 }, score: games % 2 },
      ]);
      games += 1;
    }
    expect(p.deviation).toBeLessThanOrEqual(90);
    expect(games).toBeGreaterThan(5);
    expect(games).toBeLessThan(40);
  });
});

describe('time classes and rating keys', () => {
  it.each([
    [60, 0, 0, 'ultrablitz'],
    [120, 0, 0, 'ultrablitz'],
    [121, 0, 0, 'blitz'],
    [300, 1, 0, 'blitz'],
    [300, 1, 1, 'rapid'],
    [840, 0, 0, 'rapid'],
    [900, 1, 0, 'regular'],
    [1200, 0, 0, 'regular'],
  ])('%is initial, %i min overtime, %is increment is %s', (initial, ot, inc, cls) => {
    expect(timeClass(initial, ot, inc)).toBe(cls);
  });

  it('rates correspondence separately', () => {
    expect(timeClass(60, 0, 0, true)).toBe('corres');
    expect(ratingKey('ENABLE2K', 'classic', 'blitz')).toBe('ENABLE2K.classic.blitz');
  });
});
