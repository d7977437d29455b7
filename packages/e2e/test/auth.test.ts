import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { expect, it } from 'vitest';
import { newSession } from '../src/browser.ts';
import { appAndBrowser, describeInBrowser } from '../src/suite.ts';

/** The icon colours when disconnected and connected (--danger, --accent in packages/web/src/styles.css). */
const RED = 'rgb(198, 40, 40)';
const GREEN = 'rgb(31, 111, 92)';

/** The computed colour of the user menu's icon. */
function iconColor(menu: Locator): Promise<string> {
  // Runs in the page; this package's types have no DOM, hence the loose typing.
  return menu
    .locator('svg')
    .evaluate(
      (el: {
        ownerDocument: { defaultView: { getComputedStyle(e: unknown): { color: string } } };
      }) => el.ownerDocument.defaultView.getComputedStyle(el).color,
    );
}

/** The user menu button: its accessible name is the username. */
function userMenu(page: Page, username: string) {
  return page.getByRole('button', { name: username, exact: true });
}

/** Registers a fresh account through the /register page; the app ends up on the lobby. */
async function register(page: Page, username: string, password = 'a good long password') {
  await page.goto('/register');
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Year').selectOption('1985');
  await page.getByLabel('Month').selectOption('3');
  await page.getByLabel('Day').selectOption('9');
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
}

function freshUsername(prefix: string) {
  return `${prefix}${Date.now().toString(36)}`.slice(0, 20);
}

describeInBrowser('accounts in a real browser', () => {
  const app = appAndBrowser(180_000);

  it('registers on /register, logs out from the user menu and logs back in with the modal', async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url);
    const username = `e2e${Date.now().toString(36)}`;
    const password = 'a good long password';
    try {
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor();

      // The client's own checks come first.
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('You must agree to this condition').waitFor();

      await page.getByLabel('Email').fill(`${username}@example.org`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByLabel('Year').selectOption('1990');
      await page.getByLabel('Month').selectOption('7');
      await page.getByLabel('Day').selectOption('14');
      await page.getByLabel('Country (optional)').selectOption('ca');
      await page.getByLabel('I agree to the Terms of Service').check();
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();

      // Logged in and sent home; the socket connects with the user's token.
      await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      const menu = userMenu(page, username);
      await menu.waitFor();
      await page.waitForSelector('.user-menu-button[data-connected="true"]');
      expect(await menu.getAttribute('data-connected')).toBe('true');
      // Not red once connected.
      expect(await iconColor(menu)).toBe(GREEN);

      // Log out through the user menu.
      await menu.click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('You have been logged out.').waitFor();
      await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();

      // A wrong password shows the server's message; the right one logs in.
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome back, friend!' });
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Password').fill('not the password');
      await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await dialog.getByRole('alert').textContent()).toBe(
        'Password incorrect or user not found',
      );
      await dialog.getByLabel('Password').fill(password);
      await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await userMenu(page, username).waitFor();
      await page.waitForSelector('.user-menu-button[data-connected="true"]');

      // The session survives a reload (HttpOnly cookie) and the footer shows the latency.
      await page.reload();
      await userMenu(page, username).waitFor();
      await page.waitForSelector('.user-menu-button[data-connected="true"]');
      await page.locator('.tooltip-anchor').hover();
      await page
        .getByRole('tooltip')
        .filter({ hasText: /^Latency: \d+ ms$/ })
        .waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('turns the user icon red when the socket drops, says it is connecting, and recovers', async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url);
    // Every socket of the page goes through this route to the real server,
    // so the test can cut it and refuse new ones for a while.
    const sockets: WebSocketRoute[] = [];
    let refuse = false;
    await page.routeWebSocket(/\/ws/, (ws) => {
      if (refuse) {
        ws.close();
        return;
      }
      ws.connectToServer();
      sockets.push(ws);
    });
    try {
      const username = freshUsername('drop');
      await register(page, username);
      const menu = userMenu(page, username);
      await page.waitForSelector('.user-menu-button[data-connected="true"]');

      refuse = true;
      await sockets.at(-1)!.close();
      await page.waitForSelector('.user-menu-button[data-connected="false"]');
      expect(await iconColor(menu)).toBe(RED);
      await page.getByText('Connecting to server...').waitFor();

      refuse = false;
      await page.waitForSelector('.user-menu-button[data-connected="true"]');
      await page.getByText('Connecting to server...').waitFor({ state: 'detached' });
      expect(await iconColor(menu)).toBe(GREEN);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('fits the register page and the login modal on a 400 px wide screen', async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url, { width: 400, height: 800 });
    const overflow = () =>
      page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    try {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('You must agree to this condition').waitFor();
      expect(await overflow()).toBe(0);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome back, friend!' });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(400);
      expect(await overflow()).toBe(0);
      // Keyboard only: Escape closes the modal and focus returns to the Log In button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Log In');
    } finally {
      await context.close();
    }
  }, 60_000);
});
