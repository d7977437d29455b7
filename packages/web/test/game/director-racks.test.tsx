import { act, screen, waitFor, within } from '@testing-library/react';
import { pass, printTiles, type GameState } from '@tessera/engine';
import {
  encodeSocketMessage,
  eventToWire,
  MessageType,
  playStates,
  ServerGameplayEventSchema,
} from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { tileName } from '../../src/board/Tile.tsx';
import { bobPlaysAtH8, engineGame, GAME_ID, historyOf, renderRoom } from './fixtures.tsx';

/**
 * A tournament's director watching a game sees both players' racks, named
 * after their players, and they follow the game as moves and draws arrive
 * (docs/product/tournaments.md §6). Plain watchers and players do not.
 */

const printed = (g: GameState, p: number) => printTiles(g.set, g.racks[p].tiles(), 'rack');

/** The tiles shown on a player's rack, as a screen reader names them. */
const shownRack = (nickname: string) =>
  within(screen.getByRole('region', { name: `${nickname}'s rack` }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

const named = (g: GameState, p: number) =>
  Array.from(g.racks[p].tiles()).map((t) => tileName(g.set, t));

describe('a tournament director watching a game', () => {
  beforeEach(() => localStorage.clear());

  it("sees both players' racks, named after them, and their new tiles after each move", async () => {
    const room = await renderRoom();
    const g = engineGame({ rack: 'CATSXYZ' });
    pass(g, 0);
    room.deliverHistory(historyOf(g, -1, true));
    await screen.findByRole('region', { name: "ann's rack" });
    expect(shownRack('ann')).toEqual(named(g, 0));
    expect(shownRack('bob')).toEqual(named(g, 1));
    expect(screen.queryByRole('list', { name: 'Your rack' })).toBeNull();

    // Bob plays two tiles and draws two: the update carries both racks after it.
    const bob = bobPlaysAtH8();
    expect(printed(bob.after, 1)).not.toBe(printed(g, 1));
    act(() =>
      room.socket.deliver(
        encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
          gameId: GAME_ID,
          events: bob.events.map((e) => eventToWire(e)),
          racks: [printed(bob.after, 0), printed(bob.after, 1)],
          playState: playStates.toWire(bob.after.playState),
          scores: [...bob.after.scores],
          playerOnTurn: bob.after.playerOnTurn,
          bagCount: bob.after.bag.size,
          eventCount: bob.after.events.length,
        }),
      ),
    );
    await waitFor(() => expect(shownRack('bob')).toEqual(named(bob.after, 1)));
    expect(shownRack('ann')).toEqual(named(bob.after, 0));
  });

  it('are not shown to a plain watcher nor to a player', async () => {
    const g = engineGame({ rack: 'CATSXYZ' });
    const watching = await renderRoom();
    watching.deliverHistory(historyOf(g, -1));
    await screen.findByRole('region', { name: /^ann/ });
    expect(screen.queryByRole('region', { name: /'s rack$/ })).toBeNull();
    watching.unmount();

    const playing = await renderRoom();
    playing.deliverHistory(historyOf(g, 0));
    await screen.findByRole('list', { name: 'Your rack' });
    expect(screen.queryByRole('region', { name: /'s rack$/ })).toBeNull();
  });
});
