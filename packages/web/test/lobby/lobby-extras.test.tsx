import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { MessageType, ModActionType, ProfileUpdateSchema } from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_ANNOUNCEMENTS } from '../../src/features/lobby/Announcements.tsx';
import { NO_TOURNAMENTS } from '../../src/features/lobby/TournamentsWidget.tsx';
import { FakeSocket } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { communityServer, connect, push } from './harness.ts';

const ME = { userId: 'u1', username: 'erin' };
const PLAYERS = [
  { uuid: 'u-fred', username: 'fred' },
  { uuid: 'u-freya', username: 'Freya' },
  { uuid: 'u-gina', username: 'gina' },
];

async function lobby(options: Parameters<typeof communityServer>[0] = {}) {
  const server = communityServer({ loggedInAs: 'erin', players: PLAYERS, ...options });
  renderApp('/', { transport: server.transport });
  await screen.findByRole('button', { name: 'erin' });
  const socket = await connect(ME);
  return { server, socket, user: userEvent.setup() };
}

describe('the lobby with the server’s data', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('shows the announcements the administrators set, with their links', async () => {
    await lobby({
      announcements: [
        { title: 'Spring open', link: '/tournament/spring', body: 'Sign up by Friday.' },
        { title: 'Status page', link: 'https://status.example.com/', body: '' },
      ],
    });
    const card = screen.getByRole('region', { name: 'Announcements' });
    const spring = await within(card).findByRole('link', { name: 'Spring open' });
    expect(spring.getAttribute('href')).toBe('/tournament/spring');
    expect(within(card).getByText('Sign up by Friday.')).toBeDefined();
    const status = within(card).getByRole('link', { name: 'Status page' });
    expect(status.getAttribute('rel')).toContain('noopener');
  });

  it('has a tournaments widget that says none are scheduled yet', async () => {
    await lobby();
    const widget = screen.getByRole('region', { name: 'Tournaments' });
    expect(await within(widget).findByText(NO_TOURNAMENTS)).toBeDefined();
  });

  it('says when there is nothing to announce', async () => {
    await lobby();
    expect(await screen.findByText(NO_ANNOUNCEMENTS)).toBeDefined();
  });

  it('shows the user’s ratings the server sends on joining the lobby', async () => {
    const { socket } = await lobby();
    push(socket, MessageType.PROFILE_UPDATE, ProfileUpdateSchema, {
      userId: 'u1',
      ratings: {
        'SCOWL-EN.classic.blitz': { rating: 1612.4, deviation: 60 },
        'SCOWL-EN.classic.regular': { rating: 1500, deviation: 350 },
      },
    });
    const card = screen.getByRole('region', { name: 'Your ratings' });
    expect(within(card).getByText('SCOWL-EN Blitz').nextElementSibling?.textContent).toBe('1612');
    expect(within(card).getByText('SCOWL-EN Regular').nextElementSibling?.textContent).toBe(
      '1500?',
    );
  });

  it('tells a player suspended from rated games why and until when, in the lobby and on the seek form', async () => {
    const end = Date.UTC(2031, 0, 2, 15, 30);
    const { user } = await lobby({
      ownActions: {
        SUSPEND_RATED_GAMES: {
          type: ModActionType.SUSPEND_RATED_GAMES,
          endTime: timestampFromMs(end),
          note: 'automatic: notoriety 12',
        },
      },
    });
    const local = new Date(end).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    const text = `You cannot play rated games until ${local}; casual games are open to you. Reason: automatic: notoriety 12`;
    expect(await screen.findByText(text)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Create a game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a game' });
    expect(await within(dialog).findByText(text)).toBeDefined();
  });

  it('shows administrators the number of correspondence games in progress, and nobody else', async () => {
    const { user } = await lobby({ perms: ['adm'], correspondenceGameCount: 7 });
    await user.click(screen.getByRole('tab', { name: /Correspondence/ }));
    expect(await screen.findByText('Correspondence games in progress: 7')).toBeDefined();
  });

  it('hides the count from a player who is not an administrator', async () => {
    const { user, server } = await lobby({ correspondenceGameCount: 7 });
    await user.click(screen.getByRole('tab', { name: /Correspondence/ }));
    await screen.findByText('Your games');
    expect(screen.queryByText(/Correspondence games in progress/)).toBeNull();
    expect(server.calls.some((c) => c.method === 'getCorrespondenceGameCount')).toBe(false);
  });

  it('finds players the page has never seen through the server’s player search', async () => {
    const { user, server } = await lobby();
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), 'fre');
    const results = await screen.findByRole('region', { name: 'ALL PLAYERS' });
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('fred'), expect.stringContaining('Freya')]),
    );
    expect(server.calls).toContainEqual({ method: 'getCompletion', arg: 'fre' });
  });

  it('suggests names in Match a friend', async () => {
    const { user } = await lobby();
    await user.click(screen.getByRole('button', { name: 'Match a friend' }));
    const field = await screen.findByRole('combobox', { name: 'Friend' });
    await user.type(field, 'gi');
    const list = document.getElementById(field.getAttribute('list')!)!;
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['gina']),
    );
  });
});
