import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageType, SeekRequestSchema } from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import { MATCH_SUBMIT_LOCK_MS } from '../../src/features/tournament/club/club-request.ts';
import { connect, sentOf } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { TID, tournamentServer } from './harness.ts';

const LAZY = { timeout: 10_000 };

async function club(recentGames = 0) {
  const server = tournamentServer({ loggedInAs: 'ann', club: 'madison', recentGames });
  renderApp('/club/madison', { transport: server.transport });
  const socket = await connect({ userId: 'u1', username: 'ann' });
  await screen.findByRole('heading', { level: 1, name: /Madison Club/ }, LAZY);
  return { server, socket };
}

describe('a club page', () => {
  it('has Games and Recent games tabs, and its sessions', async () => {
    await club();
    expect(screen.getByRole('tab', { name: 'Games' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Recent games' })).toBeDefined();
    expect(screen.queryByRole('tab', { name: 'Standings' })).toBeNull();
    const sessions = await screen.findByRole('region', { name: 'Club sessions' });
    expect(
      within(sessions).getByRole('link', { name: 'madison-2026-11-20' }).getAttribute('href'),
    ).toBe('/club/madison-2026-11-20');
  });

  it('sends a club match request, and rests the submit button for 500 ms after sending', async () => {
    const { socket } = await club();
    await userEvent.click(screen.getByRole('button', { name: 'Start club game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start club game' });
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    await userEvent.click(send);
    expect(within(dialog).getByText('This field is required.')).toBeDefined();
    await userEvent.type(within(dialog).getByLabelText('Opponent'), 'bob');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await act(async () => send.click());
      const sent = sentOf(socket, MessageType.MATCH_REQUEST, SeekRequestSchema);
      expect(sent.map((m) => [m.tournamentId, m.receivingUser?.displayName])).toEqual([
        [TID, 'bob'],
      ]);
      expect(within(dialog).getByText('Match request sent to bob.')).toBeDefined();
      expect((send as HTMLButtonElement).disabled).toBe(true);
      await act(async () => vi.advanceTimersByTime(MATCH_SUBMIT_LOCK_MS));
      expect((send as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages its recent games 30 at a time', async () => {
    const { server } = await club(35);
    await userEvent.click(screen.getByRole('tab', { name: 'Recent games' }));
    const table = await screen.findByRole('table', { name: 'Recent games' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('p34')).toBeDefined();
    expect(
      within(screen.getByRole('table', { name: 'Recent games' })).getAllByRole('row'),
    ).toHaveLength(6);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    const offsets = server.calls
      .filter((c) => c.method === 'recentGames')
      .map((c) => c.arg as { offset: number; numGames: number })
      .map((a) => [a.offset, a.numGames]);
    expect(offsets).toEqual([
      [0, 30],
      [30, 30],
    ]);
  });
});
