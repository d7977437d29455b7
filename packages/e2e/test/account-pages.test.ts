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
});
