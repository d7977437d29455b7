import type { ConnectRouter } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GameCommentService } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { engineGame, GAME_ID, historyOf, renderRoom } from './fixtures.tsx';

/** A room whose server holds one comment on the first turn of the game. */
function withComment() {
  const asked: string[] = [];
  return {
    asked,
    extra: (router: ConnectRouter) =>
      router.service(GameCommentService, {
        getGameComments(req) {
          asked.push(req.gameId);
          return {
            comments: [
              {
                commentId: 'k1',
                gameId: GAME_ID,
                userId: 'u7',
                username: 'kibitzer',
                eventNumber: 0,
                comment: 'CAT keeps a fine leave.',
              },
            ],
          };
        },
      }),
  };
}

describe('comments on a game being played (decision 0138)', () => {
  it('a watcher opens the comments of a turn while the game goes on', async () => {
    const server = withComment();
    const room = await renderRoom({ extra: server.extra });
    room.deliverHistory(historyOf(engineGame({ moves: ['8H CAT'] }), -1));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Comments for Turn 1' }));
    expect(await screen.findByText('CAT keeps a fine leave.')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Comments for Turn 1' })).toBeDefined();
  });

  it('its players see no comments until it is over, even from a shared link', async () => {
    const server = withComment();
    const room = await renderRoom({ extra: server.extra, path: `/game/${GAME_ID}?comments=1` });
    room.deliverHistory(historyOf(engineGame({ moves: ['8H CAT'] }), 0));
    await screen.findByText('CAT', { exact: false });
    expect(screen.queryByRole('button', { name: 'Comments for Turn 1' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Comments for Turn 1' })).toBeNull();
    expect(server.asked).toEqual([]);
  });
});
