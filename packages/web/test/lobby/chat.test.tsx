import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createServices } from '../../src/app/create-services.ts';
import { ServicesProvider } from '../../src/app/services.tsx';
import { SidePanel } from '../../src/features/chat/SidePanel.tsx';
import userEvent from '@testing-library/user-event';
import {
  ActiveGamesSchema,
  ChatMessageDeletedSchema,
  ChatMessageSchema,
  ChatMessage_EntityType,
  MessageType,
  ModActionType,
  PresenceEntrySchema,
  PresenceListSchema,
  SeekRequestsSchema,
} from '@tessera/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FRIENDS_TEXT, PAGE } from '../../src/features/social/PlayersPanel.tsx';
import { FakeSocket } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { communityServer, connect, push, seek, sentOf } from './harness.ts';

const ME = { userId: 'u1', username: 'erin' };
const PM = 'chat.pm.u-fred_u1';

function line(id: string, channel: string, sender: [string, string], message: string) {
  return {
    id,
    channel,
    senderId: sender[0],
    sender: sender[1],
    message,
    entityType: ChatMessage_EntityType.USER_CHAT,
    timestamp: BigInt(Date.now()),
  };
}

async function lobby(options: Parameters<typeof communityServer>[0] = { loggedInAs: 'erin' }) {
  const server = communityServer(options);
  renderApp('/', { transport: server.transport });
  await screen.findByRole('button', { name: options.loggedInAs ?? 'Log In' });
  const socket = await connect(options.loggedInAs ? ME : {});
  return { server, socket, user: userEvent.setup() };
}

