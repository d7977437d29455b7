import { expect, it } from 'vitest';
import { newSession } from '../src/browser.ts';
import { E2E_PASSWORD, freshName, registerInBrowser } from '../src/accounts.ts';
import { appAndBrowser, describeInBrowser } from '../src/suite.ts';

describeInBrowser("a player's account pages in a real browser", () => {
  const app = appAndBrowser(180_000);

  it('changes the password, forgets it, resets it from the e-mail link and logs in with the new one', async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url);
    const username = freshName('reset');
    const changed = 'a changed long password';
    const fresh = 'a freshly reset password';
    try {
      await registerInBrowser(page, username);

      // Change the password while logged in (settings, §2.5 password).
      await page.goto('/settings/password');
      await page.getByLabel('Old password').fill(E2E_PASSWORD);
      await page.getByLabel('New password').fill(changed);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was changed.').waitFor();

      // Log out through the user menu.
      await page.getByRole('button', { name: username, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByText('You have been logged out.').waitFor();

      // "Forgot password?" in the Log In modal leads to step 1.
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome back, friend!' });
      await dialog.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
      await page.getByLabel('Email').fill(`${username}@example.org`);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByText('Please check your email; a reset code was sent.').waitFor();

      // The e-mail as the outbox holds it (what `tessera outbox` prints).
      const mail = (await server.core.mailer.outbox(20)).find(
        (m) => m.to === `${username}@example.org` && m.subject.includes('Reset'),
      );
      expect(mail).toBeDefined();
      const link = /https?:\/\/\S+\/password\/\S+/.exec(mail!.body)?.[0];
      expect(link, mail!.body).toBeDefined();
      const target = new URL(link!);
      expect(target.searchParams.get('t')).toMatch(/\S{16,}/);

      // The e-mail's own link (path and query) on this server.
      await page.goto(target.pathname + target.search);
      await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(fresh);
      await page.getByLabel('Confirm new password').fill(`${fresh}!`);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('New passwords must match').waitFor();
      await page.getByLabel('Confirm new password').fill(fresh);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page
        .getByText('Your password was successfully changed. Please Log In with your new password.')
        .waitFor();

      // The old password no longer works; the new one does.
      await page.getByRole('main').getByRole('button', { name: 'Log In', exact: true }).click();
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Password').fill(changed);
      await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
      await dialog.getByRole('alert').waitFor();
      await dialog.getByLabel('Password').fill(fresh);
      await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: username, exact: true }).waitFor();

      // The link works once.
      await page.goto(target.pathname + target.search);
      await page.getByLabel('New password', { exact: true }).fill('yet another password');
      await page.getByLabel('Confirm new password').fill('yet another password');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('That reset code is invalid or has expired').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it("paints a returning visitor's lobby from the service worker's cache, and never caches the API", async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url);
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      // Installed and in control of the page (the worker claims its clients).
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await page.waitForFunction('navigator.serviceWorker.controller !== null');
      // A page under control asks the API (the lobby's calls, and one more here).
      await page.evaluate(
        "fetch('/api/tessera.v1.AuthenticationService/GetSession', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status)",
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
      const cached = (await page.evaluate(
        "caches.open('tessera-shell-v1').then((c) => c.keys()).then((ks) => ks.map((k) => new URL(k.url).pathname))",
      )) as string[];
      expect(cached).toContain('/');
      expect(cached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
      expect(cached.filter((p) => p.startsWith('/api/'))).toEqual([]);

      // A second visit without the network still paints the lobby.
      await context.setOffline(true);
      const again = await context.newPage();
      await again.goto('/');
      await again.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
      await again.close();
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  }, 120_000);

  it('shows the terms, the about page with its hidden toggle, and a tile sheet', async () => {
    const { server, browser } = app;
    const { context, page } = await newSession(browser, server.url);
    try {
      await page.goto('/terms');
      await page.getByRole('heading', { name: 'Fair play', level: 2 }).waitFor();
      await page.goto('/team');
      await page.getByRole('heading', { name: 'Our mission', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Wonky tiles' }).click();
      expect(await page.evaluate("document.body.classList.contains('wonky-tiles')")).toBe(true);
      await page.goto('/tile_images/english');
      const sheet = page.getByRole('list', { name: 'english tiles' });
      await sheet.getByRole('listitem', { name: 'Z, 10 points' }).waitFor();
      // The toggle is remembered, and the sheet uses the board's tiles.
      expect(await page.evaluate("document.body.classList.contains('wonky-tiles')")).toBe(true);
      expect(await sheet.locator('.tile').count()).toBe(27);
    } finally {
      await context.close();
    }
  }, 60_000);
});
