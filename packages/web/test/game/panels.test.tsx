import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { letterSet } from '@tessera/engine';
import { GameMode } from '@tessera/protocol';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  flagged,
  formatClock,
  formatCorrespondence,
  lowTimeThresholdMs,
  remainingAt,
  tickMs,
} from '../../src/features/game/state/clock.ts';
import type { ClockView } from '../../src/board/state/history-view.ts';
import { poolGroups } from '../../src/features/game/state/pool.ts';
import { PoolPanel } from '../../src/features/game/panels/PoolPanel.tsx';
import { PlayerCards } from '../../src/features/game/panels/PlayerCards.tsx';
import {
  REMATCH_NOTICE_MS,
  RematchStarted,
} from '../../src/features/game/panels/RematchStarted.tsx';
import type { GameView } from '../../src/board/state/game-store.ts';
import { GameStore } from '../../src/board/state/game-store.ts';
import { engineGame, historyOf } from './fixtures.tsx';

const english = letterSet('english');

function clock(patch: Partial<ClockView> = {}): ClockView {
  return {
    remainingMs: [600_000, 600_000],
    running: 0,
    receivedAt: Date.now(),
    maxOvertimeMinutes: 1,
    incrementSeconds: 0,
    untimed: false,
    ...patch,
  };
}

describe('clocks', () => {
  it('count down the running player from the server’s values and stop at minus the overtime', () => {
    const c = clock({ remainingMs: [30_000, 50_000], receivedAt: 1_000 });
    expect(remainingAt(c, 0, 11_000)).toBe(20_000);
    expect(remainingAt(c, 1, 11_000)).toBe(50_000);
    expect(remainingAt(c, 0, 1_000 + 200_000)).toBe(-60_000);
    expect(flagged(c, 1_000 + 90_000)).toBe(true);
    expect(flagged(c, 1_000 + 89_000)).toBe(false);
  });

  it('show minutes and seconds, tenths under ten seconds, and a minus in overtime', () => {
    expect(formatClock(600_000)).toBe('10:00');
    expect(formatClock(65_400)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(9_450)).toBe('0:09.4');
    expect(formatClock(-500)).toBe('-0:01');
    expect(formatClock(-61_000)).toBe('-1:01');
    expect(tickMs(12_000)).toBe(1000);
    expect(tickMs(9_999)).toBe(100);
  });

  it('warn at max(initial / 5, 30 s)', () => {
    expect(lowTimeThresholdMs(600)).toBe(120_000);
    expect(lowTimeThresholdMs(60)).toBe(30_000);
  });

  it('read correspondence time in words', () => {
    expect(formatCorrespondence(30_000)).toEqual({ text: '<1 min', level: 'urgent' });
    expect(formatCorrespondence(25 * 60_000)).toEqual({ text: '25 min', level: 'urgent' });
    expect(formatCorrespondence(60 * 60_000)).toEqual({ text: '1 hr', level: 'warning' });
    expect(formatCorrespondence(5 * 3_600_000).text).toBe('5 hr');
    expect(formatCorrespondence(30 * 3_600_000).text).toBe('1 day');
    expect(formatCorrespondence(50 * 3_600_000).text).toBe('2 days');
  });
});

describe('player cards', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  function viewWith(c: ClockView): GameView {
    const store = new GameStore('g1');
    store.load(historyOf(engineGame(), 0));
    return { ...store.getSnapshot(), clocks: c };
  }

  it('tick every second, then every 100 ms under ten seconds, with the low-time warning', () => {
    const v = viewWith(clock({ remainingMs: [12_000, 600_000], receivedAt: Date.now() }));
    render(
      <MemoryRouter>
        <PlayerCards view={v} examining={false} scores={[10, 20]} onTurn={0} />
      </MemoryRouter>,
    );
    const mine = screen.getByRole('timer', { name: "ann's clock" });
    expect(mine.textContent).toBe('0:12');
    expect(mine.className).toContain('clock-low');
    expect(screen.getByRole('timer', { name: "bob's clock" }).className).not.toContain('clock-low');
    const step = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    step(1000);
    expect(mine.textContent).toBe('0:11');
    step(999);
    expect(mine.textContent).toBe('0:11');
    step(1);
    step(1000);
    expect(mine.textContent).toBe('0:09.0');
    step(100);
    step(100);
    expect(mine.textContent).toBe('0:08.8');
  });

  it('take 10 points per started overtime minute off the score shown, with the spread', () => {
    const v = viewWith(clock({ remainingMs: [-65_000, 100_000], maxOvertimeMinutes: 3 }));
    render(
      <MemoryRouter>
        <PlayerCards view={v} examining={false} scores={[100, 50]} onTurn={0} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('score-0').textContent).toBe('80');
    expect(screen.getByText('−20 overtime')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'ann, on turn' });
    expect(within(card).getByRole('tooltip', { hidden: true }).textContent).toBe('Spread: +30');
    expect(screen.getByRole('region', { name: 'bob' }).textContent).toContain('1500?');
  });
});

