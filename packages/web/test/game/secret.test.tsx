import { screen } from '@testing-library/react';
import { resign } from '@tessera/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPreferences } from '../../src/preferences/preferences.ts';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

const tileOn = (name: string) =>
  screen.getByRole('gridcell', { name: new RegExp(`^${name},`) }).querySelector('.tile');

describe('secret settings in the game room', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => setPreferences({ bicolorMode: false }));

  it('colours each player’s tiles in bicolor mode, and not otherwise', async () => {
    const g = engineGame({ moves: ['8H CAT', 'J7 A.E'] });
    resign(g, 0);
    setPreferences({ bicolorMode: true });
    const room = await renderRoom({ visitor: true });
    room.deliverHistory(historyOf(g, -1));
    await screen.findByRole('heading', { name: 'Game over' });
    expect(tileOn('H8')?.classList.contains('tile-p0')).toBe(true);
    expect(tileOn('J7')?.classList.contains('tile-p1')).toBe(true);
    // The A of CAT was played through by the second play: it stays the first player's.
    expect(tileOn('I8')?.classList.contains('tile-p0')).toBe(true);
    setPreferences({ bicolorMode: false });
    await screen.findByRole('heading', { name: 'Game over' });
    expect(tileOn('H8')?.className).not.toMatch(/tile-p/);
  });
});
