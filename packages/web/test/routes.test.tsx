import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

// Every route of docs/product/community.md §2.1 and the page title a visitor sees there.
// Lazily loaded pages (the game room brings the engine) may take a moment to arrive.
const LAZY = { timeout: 10_000 };
const PAGES: [path: string, heading: string][] = [
  ['/', 'Lobby'],
  // The fake server has no tournament service, so these pages say they could not load it
  // (test/tournament/ renders them against one).
  ['/tournament/spring-open', 'Error fetching tournament data'],
  ['/tournament/spring-open/standings/2', 'Error fetching tournament data'],
  ['/club/madison', 'Error fetching tournament data'],
  ['/club/madison/games', 'Error fetching tournament data'],
  ['/clubs', 'Clubs'],
  ['/game/abc123', 'Game abc123'],
  ['/puzzle', 'Puzzles'],
  ['/puzzle/p42', 'Puzzles'],
  ['/puzzle/history', 'My puzzles'],
  ['/anno/g7?turn=1', 'Annotated game g7'],
  ['/editor', 'Board editor'],
  ['/editor/g7', 'Board editor: game g7'],
  // No collections service on the fake server either (test/collections.test.tsx has one).
  ['/collections/c-1', 'Error Loading Collection'],
  ['/collections/c-1/chapter/3', 'Error Loading Collection'],
  ['/scrabblecam/callback?gcg=abc', 'Import a scanned game'],
  ['/about', 'About us'],
  ['/team', 'About us'],
  ['/terms', 'Terms of Service'],
  ['/register', 'Sign up'],
  ['/password/reset', 'Reset your password'],
  ['/password/reset?t=reset-code', 'Choose a new password'],
  ['/password/new', 'Choose a new password'],
  ['/password/new?t=reset-code', 'Choose a new password'],
  ['/profile', 'Profile'],
  ['/profile/alice', 'alice'],
  ['/settings', 'Settings'],
  ['/settings/personal', 'Settings'],
  ['/tile_images', 'Tile images'],
  ['/tile_images/english', 'Tile images: english'],
  ['/admin', 'Admin console'],
  ['/donate', 'Support Tessera'],
  ['/donate_success', 'Thank you!'],
  ['/handover-signed-cookie?jwt=x&path=/', 'Signing you in'],
  ['/integrations/membership/callback?code=c&state=s', 'Linking your account'],
  ['/events', 'Events'],
  ['/no/such/page', 'Page not found'],
];

describe('route table', () => {
  it.each(PAGES)('%s shows the page titled "%s" inside the site chrome', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeDefined();
    expect(screen.getByRole('banner')).toBeDefined();
    expect(screen.getByRole('contentinfo')).toBeDefined();
  });

  it('shows the embedded board without header or footer', async () => {
    renderApp('/embed/game/g7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game g7' }, LAZY)).toBeDefined();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('asks a logged-out visitor to log in for settings and their own profile', async () => {
    renderApp('/settings');
    expect(await screen.findByText('Log in to see your settings')).toBeDefined();
  });

  it('takes a logged-in user from /profile to their own profile', async () => {
    renderApp('/profile', { transport: fakeAccountServer({ loggedInAs: 'carol' }).transport });
    expect(await screen.findByRole('heading', { level: 1, name: 'carol' })).toBeDefined();
  });

  it('lists the settings sections for a logged-in user, preferences first shown', async () => {
    renderApp('/settings', { transport: fakeAccountServer({ loggedInAs: 'carol' }).transport });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferences' })).toBeDefined();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(nav.textContent).toContain('Personal info');
    expect(nav.textContent).toContain('Support Tessera');
  });
});