describe('correspondence player cards', () => {
  it('show the time left in words and a time bank as days, hours and minutes', () => {
    const store = new GameStore('g1');
    const history = historyOf(engineGame(), 0);
    history.request!.gameMode = GameMode.CORRESPONDENCE;
    store.load(history);
    const v: GameView = {
      ...store.getSnapshot(),
      clocks: clock({
        remainingMs: [3 * 86_400_000 + 3_600_000, 5 * 3_600_000 + 60_000],
        timeBankMs: [(2 * 1440 + 3 * 60 + 15) * 60_000, 0],
      }),
    };
    render(
      <MemoryRouter>
        <PlayerCards view={v} examining={false} scores={[10, 20]} onTurn={0} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('timer', { name: "ann's clock" }).textContent).toBe('3 days');
    expect(screen.getByRole('timer', { name: "bob's clock" }).textContent).toBe('5 hr');
    const ann = screen.getByRole('region', { name: 'ann, on turn' });
    expect(within(ann).getByTitle('Time bank').textContent).toBe('Bank 2d 3h 15m');
    expect(
      within(screen.getByRole('region', { name: 'bob' })).queryByTitle('Time bank'),
    ).toBeNull();
  });
});

describe('the rematch notice for observers', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('links to the new game for ten seconds', () => {
    render(
      <MemoryRouter>
        <RematchStarted gameId="g2" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Watch it' }).getAttribute('href')).toBe('/game/g2');
    act(() => vi.advanceTimersByTime(REMATCH_NOTICE_MS - 1));
    expect(screen.getByText(/A rematch has started/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(/A rematch has started/)).toBeNull();
  });
});

describe('the pool', () => {
  const counts = new Uint8Array(english.size);
  for (const [rune, n] of [
    ['A', 3],
    ['B', 1],
    ['E', 2],
    ['S', 4],
    ['Z', 1],
  ] as const) {
    counts[english.codeByRune.get(rune)!] = n;
  }
  counts[0] = 2;

  it('lays the unseen tiles out alphabetically, vowels first, or by category, six to a line', () => {
    expect(poolGroups(english, counts, 'alphabetical')).toEqual([
      {
        count: 13,
        lines: [['A', 'A', 'A', 'B', 'E', 'E'], ['S', 'S', 'S', 'S', 'Z', '?'], ['?']],
      },
    ]);
    expect(poolGroups(english, counts, 'vowels-first')[0].lines[0]).toEqual([
      'A',
      'A',
      'A',
      'E',
      'E',
      'B',
    ]);
    expect(poolGroups(english, counts, 'detailed')).toEqual([
      { heading: 'Vowels', count: 5, lines: [['A', 'A', 'A', 'E', 'E']] },
      { heading: 'Consonants', count: 6, lines: [['B', 'S', 'S', 'S', 'S', 'Z']] },
      { heading: 'Blanks', count: 2, lines: [['?', '?']] },
    ]);
  });

  it('switches layout from its menu and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<PoolPanel set={english} unseen={counts} bagCount={6} hidden={null} />);
    expect(screen.getByRole('heading', { name: /13 unseen/ })).toBeTruthy();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Arrange the pool' }),
      'detailed',
    );
    expect(screen.getByRole('heading', { name: /Consonants/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('tessera.preferences')!).poolFormat).toBe('detailed');
  });
});