/** Opens a private chat with fred from the chat list. */
/** A visitor's side panel in a game's observer room. */
async function observerPanel(channel: string) {
  const services = createServices({
    transport: communityServer({}).transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  await services.session.refresh();
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <SidePanel context="observer" channel={channel} />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return services;
}

async function chatWithFred(user: ReturnType<typeof userEvent.setup>, socket: FakeSocket) {
  // fred becomes known to the page through his seek.
  push(socket, MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
    requests: [seek('s1', { userId: 'u-fred', name: 'fred' })],
  });
  await user.click(screen.getByRole('tab', { name: 'Chat' }));
  await user.click(screen.getByRole('button', { name: 'All chats' }));
  await user.click(screen.getByRole('button', { name: '+ Start new chat' }));
  await user.type(screen.getByRole('combobox', { name: 'Find player' }), 'fred{Enter}');
  return screen.findByRole('log', { name: 'Chat with fred' });
}

/** The private chat with fred, where he has just said "hey". */
async function fredSaidHey(user: ReturnType<typeof userEvent.setup>, socket: FakeSocket) {
  const log = await chatWithFred(user, socket);
  push(
    socket,
    MessageType.CHAT_MESSAGE,
    ChatMessageSchema,
    line('a', PM, ['u-fred', 'fred'], 'hey'),
  );
  return log;
}

describe('chat', () => {
  afterEach(() => vi.unstubAllGlobals());

  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('opens on Players in the lobby, and on Chat for a visitor', async () => {
    await lobby();
    expect(screen.getByRole('tab', { name: 'Players' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(NO_FRIENDS_TEXT)).toBeDefined();
  });

  it('shows a visitor the lobby channel with no way to post', async () => {
    await lobby({});
    expect(screen.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Help chat is disabled.')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Chat message' })).toBeNull();
  });

  it('sends on Enter, trimmed, and never sends an empty or blank line', async () => {
    const { socket, user } = await lobby();
    await chatWithFred(user, socket);
    const input = screen.getByRole('textbox', { name: 'Chat message' });
    expect(input.getAttribute('placeholder')).toBe('chat...');
    await user.type(input, '{Enter}');
    await user.type(input, '    {Enter}');
    expect(sentOf(socket, MessageType.CHAT_MESSAGE, ChatMessageSchema)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '  hello fred  {Enter}');
    expect(sentOf(socket, MessageType.CHAT_MESSAGE, ChatMessageSchema)).toEqual([
      expect.objectContaining({ channel: PM, message: 'hello fred' }),
    ]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('shows a visitor the lobby’s lines as they arrive', async () => {
    const { socket } = await lobby({});
    push(
      socket,
      MessageType.CHAT_MESSAGE,
      ChatMessageSchema,
      line('l1', 'chat.lobby', ['u-fred', 'fred'], 'hi all'),
    );
    expect(
      within(screen.getByRole('log', { name: 'Help chat' })).getByText('hi all'),
    ).toBeDefined();
  });

  it('opens on Chat in a game room, with the input disabled for a visitor', async () => {
    const services = await observerPanel('chat.gametv.g1');
    expect(screen.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Observer chat', { selector: '[aria-current]' })).toBeDefined();
    const input = screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByText('Log in to chat.')).toBeDefined();

    // Who is watching, when the server says so.
    services.socket.start();
    const socket = await connect();
    push(socket, MessageType.PRESENCE_LIST, PresenceListSchema, {
      // Presence comes under the realm's name, not the chat channel's.
      channel: 'gametv.g1',
      entries: [{ username: 'fred', userId: 'u-fred', channel: 'gametv.g1' }],
      anonymousCount: 2,
    });
    expect(screen.getByText('3 Observers')).toBeDefined();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show list' }));
    const list = screen.getByRole('list', { name: 'Observers' });
    expect(within(list).getByRole('button', { name: 'fred' })).toBeDefined();
    expect(within(list).getByText('2 anonymous viewers')).toBeDefined();

    // A crowd too large for one message arrives in parts: later parts add.
    push(socket, MessageType.PRESENCE_LIST, PresenceListSchema, {
      channel: 'gametv.g1',
      entries: [{ username: 'gina', userId: 'u-gina', channel: 'gametv.g1' }],
      anonymousCount: 2,
      continued: true,
    });
    expect(within(list).getByRole('button', { name: 'fred' })).toBeDefined();
    expect(within(list).getByRole('button', { name: 'gina' })).toBeDefined();
    expect(screen.getByText('4 Observers')).toBeDefined();
    // A new first part replaces the list.
    push(socket, MessageType.PRESENCE_LIST, PresenceListSchema, {
      channel: 'gametv.g1',
      entries: [{ username: 'gina', userId: 'u-gina', channel: 'gametv.g1' }],
      anonymousCount: 0,
    });
    expect(within(list).queryByRole('button', { name: 'fred' })).toBeNull();
    expect(screen.getByText('1 Observer')).toBeDefined();
    services.socket.stop();
  });

  it('counts a crowded room’s players and names a sample of them', async () => {
    const services = await observerPanel('chat.gametv.g2');
    services.socket.start();
    const socket = await connect();
    push(socket, MessageType.PRESENCE_LIST, PresenceListSchema, {
      channel: 'gametv.g2',
      entries: [
        { username: 'fred', userId: 'u-fred', channel: 'gametv.g2' },
        { username: 'gina', userId: 'u-gina', channel: 'gametv.g2' },
      ],
      namedCount: 500,
      anonymousCount: 3,
    });
    expect(screen.getByText('503 Observers')).toBeDefined();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show list' }));
    const list = screen.getByRole('list', { name: 'Observers' });
    expect(within(list).getByRole('button', { name: 'gina' })).toBeDefined();
    expect(within(list).getByText('and 498 more observers')).toBeDefined();

    // Arrivals and departures come as counts, named users and visitors alike.
    const count = (namedDelta: number, anonymousDelta: number) =>
      push(socket, MessageType.PRESENCE_ENTRY, PresenceEntrySchema, {
        channel: 'gametv.g2',
        isAnonymous: namedDelta === 0,
        namedDelta,
        anonymousDelta,
      });
    count(40, -1);
    expect(screen.getByText('542 Observers')).toBeDefined();
    expect(within(list).getByText('and 538 more observers')).toBeDefined();
    count(-39, 0);
    expect(screen.getByText('503 Observers')).toBeDefined();
    // A named departure from the sample leaves the count right.
    push(socket, MessageType.PRESENCE_ENTRY, PresenceEntrySchema, {
      channel: 'gametv.g2',
      userId: 'u-fred',
      username: 'fred',
      deleting: true,
    });
    expect(within(list).queryByRole('button', { name: 'fred' })).toBeNull();
    expect(screen.getByText('502 Observers')).toBeDefined();
    services.socket.stop();
  });

  it('hides lines from blocked players, in history and as they arrive', async () => {
    const { socket, user } = await lobby({
      loggedInAs: 'erin',
      blocks: [{ uuid: 'u-troll', username: 'troll' } as never],
      chats: {
        [PM]: [
          line('h1', PM, ['u-troll', 'troll'], 'spam'),
          line('h2', PM, ['u-fred', 'fred'], 'earlier'),
        ],
      },
    });
    const log = await chatWithFred(user, socket);
    await within(log).findByText('earlier');
    expect(within(log).queryByText('spam')).toBeNull();
    push(
      socket,
      MessageType.CHAT_MESSAGE,
      ChatMessageSchema,
      line('l2', PM, ['u-troll', 'troll'], 'more spam'),
    );
    push(
      socket,
      MessageType.CHAT_MESSAGE,
      ChatMessageSchema,
      line('l3', PM, ['u-fred', 'fred'], 'welcome'),
    );
    expect(within(log).getByText('welcome')).toBeDefined();
    expect(within(log).queryByText('more spam')).toBeNull();
  });

  it('fetches the history again after the connection drops, so lines sent meanwhile appear', async () => {
    const chats = { [PM]: [line('h1', PM, ['u-fred', 'fred'], 'before the drop')] };
    const { server, socket, user } = await lobby({ loggedInAs: 'erin', chats });
    const log = await chatWithFred(user, socket);
    await within(log).findByText('before the drop');
    const fetches = () =>
      server.calls.filter((c) => c.method === 'getChatsForChannel' && c.arg === PM).length;
    const before = fetches();
    // fred writes while erin's socket is down: the line only reaches her through history.
    chats[PM].push(line('h2', PM, ['u-fred', 'fred'], 'while you were away'));
    act(() => socket.drop());
    // The client reconnects a second after the drop.
    await waitFor(
      () => {
        const next = FakeSocket.latest();
        if (next === socket || next.onopen === null) throw new Error('not reconnected yet');
      },
      { timeout: 3000 },
    );
    await connect(ME);
    await within(log).findByText('while you were away', {}, { timeout: 3000 });
    expect(within(log).getAllByText('before the drop')).toHaveLength(1);
    expect(fetches()).toBe(before + 1);
  });

  it('counts unread lines on the Chat tab, shown as ! at 10 or more', async () => {
    const { socket, user } = await lobby();
    const say = (i: number) =>
      push(
        socket,
        MessageType.CHAT_MESSAGE,
        ChatMessageSchema,
        line(`u${i}`, PM, ['u-fred', 'fred'], `line ${i}`),
      );
    say(1);
    say(2);
    expect(screen.getByRole('tab', { name: 'Chat 2 unread' })).toBeDefined();
    for (let i = 3; i <= 10; i++) say(i);
    expect(screen.getByRole('tab', { name: 'Chat ! unread' })).toBeDefined();
    // The private chat is listed with its count; opening it reads it.
    await user.click(screen.getByRole('tab', { name: /^Chat/ }));
    await user.click(screen.getByRole('button', { name: /^All chats/ }));
    await user.click(screen.getByRole('button', { name: /^Chat with fred/ }));
    await screen.findByRole('log', { name: 'Chat with fred' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Chat' })).toBeDefined());
  });

  it('offers the user context menu on names, and not on one’s own', async () => {
    const { server, socket, user } = await lobby();
    const log = await fredSaidHey(user, socket);
    push(socket, MessageType.CHAT_MESSAGE, ChatMessageSchema, line('b', PM, ['u1', 'erin'], 'hi'));
    expect(within(log).queryByRole('button', { name: 'erin' })).toBeNull();
    await user.click(within(log).getByRole('button', { name: 'fred' }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual([
      'Chat',
      'View profile',
      'Match user',
      'Add friend',
      'Block',
      'Report this message',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Add friend' }));
    expect(await screen.findByText('fred was added to your friends.')).toBeDefined();
    expect(server.calls).toContainEqual({ method: 'addFollow', arg: 'u-fred' });
    await user.click(screen.getByRole('tab', { name: 'Players' }));
    const friends = screen.getByRole('region', { name: 'FRIENDS' });
    expect(within(friends).getByRole('button', { name: 'fred' })).toBeDefined();
  });

  it('offers moderators Moderate and Delete this message, which asks first and removes the line', async () => {
    const { server, socket, user } = await lobby({
      loggedInAs: 'erin',
      perms: ['can_moderate_users', 'mod'],
    });
    const log = await fredSaidHey(user, socket);
    await user.click(within(log).getByRole('button', { name: 'fred' }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items.slice(-3)).toEqual(['Moderate', 'Delete this message', 'Report this message']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete this message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message' });
    expect(within(dialog).getByText('Do you want to delete this message')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Removed chat')).toBeDefined();
    expect(server.calls).toContainEqual({
      method: 'applyActions',
      arg: { userId: 'u-fred', type: ModActionType.REMOVE_CHAT, channel: PM, messageId: 'a' },
    });
    // The server's word that the line is gone takes it off the page.
    push(socket, MessageType.CHAT_MESSAGE_DELETED, ChatMessageDeletedSchema, {
      channel: PM,
      id: 'a',
    });
    await waitFor(() => expect(within(log).queryByText('hey')).toBeNull());
  });

  it('offers Watch on the name of a player in a game, leading to that game', async () => {
    const { socket, user } = await lobby();
    const log = await fredSaidHey(user, socket);
    push(socket, MessageType.ACTIVE_GAMES, ActiveGamesSchema, {
      games: [
        {
          gameId: 'g-fred',
          players: [
            { userId: 'u-fred', nickname: 'fred' },
            { userId: 'u-gina', nickname: 'gina' },
          ],
          gameRequest: { lexicon: 'SCOWL-EN', initialTimeSeconds: 1200 },
        },
      ],
    });
    await user.click(within(log).getByRole('button', { name: 'fred' }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual([
      'Chat',
      'View profile',
      'Watch',
      'Match user',
      'Add friend',
      'Block',
      'Report this message',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Watch' }).getAttribute('href')).toBe(
      '/game/g-fred',
    );
  });

  it('tags administrators gold Admin and moderators green Moderator next to their names', async () => {
    const { socket, user } = await lobby({
      loggedInAs: 'erin',
      staff: { admins: ['u-fred'], mods: ['u-gina'] },
      players: [{ uuid: 'u-gina', username: 'gina' }],
    });
    const log = await fredSaidHey(user, socket);
    push(socket, MessageType.CHAT_MESSAGE, ChatMessageSchema, line('b', PM, ['u1', 'erin'], 'hi'));
    const tag = within(log).getByText('Admin');
    expect(tag.closest('.name-tags')?.previousElementSibling?.textContent).toContain('fred');
    expect(within(log).queryByText('Moderator')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Players' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), 'gi');
    const results = await screen.findByRole('region', { name: 'ALL PLAYERS' });
    expect(await within(results).findByText('Moderator')).toBeDefined();
  });

  it('shows about 18 friends at first and more as the list scrolls into view', async () => {
    const watched: { callback: IntersectionObserverCallback; el: Element | null }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(el: Element) {
          watched.push({ callback: this.callback, el });
        }
        disconnect() {
          const i = watched.findIndex((w) => w.callback === this.callback);
          if (i >= 0) watched.splice(i, 1);
        }
      },
    );
    const follows = Array.from({ length: 40 }, (_, i) => ({
      uuid: `u-f${i}`,
      username: `friend${String(i).padStart(2, '0')}`,
    }));
    await lobby({ loggedInAs: 'erin', follows: follows as never });
    const friends = await screen.findByRole('region', { name: 'FRIENDS' });
    await waitFor(() => expect(within(friends).getAllByRole('listitem')).toHaveLength(PAGE));
    const scrollToEnd = () =>
      act(() =>
        watched
          .slice()
          .forEach((w) =>
            w.callback(
              [{ isIntersecting: true, target: w.el } as IntersectionObserverEntry],
              {} as IntersectionObserver,
            ),
          ),
      );
    scrollToEnd();
    expect(within(friends).getAllByRole('listitem')).toHaveLength(2 * PAGE);
    scrollToEnd();
    expect(within(friends).getAllByRole('listitem')).toHaveLength(40);
    expect(within(friends).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('opens Match a friend for the named player from Match user', async () => {
    const { socket, user } = await lobby();
    const log = await fredSaidHey(user, socket);
    await user.click(within(log).getByRole('button', { name: 'fred' }));
    await user.click(screen.getByRole('menuitem', { name: 'Match user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match a friend' });
    expect(((await within(dialog).findByLabelText('Friend')) as HTMLInputElement).value).toBe(
      'fred',
    );
  });
});
