import { screen } from '@testing-library/react';
import { GameMode } from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

/**
 * Observers the server sends no tiles are told why in the pool panel:
 * logged-out visitors of a tournament game are asked to log in
 * (docs/product/tournaments.md §6), correspondence spectators are told
 * tiles are hidden for them.
 */

function hiddenHistory(o: { tournamentId?: string; correspondence?: boolean }) {
  const h = historyOf(engineGame(), -1);
  h.tilesHidden = true;
  h.tournamentId = o.tournamentId ?? '';
  if (o.correspondence && h.request) h.request.gameMode = GameMode.CORRESPONDENCE;
  return h;
}

describe('the pool panel of an observer who sees no tiles', () => {
  beforeEach(() => localStorage.clear());

  it('asks a logged-out visitor of a tournament game to log in or register', async () => {
    const room = await renderRoom({ visitor: true });
    room.deliverHistory(hiddenHistory({ tournamentId: 'T-spring' }));
    expect(await screen.findByText('Log in or register to see player tiles')).toBeDefined();
    expect(screen.queryByText('Tiles are hidden for correspondence game spectators')).toBeNull();
  });

  it('tells a logged-in correspondence spectator that tiles are hidden', async () => {
    const room = await renderRoom();
    room.deliverHistory(hiddenHistory({ correspondence: true }));
    expect(
      await screen.findByText('Tiles are hidden for correspondence game spectators'),
    ).toBeDefined();
    expect(screen.queryByText('Log in or register to see player tiles')).toBeNull();
  });
});
