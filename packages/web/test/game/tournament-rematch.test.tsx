import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playStates } from '@tessera/protocol';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

/** A tournament pairs its own games: its finished games offer no Rematch (issue 36). */
function over(tournamentId: string) {
  const h = historyOf(engineGame({ moves: ['8H CAT'] }), 0);
  h.playState = playStates.toWire('GAME_OVER');
  h.winner = 0;
  h.tournamentId = tournamentId;
  return h;
}

describe('Rematch after a game', () => {
  beforeEach(() => localStorage.clear());

  it('is offered after a casual game', async () => {
    const room = await renderRoom();
    room.deliverHistory(over(''));
    expect(await screen.findByRole('button', { name: 'Rematch' }, { timeout: 5000 })).toBeDefined();
  });

  it('is not offered after a tournament game', async () => {
    const room = await renderRoom();
    room.deliverHistory(over('T-spring'));
    await screen.findByRole('button', { name: 'Analyze' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Rematch' })).toBeNull();
  });
});
