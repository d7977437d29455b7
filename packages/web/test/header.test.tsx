import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  encodeSocketMessage,
  ErrorMessageSchema,
  MessageType,
  SessionInfoSchema,
} from '@tessera/protocol';
import { APP_VERSION } from '../src/app/version.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

describe('connection state in the header and footer', () => {
  beforeEach(() => {
    FakeSocket.made = [];
  });

  it("turns the user menu's icon from red to connected when the socket opens", async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'erin' }).transport });
    const button = await screen.findByRole('button', { name: 'erin' });
    expect(button.getAttribute('data-connected')).toBe('false');
    expect(button.querySelector('svg')?.getAttribute('class')).toContain('user-icon-disconnected');
    const described = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Not connected to server');

    const socket = await FakeSocket.live();
    act(() => socket.accept());
    expect(button.getAttribute('data-connected')).toBe('true');
    expect(described?.textContent).toBe('Connected to server');
  });

  it('connects with the logged-in user’s token and again as a visitor after logout', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'erin' }).transport });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'erin' }));
    expect(FakeSocket.latest().url).toBe('ws://test/ws?token=token-for-erin');
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Log In' });
    expect(FakeSocket.latest().url).toBe('ws://test/ws');
  });

  it('shows the latency in a tooltip in the footer', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const tooltip = await screen.findByRole('tooltip', { hidden: true });
    expect(tooltip.textContent).toBe('Not connected to server');
    await screen.findByRole('button', { name: 'Log In' });
    const socket = await FakeSocket.live();
    act(() => socket.accept());
    expect(tooltip.textContent).toBe('Latency: measuring…');
    await user.hover(tooltip.parentElement!);
    expect(screen.getByRole('tooltip')).toBeDefined();
  });

  it('shows a socket error as a notification titled Error', async () => {
    renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    const socket = await FakeSocket.live();
    act(() => {
      socket.accept();
      socket.deliver(
        encodeSocketMessage(MessageType.ERROR_MESSAGE, ErrorMessageSchema, { message: '1001' }),
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('You must be logged in to do that.');
  });

  it('says the app has been updated and asks for a refresh at the user’s convenience, and keeps asking, when the server expects another app version', async () => {
    renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    const hello = (serverVersion: string) =>
      encodeSocketMessage(MessageType.SESSION_INFO, SessionInfoSchema, { serverVersion });
    const socket = await FakeSocket.live();
    act(() => {
      socket.accept();
      socket.deliver(hello(APP_VERSION));
    });
    expect(screen.queryByText(/has been updated/)).toBeNull();
    act(() => socket.deliver(hello(`${APP_VERSION}-next`)));
    expect(screen.getByRole('alert').textContent).toContain(
      'Tessera has been updated. Please refresh the page at your convenience.',
    );
    act(() => socket.drop());
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDefined();
  });

  it('notices when the socket says the session has ended elsewhere', async () => {
    const server = fakeAccountServer({ loggedInAs: 'fran' });
    renderApp('/', { transport: server.transport });
    await screen.findByRole('button', { name: 'fran' });
    server.endSession();
    const socket = await FakeSocket.live();
    act(() => {
      socket.accept();
      socket.deliver(
        encodeSocketMessage(MessageType.SESSION_INFO, SessionInfoSchema, { anonymous: true }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeDefined();
  });
});

describe('the header’s menus', () => {
  beforeEach(() => {
    FakeSocket.made = [];
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function menu(name: string) {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name }));
    const items = screen.getAllByRole('menuitem');
    const found = items.map((i) => [i.textContent, i.getAttribute('href')]);
    await user.keyboard('{Escape}');
    return found;
  }

  it('offers the anagram drill and the spelling trainer under Play', async () => {
    renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    expect(await menu('Play')).toEqual([
      ['Games', '/'],
      ['Puzzles', '/puzzle'],
      ['Board editor', '/editor'],
      ['Anagrams', '/anagrams'],
      ['Spelling trainer', '/spelling'],
    ]);
  });

  it('has a Study menu of three study tools', async () => {
    renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    expect(await menu('Study')).toEqual([
      ['Anagram drill', '/anagrams'],
      ['Spelling trainer', '/spelling'],
      ['Board analyzer', '/editor'],
    ]);
  });

  it('shows the Blog link only when its address is configured', async () => {
    vi.stubEnv('VITE_TESSERA_BLOG_URL', '');
    const first = renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('a[href*="blog"]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
    first.unmount();

    vi.stubEnv('VITE_TESSERA_BLOG_URL', 'https://blog.example.org/');
    renderApp('/');
    await screen.findByRole('button', { name: 'Log In' });
    for (const name of ['Main', 'Footer']) {
      const nav = screen.getByRole('navigation', { name });
      const blog = within(nav).getByRole('link', { name: 'Blog' });
      expect(blog.getAttribute('href')).toBe('https://blog.example.org/');
    }
  });

  it('links the footer to the study tools', async () => {
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Study' }).getAttribute('href')).toBe(
      '/anagrams',
    );
  });
});
