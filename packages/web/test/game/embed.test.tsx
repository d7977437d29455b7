import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { render, screen } from '@testing-library/react';
import { errorMessage, GameMetadataService } from '@tessera/protocol';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../src/app/create-services.ts';
import { AppRoutes } from '../../src/app/routes.tsx';
import { ServicesProvider } from '../../src/app/services.tsx';
import { FakeSocket } from '../fakes.ts';
import { engineGame, GAME_ID, historyOf } from './fixtures.tsx';

function renderEmbed(path: string) {
  const history = historyOf(engineGame({ moves: ['8H CAT'] }), -1);
  const transport = createRouterTransport((router) =>
    router.service(GameMetadataService, {
      getGameHistory(req) {
        if (req.gameId === 'down') throw new ConnectError('database unavailable', Code.Unavailable);
        if (req.gameId !== GAME_ID)
          throw new ConnectError(errorMessage('GAME_NOT_FOUND'), Code.NotFound);
        return { history };
      },
    }),
  );
  FakeSocket.made = [];
  const services = createServices({
    transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </ServicesProvider>,
  );
}

describe('the embedded board', () => {
  it('shows the game read-only from one GET, without site chrome or a socket', async () => {
    renderEmbed(`/embed/game/${GAME_ID}`);
    const board = await screen.findByRole('grid', { name: 'Board' });
    expect(board.querySelectorAll('.tile')).toHaveLength(3);
    expect(screen.getByText('ann')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your rack' })).toBeNull();
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('says "Invalid game ID" for a game that does not exist', async () => {
    renderEmbed('/embed/game/nope');
    expect(await screen.findByText('Invalid game ID')).toBeTruthy();
  });

  it('asks for a refresh when the game could not be fetched', async () => {
    renderEmbed('/embed/game/down');
    expect(
      await screen.findByText(
        'Failed to fetch game information; please refresh. (Error: database unavailable)',
      ),
    ).toBeTruthy();
  });
});
