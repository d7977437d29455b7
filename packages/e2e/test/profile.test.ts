import jpeg from 'jpeg-js';
import { renderError } from '@tessera/protocol';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  confirm,
  control,
  createBotGame,
  createGame,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
  resign,
} from '../src/index.ts';

/** A 300×200 JPEG picture the browser will crop to a 96×96 avatar. */
function picture(): Buffer {
  const width = 300;
  const height = 200;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = (i % width) % 256;
    data[i * 4 + 1] = 120;
    data[i * 4 + 2] = Math.floor(i / width) % 256;
    data[i * 4 + 3] = 255;
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 85).data);
}

describeInBrowser('profile and personal settings in the browser', () => {
  const app = appAndBrowser(180_000);

  it('a player sees their games, statistics and rating chart, and sets an avatar', async (ctx) => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const names = [freshName('pat'), freshName('quin')];
    await registerInBrowser(a.page, names[0]);
    await registerInBrowser(b.page, names[1]);

    // A game against a bot, ended by resigning in the game's own controls.
    const made = await createBotGame(server, a, 'BeginnerBot');
    if ('error' in made) {
      console.warn(`profile test skipped: ${renderError(made.error)}`);
      ctx.skip();
      return;
    }
    await a.page.goto(`/game/${made.gameId}`);
    await control(a.page, 'Options').click();
    await a.page.getByRole('menuitem', { name: 'Resign' }).click();
    await confirm(a.page, 'Resign');
    await a.page.getByRole('heading', { name: 'Game over' }).waitFor();

    // A rated game against a person (bot games are casual), which the other resigns.
    const rated = await createGame(server, a, b, names[1]);
    await resign(server, b, rated);

    await a.page.goto('/profile');
    await a.page.waitForURL(new RegExp(`/profile/${names[0]}$`));
    await a.page.getByRole('heading', { name: names[0] }).waitFor();
    const stats = a.page.getByLabel('Statistics');
    await stats.getByText('Games played').waitFor();
    const figure = (label: string) =>
      stats
        .locator('.profile-stat', { has: a.page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    await expect.poll(() => figure('Games played')).toBe('2');
    expect(await figure('Won')).toBe('1');
    const carousel = a.page.getByRole('list', { name: 'Recent games' });
    await carousel.getByRole('link', { name: 'Analyze' }).first().waitFor();
    expect(await carousel.getByRole('listitem').count()).toBe(2);
    expect(await carousel.getByText(`vs ${names[1]}`).count()).toBe(1);
    // The rating card's chart has the rated game's point.
    const chart = a.page.locator('.profile-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('data-points')).toBe('1');
    // The game table, toggled open.
    await a.page.getByRole('button', { name: 'Show game table' }).click();
    const table = a.page.getByRole('table', { name: 'Games' });
    await table.getByText(`vs ${names[1]}`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);

    // An avatar: chosen, cropped and exported in the browser, then shown on the profile.
    await a.page.goto('/settings/personal');
    await a.page.getByRole('heading', { name: 'Personal info' }).waitFor();
    await a.page.getByLabel('Choose an image').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: picture(),
    });
    await a.page.getByLabel('Zoom').fill('2');
    await a.page.getByRole('button', { name: 'Upload avatar' }).click();
    await a.page.getByText('Your avatar was updated.').waitFor();
    await a.page.goto(`/profile/${names[0]}`);
    const avatar = a.page.getByRole('img', { name: `${names[0]}'s avatar` });
    await avatar.waitFor();
    expect(
      await avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(96);
  }, 300_000);
});
