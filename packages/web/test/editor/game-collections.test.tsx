import { create } from '@bufbuild/protobuf';
import { CollectionSchema, CollectionsService } from '@tessera/protocol';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../src/app/create-services.ts';
import { ServicesProvider } from '../../src/app/services.tsx';
import { GameCollections } from '../../src/features/collections/index.ts';
import { Notifications } from '../../src/ui/Notifications.tsx';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';

/** The game g1 is in two collections: the signed-in user's (u1) and someone else's. */
async function renderList() {
  let held = [
    create(CollectionSchema, { uuid: 'c-mine', title: 'Endgames', creatorUuid: 'u1' }),
    create(CollectionSchema, { uuid: 'c-theirs', title: 'Openings', creatorUuid: 'u9' }),
  ];
  const removed: string[] = [];
  const server = fakeAccountServer({
    loggedInAs: 'curator',
    extra(router) {
      router.service(CollectionsService, {
        getCollectionsForGame: (req) => ({
          collections: req.gameId === 'g1' ? held : [],
          total: held.length,
        }),
        removeGameFromCollection(req) {
          removed.push(`${req.collectionUuid}/${req.gameId}`);
          held = held.filter((c) => c.uuid !== req.collectionUuid);
          return {};
        },
      });
    },
  });
  const services = createServices({
    transport: server.transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  await services.session.refresh();
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <GameCollections gameId="g1" />
        <Notifications />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { removed };
}

describe('the collections holding a game, in the editor (community.md §2.8)', () => {
  it('links each; its owner removes the game after a confirmation, No keeps it', async () => {
    const { removed } = await renderList();
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: 'Endgames' })).getAttribute('href')).toBe(
      '/collections/c-mine',
    );
    expect(screen.getByRole('link', { name: 'Openings' })).toBeDefined();
    // Only the owner's collection offers Remove.
    expect(screen.queryByRole('button', { name: 'Remove from Openings' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove from Endgames' }));
    expect(screen.getByText('Remove this game from "Endgames"?')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove from Endgames' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Game removed from "Endgames"');
    expect(removed).toEqual(['c-mine/g1']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Endgames' })).toBeNull());
  });
});
