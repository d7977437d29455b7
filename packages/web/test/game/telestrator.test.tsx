import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pass } from '@tessera/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPreferences } from '../../src/preferences/preferences.ts';
import {
  bobPlaysAtH8,
  deliverOpponentMove,
  engineGame,
  historyOf,
  renderRoom,
} from './fixtures.tsx';

const layer = () => screen.getByRole('img', { name: /^Drawing over the board/ });
const paths = () => layer().querySelectorAll('path');

function stroke(from: [number, number], to: [number, number], pointerId = 1) {
  const svg = layer();
  fireEvent.pointerDown(svg, { pointerId, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(svg, { pointerId, clientX: (from[0] + to[0]) / 2, clientY: from[1] });
  fireEvent.pointerMove(svg, { pointerId, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(svg, { pointerId, clientX: to[0], clientY: to[1] });
}

describe('the telestrator', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => setPreferences({ telestrator: false }));

  it('is not there unless the secret setting is on', async () => {
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    expect(screen.queryByRole('toolbar', { name: 'Telestrator' })).toBeNull();
    expect(screen.queryByRole('img', { name: /^Drawing over the board/ })).toBeNull();
  });

  it('draws with the chosen pen after key 0, never places a tile, and clears', async () => {
    const user = userEvent.setup();
    setPreferences({ telestrator: true });
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    const bar = screen.getByRole('toolbar', { name: 'Telestrator' });
    const draw = within(bar).getByRole('button', { name: 'Draw on the board' });
    expect(draw.getAttribute('aria-keyshortcuts')).toBe('0');
    expect(draw.getAttribute('title')).toMatch(/key 0/);

    // Not drawing yet: nothing is drawn.
    stroke([10, 10], [50, 10]);
    expect(paths()).toHaveLength(0);

    await user.keyboard('0');
    expect(draw.getAttribute('aria-pressed')).toBe('true');
    stroke([10, 10], [50, 10]);
    expect(paths()).toHaveLength(1);
    expect(paths()[0].getAttribute('data-colour')).toBe('red');
    expect(paths()[0].getAttribute('stroke-width')).toBe('5');
    expect(paths()[0].getAttribute('d')).toMatch(/^M.* L.* L/);

    await user.click(within(bar).getByRole('button', { name: 'Blue pen' }));
    expect(within(bar).getByRole('button', { name: 'Blue pen' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(bar).getByRole('button', { name: 'Red pen' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    stroke([10, 100], [50, 100], 2);
    expect(Array.from(paths()).map((p) => p.getAttribute('data-colour'))).toEqual(['red', 'blue']);
    // Drawing puts nothing on the board.
    expect(screen.queryAllByRole('gridcell', { name: /not played yet|arrow/ })).toHaveLength(0);

    await user.click(within(bar).getByRole('button', { name: 'Clear drawing' }));
    expect(paths()).toHaveLength(0);

    // Escape leaves drawing mode.
    await user.keyboard('{Escape}');
    expect(draw.getAttribute('aria-pressed')).toBe('false');
  });

  it('rubs out a stroke with the eraser, and a new move clears the drawing', async () => {
    const user = userEvent.setup();
    setPreferences({ telestrator: true });
    const room = await renderRoom();
    const g = engineGame({ rack: 'CATSXYZ' });
    pass(g, 0);
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('list', { name: 'Your rack' });
    const bar = screen.getByRole('toolbar', { name: 'Telestrator' });
    await user.click(within(bar).getByRole('button', { name: 'Green pen' }));
    stroke([10, 10], [50, 10]);
    stroke([10, 200], [50, 200], 2);
    expect(paths()).toHaveLength(2);
    await user.click(within(bar).getByRole('button', { name: 'Eraser' }));
    fireEvent.pointerDown(layer(), { pointerId: 3, clientX: 30, clientY: 12 });
    fireEvent.pointerUp(layer(), { pointerId: 3, clientX: 30, clientY: 12 });
    expect(paths()).toHaveLength(1);

    // The opponent's move arrives: the drawing goes.
    const bob = bobPlaysAtH8();
    deliverOpponentMove(room.socket, bob.after, bob.events, {
      newRack: 'ACSTXYZ',
      clocks: { remainingMs: [600_000, 590_000], running: 0, maxOvertimeMinutes: 1 },
    });
    await screen.findByRole('gridcell', { name: /^H8, [A-Z],/ });
    expect(paths()).toHaveLength(0);
  });
});
