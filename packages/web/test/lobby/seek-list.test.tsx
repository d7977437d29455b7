import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ActiveGamesSchema,
  ChallengeRule,
  CorrespondenceGamesSchema,
  DeclineSeekRequestSchema,
  GameMode,
  MessageType,
  NewGameEventSchema,
  ProfileUpdateSchema,
  SeekDeclinedSchema,
  SeekRequestSchema,
  SeekRequestsSchema,
  SoughtGameProcessEventSchema,
  SoughtGameRemovedSchema,
} from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { communityServer, connect, push, seek, sentOf } from './harness.ts';

const ME = { userId: 'u1', username: 'erin' };
const FRED = { userId: 'u-fred', name: 'fred' };
const GINA = { userId: 'u-gina', name: 'gina' };

async function lobby(loggedIn = true) {
  const server = communityServer({ loggedInAs: loggedIn ? 'erin' : undefined });
  renderApp('/', { transport: server.transport });
  await screen.findByRole('button', { name: loggedIn ? 'erin' : 'Log In' });
  const socket = await connect(loggedIn ? ME : {});
  return { socket, user: userEvent.setup() };
}

function game(
  id: string,
  players: [string, string][],
  more: { onTurn?: number; leftMs?: number; corres?: boolean } = {},
) {
  return {
    gameId: id,
    players: players.map(([userId, nickname]) => ({
      userId,
      nickname,
      rating: 1500,
      ratingEstablished: true,
    })),
    gameRequest: {
      lexicon: 'SCOWL-EN',
      initialTimeSeconds: more.corres ? 432000 : 1200,
      maxOvertimeMinutes: more.corres ? 0 : 1,
      gameMode: more.corres ? GameMode.CORRESPONDENCE : GameMode.REAL_TIME,
    },
    scores: [120, 98],
    playerOnTurn: more.onTurn ?? 0,
    lastUpdate: new Date().toISOString(),
    onTurnRemainingMs: BigInt(more.leftMs ?? 3_600_000),
  };
}

describe('the seek list', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('lists the seeks the server pushes and drops one when it is removed', async () => {
    const { socket } = await lobby();
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
      requests: [seek('s1', FRED), seek('s2', GINA, { rated: false, rule: ChallengeRule.VOID })],
    });
    const list = screen.getByRole('list', { name: 'Available games' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(
      screen.getByRole('button', {
        name: 'Play fred (1500): ENABLE, Classic, 20 min +1 min overtime, rated, x2 challenge',
      }),
    ).toBeDefined();
    push(
      socket,
      MessageType.SEEK_REQUEST,
      SeekRequestSchema,
      seek('s3', GINA, { lexicon: 'FRA-OPEN' }),
    );
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    // A rating that is not yet established is marked.
    push(
      socket,
      MessageType.SEEK_REQUEST,
      SeekRequestSchema,
      seek('s4', { ...GINA, rating: '1612?' }),
    );
    expect(within(list).getByText('1612?')).toBeDefined();
    push(socket, MessageType.SOUGHT_GAME_REMOVED, SoughtGameRemovedSchema, { requestId: 's1' });
    expect(screen.queryByRole('button', { name: /^Play fred/ })).toBeNull();
  });

  it('filters seeks by dictionary, the server’s lexicons in its order (the default first)', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
      requests: [
        seek('s1', FRED, { lexicon: 'SCOWL-EN' }),
        seek('s2', GINA, { lexicon: 'CSW24' }),
        seek('s3', FRED, { lexicon: 'COMMON-EN', rule: ChallengeRule.VOID }),
        seek('s4', GINA),
      ],
    });
    const filter = (await screen.findAllByLabelText('Dictionary'))[0] as HTMLSelectElement;
    await waitFor(() =>
      expect([...filter.options].map((o) => o.textContent)).toEqual([
        'All',
        'ENABLE',
        'SCOWL-EN',
        'COMMON-EN',
        'CSW24',
      ]),
    );
    await user.selectOptions(filter, 'ENABLE');
    const list = screen.getByRole('list', { name: 'Available games' });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Play gina \(1500\): ENABLE,/ })).toBeDefined();
  });

  it('asks before accepting a seek in a rating key without rated games, and notes a non-void rule', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, { requests: [seek('s1', FRED)] });
    await user.click(screen.getByRole('button', { name: /^Play fred/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Play fred?' }));
    expect(dialog.getByText(/Are you sure you want to play\?/)).toBeDefined();
    expect(dialog.getByText('Double (x2) challenge.')).toBeDefined();
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(
      sentOf(socket, MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema),
    ).toEqual([expect.objectContaining({ requestId: 's1' })]);
  });

  it('does not warn once the user has a rating in the key, nor of a void game', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.PROFILE_UPDATE, ProfileUpdateSchema, {
      userId: 'u1',
      ratings: { 'ENABLE.classic.regular': { rating: 1620, deviation: 70 } },
    });
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
      requests: [seek('s1', FRED, { rule: ChallengeRule.VOID })],
    });
    await user.click(screen.getByRole('button', { name: /^Play fred/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Play fred?' }));
    expect(dialog.queryByText(/Are you sure you want to play/)).toBeNull();
    expect(dialog.queryByText(/challenge\./)).toBeNull();
  });

  it('cancels one’s own seek only after a confirmation', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
      requests: [seek('mine', { userId: 'u1', name: 'erin' })],
    });
    await user.click(screen.getByRole('button', { name: /^Cancel your seek/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel your seek?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(
      sentOf(socket, MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema),
    ).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^Cancel your seek/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel seek' }));
    expect(
      sentOf(socket, MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema),
    ).toEqual([expect.objectContaining({ requestId: 'mine' })]);
  });

  it('answers match requests with Accept and Decline, and tells the sender of a decline', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
      requests: [
        seek('m1', FRED, {
          receiver: { userId: 'u1', name: 'erin' },
          rule: ChallengeRule.VOID,
          rated: false,
        }),
        seek('m2', GINA, { receiver: { userId: 'u1', name: 'erin' } }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Decline match request from gina' }));
    expect(sentOf(socket, MessageType.DECLINE_SEEK_REQUEST, DeclineSeekRequestSchema)).toEqual([
      expect.objectContaining({ requestId: 'm2' }),
    ]);
    // Nothing to warn about: accepted at once.
    await user.click(screen.getByRole('button', { name: 'Accept match request from fred' }));
    expect(
      sentOf(socket, MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema),
    ).toEqual([expect.objectContaining({ requestId: 'm1' })]);

    push(socket, MessageType.SEEK_DECLINED, SeekDeclinedSchema, {
      requestId: 'x',
      byUsername: 'gina',
    });
    expect(await screen.findByText('Your match request was declined.')).toBeDefined();
  });

  it('goes to the new game when this connection asked for or accepted it, not otherwise', async () => {
    const { socket } = await lobby();
    push(socket, MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
      gameId: 'other',
      requesterCid: 'conn-9',
      accepterCid: 'conn-8',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeDefined();
    push(socket, MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
      gameId: 'g42',
      requesterCid: 'conn-1',
    });
    // The lobby gives way to the game room.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Lobby' })).toBeNull(),
    );
  });
});

