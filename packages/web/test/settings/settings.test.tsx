import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { preferences, STORAGE_KEY } from '../../src/preferences/preferences.ts';
import { FakeSocket } from '../fakes.ts';
import { communityServer } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';

function stored() {
  return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
}

async function settings(section: string, options: Parameters<typeof communityServer>[0] = {}) {
  const server = communityServer({ loggedInAs: 'erin', ...options });
  renderApp(`/settings/${section}`, { transport: server.transport });
  await screen.findByRole('button', { name: 'erin' });
  return { server, user: userEvent.setup() };
}

describe('settings', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
    preferences.reload();
  });

  it('keeps the tile order, auto-shuffle and styles in this browser', async () => {
    const { user } = await settings('preferences');
    // The settings page is a chunk loaded on demand: the first test waits for it.
    await screen.findByRole('heading', { level: 1, name: 'Preferences' }, { timeout: 10_000 });
    const order = screen.getByRole('group', { name: 'Tile order' });
    for (const label of [
      'Alphabetical',
      'Vowels first',
      'Consonants first',
      'Descending points',
      'Blanks first',
    ])
      expect(within(order).getByRole('radio', { name: label })).toBeDefined();
    await user.click(within(order).getByRole('radio', { name: 'Vowels first' }));
    await user.click(screen.getByRole('switch', { name: 'Auto-shuffle' }));
    const tiles = screen.getByRole('group', { name: 'Tile style' });
    const boards = screen.getByRole('group', { name: 'Board style' });
    await user.click(within(tiles).getByRole('radio', { name: 'Ocean' }));
    await user.click(within(boards).getByRole('radio', { name: 'Midnight' }));
    expect(stored()).toMatchObject({
      tileOrder: 'vowels-first',
      autoShuffle: true,
      tileStyle: 'ocean',
      boardStyle: 'midnight',
    });
    expect(within(tiles).getAllByRole('radio')).toHaveLength(13);
    expect(within(boards).getAllByRole('radio')).toHaveLength(11);
    // Another page load reads them back.
    preferences.reload();
    expect(preferences.getSnapshot().tileOrder).toBe('vowels-first');
  });

  it('turns dark mode on with a class on the body and the theme on the page', async () => {
    const { user } = await settings('preferences');
    await user.click(await screen.findByRole('switch', { name: 'Dark mode' }));
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(stored().darkMode).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.body.classList.contains('dark')).toBe(false);
  });

  it('keeps each secret toggle', async () => {
    const { user } = await settings('secret');
    const names = [
      'Telestrator',
      'Blindfold',
      'All lexicons',
      'Equity loss',
      'Silent site',
      'Hide pool',
      'Bicolor mode',
    ];
    for (const name of names) await user.click(await screen.findByRole('switch', { name }));
    expect(stored()).toMatchObject({
      telestrator: true,
      blindfold: true,
      allLexicons: true,
      showEquityLoss: true,
      silentSite: true,
      hidePool: true,
      bicolorMode: true,
    });
  });

  it('lists blocked players and unblocks one: "{name} was unblocked."', async () => {
    const { server, user } = await settings('blocked', {
      blocks: [{ uuid: 'u-troll', username: 'troll' } as never],
    });
    await user.click(await screen.findByRole('button', { name: 'Unblock troll' }));
    expect(await screen.findByText('troll was unblocked.')).toBeDefined();
    expect(server.calls).toContainEqual({ method: 'removeBlock', arg: 'u-troll' });
    expect(await screen.findByText("You haven't blocked anyone.")).toBeDefined();
  });

  it('changes the password, and shows the server’s words when the old one is wrong', async () => {
    const { server, user } = await settings('password');
    const old = await screen.findByLabelText('Old password');
    const next = screen.getByLabelText('New password');
    await user.type(next, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Password should be at least 8 characters')).toBeDefined();
    await user.type(old, 'wrong one');
    await user.clear(next);
    await user.type(next, 'a much better password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your old password is incorrect');
    await user.clear(old);
    await user.type(old, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeDefined();
    expect(server.passwordOf('erin')).toBe('a much better password');
  });

  it('shows the API key and resets it after a confirmation', async () => {
    const { user } = await settings('api');
    const key = (await screen.findByLabelText('Your API key')) as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const first = key.value;
    expect(first).toMatch(/^key-erin-/);
    await user.click(screen.getByRole('button', { name: 'Reset API key' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset your API key?' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    expect(await screen.findByText('Your API key was reset.')).toBeDefined();
    expect(key.value).not.toBe(first);
  });
});
