import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessage } from '@tessera/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { springDivision, tournamentServer } from './harness.ts';

/**
 * How a refused check-in reads (docs/product/tournaments.md §8, §9): a
 * numbered code the catalogue does not know is "Unknown tournament error,
 * see console" with the raw message logged; check-ins closed stays 10 s.
 */

const LAZY = { timeout: 10_000 };

async function checkInRefused(failure: string) {
  const server = tournamentServer({
    loggedInAs: 'ann',
    meta: { checkinsOpen: true },
    failures: { checkIn: failure },
    full: {
      divisions: {
        Open: {
          ...springDivision(-1),
          players: springDivision(-1).players.map((p) => ({ ...p, checkedIn: false })),
        },
      },
      started: false,
    },
  });
  const app = renderApp('/tournament/spring', { transport: server.transport });
  const show = vi.spyOn(app.services.notifications, 'show');
  await connect({ userId: 'u1', username: 'ann' });
  await userEvent.click(
    await screen.findByRole('button', { name: 'Check into this tournament (division Open)' }, LAZY),
  );
  return show;
}

describe('a refused tournament call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an unknown tournament code as "Unknown tournament error, see console" and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await checkInRefused('1299;mystery');
    expect(await screen.findByText('Unknown tournament error, see console')).toBeDefined();
    expect(screen.queryByText('1299;mystery')).toBeNull();
    expect(logged).toHaveBeenCalledWith('1299;mystery');
  });

  it('keeps "check-ins are closed" up for 10 s rather than 5', async () => {
    const show = await checkInRefused(errorMessage('TOURNAMENT_CHECKINS_CLOSED'));
    expect(await screen.findByText('Check-ins are closed.')).toBeDefined();
    expect(show).toHaveBeenCalledWith('error', 'Check-ins are closed.', {
      title: 'Error',
      ms: 10_000,
    });
  });

  it('shows other refusals for 5 s', async () => {
    const show = await checkInRefused(errorMessage('TOURNAMENT_NOT_REGISTERED'));
    expect(await screen.findByText('You are not registered in this tournament.')).toBeDefined();
    expect(show).toHaveBeenCalledWith('error', 'You are not registered in this tournament.', {
      title: 'Error',
      ms: 5_000,
    });
  });
});