describe('the lobby tabs', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('shows a visitor only the Watch tab, with links to the live games', async () => {
    const { socket } = await lobby(false);
    const lists = screen.getByRole('tablist', { name: 'Game lists' });
    expect(
      within(lists)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Watch']);
    push(socket, MessageType.ACTIVE_GAMES, ActiveGamesSchema, {
      games: [
        game('g1', [
          ['u-fred', 'fred'],
          ['u-gina', 'gina'],
        ]),
      ],
    });
    const link = screen.getByRole('link', { name: 'Watch fred vs gina' });
    expect(link.getAttribute('href')).toBe('/game/g1');
  });

  it('offers "Resume your game with {opponent}" for exactly one game in progress, with Ignore', async () => {
    const { socket, user } = await lobby();
    push(socket, MessageType.ACTIVE_GAMES, ActiveGamesSchema, {
      games: [
        game('g1', [
          ['u1', 'erin'],
          ['u-fred', 'fred'],
        ]),
      ],
    });
    const resume = screen.getByRole('link', { name: 'Resume your game with fred' });
    expect(resume.getAttribute('href')).toBe('/game/g1');
    expect(screen.queryByRole('button', { name: 'Create a game' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(screen.getByRole('button', { name: 'Create a game' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Play a computer' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Match a friend' })).toBeDefined();
  });

  it('sorts correspondence games my turn first, then least time left, with a red clock under 24 hours', async () => {
    const { socket, user } = await lobby();
    // A minute to spare, so the clock does not tick past a boundary during the test.
    const hour = 3_600_000;
    const spare = 60_000;
    push(socket, MessageType.CORRESPONDENCE_GAMES, CorrespondenceGamesSchema, {
      games: [
        game(
          'c1',
          [
            ['u1', 'erin'],
            ['u-a', 'amy'],
          ],
          { corres: true, onTurn: 1, leftMs: 2 * hour + spare },
        ),
        game(
          'c2',
          [
            ['u1', 'erin'],
            ['u-b', 'bo'],
          ],
          { corres: true, onTurn: 0, leftMs: 72 * hour + spare },
        ),
        game(
          'c3',
          [
            ['u1', 'erin'],
            ['u-c', 'cy'],
          ],
          { corres: true, onTurn: 0, leftMs: 5 * hour + spare },
        ),
      ],
    });
    push(
      socket,
      MessageType.SEEK_REQUEST,
      SeekRequestSchema,
      seek('m1', FRED, { correspondence: true, receiver: { userId: 'u1', name: 'erin' } }),
    );
    // Two games on my turn plus one match request.
    const tab = screen.getByRole('tab', { name: 'Correspondence 3 waiting for you' });
    await user.click(tab);
    const rows = within(
      screen.getByRole('list', { name: 'Your correspondence games' }),
    ).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Game with cy: your turn, 5 hr left',
      'Game with bo: your turn, 3 days left',
      'Game with amy: their turn, 2 hr left',
    ]);
    expect(rows[0].querySelector('.time-left-urgent')).not.toBeNull();
    expect(rows[1].querySelector('.time-left-urgent')).toBeNull();
  });
});
