import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { ANN, BOB, CAT, DAN, springDivision, tournamentServer } from './harness.ts';

const LAZY = { timeout: 10_000 };

/** The last of three rounds played: ann 3–0 on top. */
function lastRound() {
  return {
    ...springDivision(2),
    standingsMap: {
      2: {
        standings: [
          { playerId: ANN, wins: 3, spread: 150 },
          { playerId: CAT, wins: 2, losses: 1, spread: 40 },
          { playerId: DAN, wins: 1, losses: 2, spread: -60 },
          { playerId: BOB, losses: 3, spread: -130 },
        ],
      },
    },
  };
}

async function open(finished: boolean) {
  const server = tournamentServer({
    full: { divisions: { Open: lastRound() }, started: true, finished },
  });
  renderApp('/tournament/spring', { transport: server.transport });
  await connect({});
  await screen.findByText('Round 3 is not paired yet.', {}, LAZY);
}

describe('the final standings banner', () => {
  it('names the winner once the event is finished, and leads to the standings', async () => {
    await open(true);
    const banner = screen.getByRole('region', { name: 'Final standings' });
    expect(
      within(banner).getByText('This tournament is over: the standings are final.'),
    ).toBeDefined();
    expect(within(banner).getByText('Winner ann (3–0, +150)')).toBeDefined();
    await userEvent.click(within(banner).getByRole('button', { name: 'See the final standings' }));
    const table = await screen.findByRole('table', { name: 'Standings of Open' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe('1ann30+150');
    // On the standings tab the banner stays, without the button.
    expect(screen.getByRole('region', { name: 'Final standings' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'See the final standings' })).toBeNull();
  });

  it('is not shown while the event is still running', async () => {
    await open(false);
    expect(screen.queryByRole('region', { name: 'Final standings' })).toBeNull();
  });
});
