import { act, screen, waitFor } from '@testing-library/react';
import {
  encodeSocketMessage,
  eventToWire,
  MessageType,
  playStates,
  ServerGameplayEventSchema,
} from '@tessera/protocol';
import { pass, play } from '@tessera/engine';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { engineGame, historyOf, renderRoom, sent } from './fixtures.tsx';

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
    const other = engineGame();
    pass(other, 0);
    const r = play(other, 1, {
      row: 7,
      col: 7,
      vertical: false,
      tiles: other.racks[1].tiles().slice(0, 2),
    });
    if (!r.ok) throw new Error(r.message);
    act(() =>
      room.socket.deliver(
        encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
          gameId: 'g1',
          events: r.value.map((e) => eventToWire({ ...e, rack: '' })),
          playState: playStates.toWire('PLAYING'),
          scores: [g.scores[0], 20],
          playerOnTurn: 0,
          bagCount: g.bag.size,
          eventCount: 2,
        }),
      ),
    );
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
