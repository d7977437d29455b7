import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';

const LAZY = { timeout: 10_000 };

/** Answers the site's own files as the server would; anything else fails like a missing route. */
function serveSiteFiles(files: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path in files) return new Response(files[path], { status: 200 });
      return new Response('not found', { status: 404 });
    }),
  );
}

describe("the site's own pages", () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.classList.remove('wonky-tiles');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('/terms covers the topics of the built-in terms', async () => {
    serveSiteFiles({});
    renderApp('/terms');
    await screen.findByRole('heading', { level: 2, name: 'Fair play' });
    const topics = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(topics).toEqual([
      'A non-profit site, free to use',
      'Registration',
      'Fair play',
      'Closing your account',
      'Privacy',
      'Copyright',
      'Donations',
    ]);
  });

  it("/terms shows the operator's file instead when there is one", async () => {
    serveSiteFiles({ '/site/terms.txt': 'Club rules.\n\nBe kind.' });
    renderApp('/terms');
    expect(await screen.findByText('Be kind.')).toBeDefined();
    expect(screen.getByText('Club rules.')).toBeDefined();
    expect(screen.queryByRole('heading', { level: 2, name: 'Fair play' })).toBeNull();
  });

  it('/team lists the team from the configuration, and the hidden toggle knocks the tiles askew', async () => {
    serveSiteFiles({
      '/site/team.json': JSON.stringify([
        { name: 'Ada', role: 'Founder', url: 'https://ada.example' },
        { name: 'Bob', role: 'Moderator' },
      ]),
    });
    renderApp('/team');
    const list = await screen.findByRole('list', { name: 'The team' });
    expect(within(list).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(
      'https://ada.example',
    );
    expect(list.textContent).toContain('Bob — Moderator');
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeDefined();

    const toggle = screen.getByRole('button', { name: 'Wonky tiles' });
    await userEvent.setup().click(toggle);
    expect(document.body.classList.contains('wonky-tiles')).toBe(true);
    expect(localStorage.getItem('tessera.wonkyTiles')).toBe('true');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(toggle);
    expect(document.body.classList.contains('wonky-tiles')).toBe(false);
  });

  it('/about says so when the operator listed no team', async () => {
    serveSiteFiles({});
    renderApp('/about');
    expect(
      await screen.findByText('The volunteers who run this site have not listed themselves yet.'),
    ).toBeDefined();
  });

  it('/tile_images/{letterDistribution} draws every tile and every played blank with the board tile', async () => {
    serveSiteFiles({});
    renderApp('/tile_images/english');
    const sheet = await screen.findByRole('list', { name: 'english tiles' }, LAZY);
    const tiles = within(sheet).getAllByRole('listitem');
    expect(tiles).toHaveLength(27);
    expect(tiles[0].getAttribute('aria-label')).toBe('blank');
    expect(within(sheet).getByRole('listitem', { name: 'Q, 10 points' })).toBeDefined();
    expect(sheet.querySelectorAll('.tile')).toHaveLength(27);
    const blanks = screen.getByRole('list', { name: 'english blank tiles' });
    expect(within(blanks).getByRole('listitem', { name: 'blank as Q' })).toBeDefined();
  });

  it('/tile_images/{letterDistribution} names an unknown set', async () => {
    serveSiteFiles({});
    renderApp('/tile_images/klingon');
    expect(
      await screen.findByText('There is no letter distribution called “klingon”.', {}, LAZY),
    ).toBeDefined();
  });
});
