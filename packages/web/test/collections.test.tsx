import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import {
  CollectionGameSchema,
  CollectionSchema,
  CollectionsService,
  GameCommentService,
  type CollectionGame,
} from '@tessera/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

/**
 * A collection service holding one collection of three game records, owned
 * by the signed-in user (u1). It keeps the order it is given, and refuses a
 * reorder when told to.
 */
function collectionServer(
  o: { refuseReorder?: boolean; refuseRemove?: boolean; owner?: string } = {},
) {
  let chapters: CollectionGame[] = ['g1', 'g2', 'g3'].map((id, i) =>
    create(CollectionGameSchema, {
      gameId: id,
      chapterNumber: i + 1,
      chapterTitle: `Game ${i + 1}`,
    }),
  );
  const calls: { method: string; body: unknown }[] = [];
  const server = fakeAccountServer({
    loggedInAs: 'curator',
    extra(router) {
      router.service(CollectionsService, {
        getCollection(req) {
          if (req.collectionUuid !== 'c-1') throw new ConnectError('1530', Code.NotFound);
          return {
            collection: create(CollectionSchema, {
              uuid: 'c-1',
              title: 'Endgames',
              description: 'Close finishes',
              public: true,
              creatorUuid: o.owner ?? 'u1',
              creatorUsername: 'curator',
              gameCount: chapters.length,
              games: chapters.slice(req.offset, req.offset + (req.limit || 100)),
            }),
          };
        },
        reorderGames(req) {
          calls.push({ method: 'reorder', body: { offset: req.offset, ids: req.gameIds } });
          if (o.refuseReorder) throw new ConnectError('1541', Code.FailedPrecondition);
          const window = req.gameIds.map((id) => chapters.find((c) => c.gameId === id)!);
          chapters = [
            ...chapters.slice(0, req.offset),
            ...window,
            ...chapters.slice(req.offset + window.length),
          ].map((c, i) => ({ ...c, chapterNumber: i + 1 }));
          return {};
        },
        removeGameFromCollection(req) {
          calls.push({ method: 'remove', body: req.gameId });
          if (o.refuseRemove) throw new ConnectError('1540', Code.NotFound);
          chapters = chapters
            .filter((c) => c.gameId !== req.gameId)
            .map((c, i) => ({ ...c, chapterNumber: i + 1 }));
          return {};
        },
        updateChapterTitle(req) {
          calls.push({ method: 'retitle', body: req.chapterTitle });
          return {};
        },
      });
      router.service(GameCommentService, {
        getCollectionComments: () => ({ comments: [], total: 0 }),
      });
    },
  });
  return { transport: server.transport, calls, order: () => chapters.map((c) => c.gameId) };
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Chapters' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

/** Drags chapter `from` onto chapter `to` (1-based) as a browser's HTML drag and drop would. */
function drag(from: number, to: number) {
  const items = screen.getByRole('list', { name: 'Chapters' }).querySelectorAll('li');
  const data = new Map<string, string>();
  const dataTransfer = {
    effectAllowed: '',
    setData: (k: string, v: string) => data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
  };
  fireEvent.dragStart(items[from - 1], { dataTransfer });
  fireEvent.dragOver(items[to - 1], { dataTransfer });
  fireEvent.drop(items[to - 1], { dataTransfer });
}

describe('the collection viewer', () => {
  it('shows the collection, the chapter card and its View Game link; Previous is disabled at chapter 1', async () => {
    renderApp('/collections/c-1', { transport: collectionServer().transport });
    expect(await screen.findByRole('heading', { level: 1, name: 'Endgames' })).toBeDefined();
    expect(screen.getByText('Close finishes')).toBeDefined();
    expect(screen.getByText(/3 chapters/)).toBeDefined();
    expect(screen.getByText('Game Record')).toBeDefined();
    expect(screen.getByRole('link', { name: 'View Game' }).getAttribute('href')).toBe(
      '/game/g1?turn=1&collection=c-1&chapter=1&total=3',
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('disables Next at the last chapter and names a chapter out of range', async () => {
    const s = collectionServer();
    const { unmount } = renderApp('/collections/c-1/chapter/3', { transport: s.transport });
    expect(await screen.findByRole('heading', { name: 'Game 3' })).toBeDefined();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderApp('/collections/c-1/chapter/9', { transport: s.transport });
    expect(
      await screen.findByText("This collection doesn't have a chapter 9", { exact: false }),
    ).toBeDefined();
    expect(screen.getByText('Chapter Not Found:')).toBeDefined();
  });

  it('says so when the collection does not exist', async () => {
    renderApp('/collections/c-404', { transport: collectionServer().transport });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Collection not found' }),
    ).toBeDefined();
  });

  it('the owner drags a chapter to a new place: only the moved window is sent', async () => {
    const s = collectionServer();
    renderApp('/collections/c-1', { transport: s.transport });
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    drag(3, 1);
    await waitFor(() => expect(titles()).toEqual(['1. Game 3', '2. Game 1', '3. Game 2']));
    expect(await screen.findByText('Chapter order updated')).toBeDefined();
    expect(s.calls).toEqual([{ method: 'reorder', body: { offset: 0, ids: ['g3', 'g1', 'g2'] } }]);
    expect(s.order()).toEqual(['g3', 'g1', 'g2']);
  });

  it('a refused reorder is put back with "Failed to reorder chapters"', async () => {
    const s = collectionServer({ refuseReorder: true });
    renderApp('/collections/c-1', { transport: s.transport });
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    drag(1, 2);
    expect(await screen.findByText('Failed to reorder chapters')).toBeDefined();
    expect(titles()).toEqual(['1. Game 1', '2. Game 2', '3. Game 3']);
  });

  it('renames inline: an unchanged title just closes the editor, an empty one is refused', async () => {
    const s = collectionServer();
    renderApp('/collections/c-1', { transport: s.transport });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    await user.click(screen.getByRole('button', { name: 'Rename chapter 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Chapter title')).toBeNull();
    expect(s.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Rename chapter 2' }));
    await user.clear(screen.getByLabelText('Chapter title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chapter title cannot be empty')).toBeDefined();
    expect(s.calls).toEqual([]);

    await user.type(screen.getByLabelText('Chapter title'), 'The comeback');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chapter title updated')).toBeDefined();
    expect(titles()[1]).toBe('2. The comeback');
    expect(s.calls).toEqual([{ method: 'retitle', body: 'The comeback' }]);
  });

  it('the owner removes a chapter: "Game removed from …", or the failure says to try again', async () => {
    const s = collectionServer();
    const { unmount } = renderApp('/collections/c-1', { transport: s.transport });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    await user.click(screen.getByRole('button', { name: 'Remove chapter 2' }));
    expect(await screen.findByText('Game removed from "Endgames"')).toBeDefined();
    await waitFor(() => expect(titles()).toEqual(['1. Game 1', '2. Game 3']));
    unmount();

    renderApp('/collections/c-1', {
      transport: collectionServer({ refuseRemove: true }).transport,
    });
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1' }));
    expect(
      await screen.findByText('Failed to remove game from collection. Please try again.'),
    ).toBeDefined();
    expect(titles()).toEqual(['1. Game 1', '2. Game 2', '3. Game 3']);
  });

  it('someone else sees no rename buttons and cannot drag', async () => {
    renderApp('/collections/c-1', { transport: collectionServer({ owner: 'u9' }).transport });
    await screen.findByRole('heading', { level: 1, name: 'Endgames' });
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull();
    const first = screen.getByRole('list', { name: 'Chapters' }).querySelector('li')!;
    expect(first.getAttribute('draggable')).toBe('false');
  });
});
