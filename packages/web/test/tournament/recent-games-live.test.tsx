import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageType, TournamentGameEndedEventSchema } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect, push } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { TID, tournamentServer } from './harness.ts';

/**
 * A game that ends joins the recent games list only while its first page
 * is shown (docs/product/tournaments.md §4 "Tournament"): the first page is
 * asked for again, a later page is left as it is.
 */

async function club(recentGames: number) {
  // The fake reads how many games there are at each call: a test can add one.
  const options = { loggedInAs: 'ann', club: 'madison', recentGames };
  const server = tournamentServer(options);
  renderApp('/club/madison', { transport: server.transport });
  const socket = await connect({ userId: 'u1', username: 'ann' });
  await screen.findByRole('heading', { level: 1, name: /Madison Club/ }, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('tab', { name: 'Recent games' }));
  const offsets = () =>
    server.calls
      .filter((c) => c.method === 'recentGames')
      .map((c) => (c.arg as { offset: number }).offset);
  const gameEnds = () =>
    push(socket, MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
      tournamentId: TID,
      gameId: 'g-new',
    });
  return { options, offsets, gameEnds };
}

describe('the recent games list', () => {
  it('shows a game that ends while its first page is shown', async () => {
    const { options, offsets, gameEnds } = await club(0);
    expect(await screen.findByText('No games yet.')).toBeDefined();
    options.recentGames = 1;
    gameEnds();
    const table = await screen.findByRole('table', { name: 'Recent games' });
    expect(within(table).getByText('p0')).toBeDefined();
    expect(offsets()).toEqual([0, 0]);
  });

  it('leaves a later page as it is when a game ends', async () => {
    const { offsets, gameEnds } = await club(35);
    await screen.findByRole('table', { name: 'Recent games' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('p34')).toBeDefined();
    expect(offsets()).toEqual([0, 30]);
    gameEnds();
    expect(screen.getByText('p34')).toBeDefined();
    // Back on the first page, which the end made stale: it is asked for
    // again, and nothing asked for the later page in between.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(offsets()).toHaveLength(3));
    expect(offsets()).toEqual([0, 30, 0]);
  });
});
