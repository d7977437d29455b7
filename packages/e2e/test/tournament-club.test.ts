import type { Page } from 'playwright-core';
import { it } from 'vitest';
import {
  appAndBrowser,
  confirm,
  control,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
} from '../src/index.ts';

async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describeInBrowser('a club in the browser', () => {
  const app = appAndBrowser(300_000);

  it('a club is created, two members play a club game from its page, the game is in its recent games and the club in the directory', async () => {
    const { server, browser } = app;
    const [director, ann, bob] = await Promise.all(
      [0, 1, 2].map(() => newSession(browser, server.url)),
    );
    const names = { dora: freshName('dora'), ann: freshName('ann'), bob: freshName('bob') };
    await registerInBrowser(director.page, names.dora);
    await registerInBrowser(ann.page, names.ann);
    await registerInBrowser(bob.page, names.bob);
    const dora = (await server.core.accounts.findByUsername(names.dora))!;
    await server.core.roles.grant(dora.id, 'Tournament Manager');

    const d = director.page;
    await d.goto('/admin');
    await d.getByRole('tab', { name: 'New Tournament' }).click();
    const title = `Club ${names.dora}`;
    await d.getByLabel('Name', { exact: true }).fill(title);
    await d.getByLabel('Type').selectOption('club');
    await d.getByLabel('Directors').fill(names.dora);
    await d.getByRole('button', { name: 'Create tournament' }).click();
    await toast(d, 'Tournament created');
    await d.locator('.alert-success').getByRole('link').click();
    await d.getByRole('heading', { level: 1, name: title }).waitFor();
    const path = new URL(d.url()).pathname;
    // A club is free-form: Recent games instead of Standings, and only the General tools.
    await d.getByRole('tab', { name: 'Recent games' }).waitFor();
    await d.getByRole('tab', { name: 'Director Tools' }).click();
    await d.getByRole('button', { name: 'Manage Directors' }).waitFor();
    await d.getByRole('region', { name: 'Pre-Tournament Setup' }).waitFor({ state: 'detached' });

    // ann asks bob for a club game from the club's page; bob accepts there.
    await Promise.all([ann.page.goto(path), bob.page.goto(path)]);
    await ann.page.getByRole('button', { name: 'Start club game' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Start club game' });
    await dialog.getByLabel('Opponent').fill(names.bob);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText(`Match request sent to ${names.bob}.`).waitFor();
    await bob.page.getByRole('button', { name: `Accept match request from ${names.ann}` }).click();
    // Accepting may first ask (an unrated player, a challenge rule to note).
    const check = bob.page.getByRole('dialog', { name: `Play ${names.ann}?` });
    const asked = check
      .waitFor()
      .then(() => check.getByRole('button', { name: 'Accept' }).click())
      .catch(() => undefined);
    await Promise.race([bob.page.waitForURL(/\/game\//), asked]);
    await Promise.all([ann.page.waitForURL(/\/game\//), bob.page.waitForURL(/\/game\//)]);

    // bob resigns; the game is the club's, so its page leads back to the club.
    await control(bob.page, 'Options').click();
    await bob.page.getByRole('menuitem', { name: 'Resign' }).click();
    await confirm(bob.page, 'Resign');
    await ann.page.getByRole('heading', { name: 'Game over' }).waitFor();
    await ann.page.getByRole('link', { name: 'Back to Club' }).click();
    await ann.page.getByRole('tab', { name: 'Recent games' }).click();
    const recent = ann.page.getByRole('table', { name: 'Recent games' });
    await recent.getByText(names.bob).waitFor();

    // The director starts a session; the club is in the directory and the events page.
    await d.goto(path);
    await d.getByRole('button', { name: 'New club session' }).click();
    await d.waitForURL(new RegExp(`${path}-\\d{4}-\\d{2}-\\d{2}`));
    await d.goto('/clubs');
    await d.getByRole('list', { name: 'Clubs' }).getByRole('link', { name: title }).waitFor();
    await d.goto('/events');
    await d.getByText(/Times are shown in your time zone/).waitFor();
    await d.getByRole('list', { name: 'Clubs' }).getByRole('link', { name: title }).waitFor();
  }, 240_000);
});
