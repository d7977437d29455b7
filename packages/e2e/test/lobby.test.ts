import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newSession, type BrowserSession } from '../src/browser.ts';
import { startAppServer, type AppServer } from '../src/app-server.ts';
import { screenshotPath } from '../src/screenshots.ts';
import { describeInBrowser } from '../src/suite.ts';

const PASSWORD = 'a good long password';

/** Signs up through /register; the app ends up on the lobby, logged in and connected. */
async function register(page: Page, username: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Year').selectOption('1988');
  await page.getByLabel('Month').selectOption('5');
  await page.getByLabel('Day').selectOption('21');
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
  await page.waitForSelector('.user-menu-button[data-connected="true"]');
}

/** Opens one of the lobby's three forms and waits for its fields. */
async function openForm(page: Page, name: 'Create a game' | 'Play a computer' | 'Match a friend') {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByLabel('Dictionary').waitFor();
  return dialog;
}

describeInBrowser('the lobby in a real browser', () => {
  let server: AppServer;
  let browser: Browser;
  let a: BrowserSession;
  let b: BrowserSession;
  // Every run starts from an empty database, so plain names are free.
  const aName = 'anna';
  const bName = 'marcus';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    a = await newSession(browser, server.url);
    b = await newSession(browser, server.url);
    await Promise.all([register(a.page, aName), register(b.page, bName)]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('tells the sender when a match request is declined', async () => {
    const dialog = await openForm(a.page, 'Match a friend');
    // The friend is required.
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await dialog.getByLabel('Friend').fill(bName);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await a.page
      .getByRole('button', { name: `Cancel your match request to ${bName}` })
      .first()
      .waitFor();

    await b.page.getByRole('button', { name: `Decline match request from ${aName}` }).click();
    await a.page.getByText('Your match request was declined.').waitFor();
    await a.page
      .getByRole('button', { name: `Cancel your match request to ${bName}` })
      .first()
      .waitFor({ state: 'detached' });
  }, 60_000);

  it('shows a private chat line sent in one browser in the other', async () => {
    await a.page.getByRole('tab', { name: 'Chat' }).click();
    // The lobby's help channel has no input while help chat is closed.
    await a.page.getByText('Help chat is disabled.').waitFor();
    await a.page.getByRole('button', { name: 'All chats' }).click();
    await a.page.getByRole('button', { name: '+ Start new chat' }).click();
    const find = a.page.getByRole('combobox', { name: 'Find player' });
    await find.fill(bName);
    await find.press('Enter');
    await a.page.getByText(`Chat with ${bName}`).waitFor();
    const input = a.page.getByPlaceholder('chat...');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Good game earlier, want a rematch?');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    const mine = a.page.getByRole('log', { name: `Chat with ${bName}` });
    await mine.getByText('Good game earlier, want a rematch?').waitFor();

    // The other side: an unread badge on the Chat tab, then the line in "Chat with {name}".
    await b.page.getByRole('tab', { name: /^Chat 1 unread$/ }).click();
    await b.page.getByRole('button', { name: /^All chats/ }).click();
    await b.page.getByRole('button', { name: new RegExp(`^Chat with ${aName}`) }).click();
    const theirs = b.page.getByRole('log', { name: `Chat with ${aName}` });
    await theirs.getByText('Good game earlier, want a rematch?').waitFor();
    // Only one line went out: the blank one was never sent.
    expect(await theirs.locator('.chat-line').count()).toBe(1);
  }, 60_000);

  it('lets one player create a game and the other accept it; both land on the game', async () => {
    // A third player's seek fills the list a little for the screenshots.
    const c = await newSession(browser, server.url);
    try {
      const cName = 'priya';
      await register(c.page, cName);
      const cForm = await openForm(c.page, 'Create a game');
      await cForm.getByRole('radio', { name: 'Correspondence' }).check();
      await cForm.getByRole('button', { name: 'Create game' }).click();
      const cRealTime = await openForm(c.page, 'Create a game');
      // The form remembers the last values sent: back to real time.
      expect(await cRealTime.getByRole('radio', { name: 'Correspondence' }).isChecked()).toBe(true);
      await cRealTime.getByRole('radio', { name: 'Real time' }).check();
      await cRealTime.getByLabel('Rated').uncheck({ force: true });
      await cRealTime.getByRole('radio', { name: 'Increment' }).check();
      await cRealTime.getByLabel('Increment (seconds)').fill('5');
      await cRealTime.getByRole('button', { name: 'Create game' }).click();

      const form = await openForm(a.page, 'Create a game');
      expect(await form.getByLabel('Initial time').getAttribute('aria-valuetext')).toBe(
        '20 minutes',
      );
      expect(await form.getByLabel('Max overtime (minutes)').inputValue()).toBe('1');
      expect(await form.getByLabel('Rated').isChecked()).toBe(true);
      await form.getByLabel('Max overtime (minutes)').fill('11');
      await form.getByRole('button', { name: 'Create game' }).click();
      await form
        .getByText('Max overtime must be a whole number of minutes from 0 to 10.')
        .waitFor();
      await form.getByLabel('Max overtime (minutes)').fill('2');
      await a.page.setViewportSize({ width: 1280, height: 1000 });
      await a.page.screenshot({ path: screenshotPath('lobby-create-game.png') });
      await a.page.setViewportSize({ width: 1280, height: 800 });
      await form.getByRole('button', { name: 'Create game' }).click();
      await a.page.getByRole('button', { name: /^Cancel your seek/ }).waitFor();

      const seek = b.page.getByRole('button', { name: new RegExp(`^Play ${aName}`) });
      await seek.waitFor();
      await b.page.getByRole('button', { name: new RegExp(`^Play ${cName}`) }).waitFor();
      await b.page.getByRole('tab', { name: 'Players' }).click();
      await b.page.screenshot({ path: screenshotPath('lobby-desktop.png') });
      await b.page.setViewportSize({ width: 390, height: 844 });
      expect(
        await b.page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        ),
      ).toBe(0);
      await b.page.screenshot({ path: screenshotPath('lobby-phone.png'), fullPage: true });
      await b.page.setViewportSize({ width: 1280, height: 800 });

      await seek.click();
      const accept = b.page.getByRole('dialog', { name: `Play ${aName}?` });
      // A fresh account has no rated games in this rating key, and the rule is not void.
      await accept.getByText('Are you sure you want to play?', { exact: false }).waitFor();
      await accept.getByText('Double (x2) challenge.').waitFor();
      await accept.getByRole('button', { name: 'Accept' }).click();

      await Promise.all([
        a.page.waitForURL(/\/game\/[\w-]+$/),
        b.page.waitForURL(/\/game\/[\w-]+$/),
      ]);
      expect(new URL(a.page.url()).pathname).toBe(new URL(b.page.url()).pathname);
      const gamePath = new URL(b.page.url()).pathname;

      // Dark mode from the preferences, kept across pages; the lobby then offers to resume.
      b.page.on('dialog', (d) => void d.accept());
      await b.page.goto('/settings/preferences');
      await b.page.getByRole('switch', { name: 'Dark mode' }).check({ force: true });
      expect(await b.page.evaluate('document.body.classList.contains("dark")')).toBe(true);
      await b.page.screenshot({ path: screenshotPath('settings-preferences-dark.png') });
      await b.page.goto('/');
      const resume = b.page.getByRole('link', { name: `Resume your game with ${aName}` });
      expect(await resume.getAttribute('href')).toBe(gamePath);
      await b.page.getByRole('tab', { name: 'Watch' }).click();
      await b.page.getByRole('link', { name: `Watch ${aName} vs ${bName}` }).waitFor();
      await b.page.screenshot({ path: screenshotPath('lobby-dark.png') });
    } finally {
      await c.context.close();
    }
  }, 120_000);
});
