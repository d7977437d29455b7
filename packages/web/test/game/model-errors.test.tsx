import { screen, waitFor } from '@testing-library/react';
import { MessageType } from '@tessera/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bobPlaysAtH8,
  deliverOpponentMove,
  engineGame,
  historyOf,
  renderRoom,
  sent,
} from './fixtures.tsx';

describe('when the page cannot follow the server', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('says "Error pushing turns" for a move it cannot apply, and asks for the whole state again', async () => {
    const room = await renderRoom();
    const g = engineGame({ moves: ['8H CAT'] });
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('grid', { name: 'Board' });
    const before = sent(room.socket, MessageType.READY_FOR_GAME).length;

    // bob's move from another board: onto H8, which CAT already covers here.
    const bob = bobPlaysAtH8();
    deliverOpponentMove(room.socket, bob.after, bob.events);
    expect(
      await screen.findByText(
        'Error pushing turns. The app may have updated. Please refresh the app.',
      ),
    ).toBeDefined();
    await waitFor(() =>
      expect(sent(room.socket, MessageType.READY_FOR_GAME).length).toBeGreaterThan(before),
    );
  });

  it('says "Error setting game context" with the reason when the game’s events cannot be replayed', async () => {
    const room = await renderRoom();
    const history = historyOf(engineGame({ moves: ['8H CAT'] }), 0);
    // The first play moved to the corner: it no longer covers the centre.
    Object.assign(history.events[0], { row: 0, column: 0, position: '1A' });
    room.deliverHistory(history);
    expect(
      await screen.findByText(
        /^Error setting game context\. The app may have updated\. Please refresh the app\. \(Event 1: .+\)$/,
      ),
    ).toBeDefined();
  });

  it('says nothing when the state loads and the moves apply', async () => {
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ moves: ['8H CAT'] }), 0));
    await screen.findByRole('grid', { name: 'Board' });
    expect(screen.queryByText(/^Error /)).toBeNull();
  });
});
