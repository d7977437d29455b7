import { create } from '@bufbuild/protobuf';
import { GameCommentSchema, GameCommentService, type GameComment } from '@tessera/protocol';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createServices } from '../src/app/create-services.ts';
import { ServicesProvider } from '../src/app/services.tsx';
import { CommentsDrawer, discussionLink, preview } from '../src/features/comments/index.ts';
import { Notifications } from '../src/ui/Notifications.tsx';
import { FakeSocket, fakeAccountServer } from './fakes.ts';

const LONG = 'x'.repeat(130);

/** The drawer of turn 2 with two comments: the user's own (long) and someone else's. */
async function drawer(loggedIn: boolean) {
  const deleted: string[] = [];
  const server = fakeAccountServer({
    loggedInAs: loggedIn ? 'writer' : undefined,
    extra(router) {
      router.service(GameCommentService, {
        deleteGameComment(req) {
          deleted.push(req.commentId);
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
  const comments: GameComment[] = [
    create(GameCommentSchema, {
      commentId: 'k1',
      userId: loggedIn ? 'u1' : 'someone',
      username: 'writer',
      eventNumber: 1,
      comment: LONG,
    }),
    create(GameCommentSchema, {
      commentId: 'k2',
      userId: 'u7',
      username: 'other',
      eventNumber: 1,
      comment: 'Short one',
    }),
  ];
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <CommentsDrawer gameId="g1" eventIndex={1} comments={comments} onClose={() => {}} />
        <Notifications />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { deleted };
}

describe('the comments drawer', () => {
  it('links turn = index + 2 and comments = index + 1, and previews 120 characters and an ellipsis', () => {
    expect(discussionLink('https://t.example', 'g1', 1)).toBe(
      'https://t.example/game/g1?turn=3&comments=2',
    );
    expect(discussionLink('https://t.example', 'g1', 1, 'anno')).toBe(
      'https://t.example/anno/g1?turn=3&comments=2',
    );
    expect(preview(LONG)).toBe(`${'x'.repeat(120)}…`);
    expect(preview('short')).toBe('short');
  });

  it('asks before deleting one’s own comment, and No keeps it', async () => {
    const { deleted } = await drawer(true);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Comments for Turn 2' })).toBeDefined();
    expect(screen.getByText(`${'x'.repeat(120)}…`)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(LONG)).toBeDefined();
    // Only one's own comment has Edit and Delete.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you wish to delete this comment?')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deleted).toEqual(['k1']));
  });

  it('tells a visitor to log in, with no edit or delete', async () => {
    await drawer(false);
    expect(screen.getByText('Please log in to comment')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByLabelText('Your comment')).toBeNull();
  });
});
