import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';

// The settings page loads on demand (its own chunk).
const LAZY = { timeout: 10_000 };

describe('the settings shell (community.md §2.5)', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('takes a child account from the birth-date warning to the personal section (§4.14)', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'kit', child: true }).transport });
    await screen.findByText(/Your birth date is missing/);
    await userEvent.setup().click(screen.getByRole('link', { name: 'your settings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Personal info' }, LAZY),
    ).toBeDefined();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav).getByRole('link', { name: 'Personal info' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('moves between personal, integrations and donate from the menu', async () => {
    renderApp('/settings/personal', {
      transport: fakeAccountServer({ loggedInAs: 'ada' }).transport,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Personal info' }, LAZY);
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    await user.click(within(nav).getByRole('link', { name: 'Integrations' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }, LAZY),
    ).toBeDefined();
    await user.click(within(nav).getByRole('link', { name: 'Support Tessera' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Tessera' }, LAZY),
    ).toBeDefined();
  });

  it('shows the donate section to a visitor, and asks a visitor to log in for the others', async () => {
    renderApp('/settings/donate');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Tessera' }, LAZY),
    ).toBeDefined();
    expect(screen.queryByText('Log in to see your settings')).toBeNull();
  });

  it.each(['personal', 'integrations'])('asks a visitor to log in for %s', async (section) => {
    renderApp(`/settings/${section}`);
    expect(await screen.findByText('Log in to see your settings', {}, LAZY)).toBeDefined();
  });
});
