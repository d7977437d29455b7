import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
  screenshotPath,
} from '../src/index.ts';

/** The spec's seven tabs (§2.6), then the moderators' reports queue. */
const ADMIN_TABS = [
  'Edit Tournament',
  'New Tournament',
  'Edit Announcements',
  'Puzzle Generator',
  'See User Details',
  'User Permissions and Roles',
  'Assign User Badges',
  'Reports',
];

/** Every tab of the console lies wholly inside the window and can be clicked. */
async function tabsAllInView(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  const tabs = page.getByRole('tablist', { name: 'Admin tools' }).getByRole('tab');
  expect(await tabs.allTextContents()).toEqual(ADMIN_TABS);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  // Nothing scrolls sideways: the page is no wider than the window.
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
    width,
  );
}

describeInBrowser('the admin console in a real browser', () => {
  const app = appAndBrowser(300_000);

  it('an administrator grants a role and a badge, and the badge shows next to the name in the lobby', async () => {
    const { server, browser } = app;
    const admin = await newSession(browser, server.url, { width: 1366, height: 768 });
    const player = await newSession(browser, server.url);
    const names = { admin: freshName('root'), player: freshName('pia') };
    await registerInBrowser(admin.page, names.admin);
    await registerInBrowser(player.page, names.player);
    const root = (await server.core.accounts.findByUsername(names.admin))!;
    await server.core.roles.grant(root.id, 'Admin');

    const a = admin.page;
    await a.goto('/admin');
    await a.getByRole('tablist', { name: 'Admin tools' }).waitFor();
    await tabsAllInView(a);
    await a.screenshot({ path: screenshotPath('admin-console-1366.png') });

    // A role: the buttons come once a username and a role are chosen.
    await a.getByRole('tab', { name: 'User Permissions and Roles' }).click();
    const roleForm = a.getByRole('form', { name: 'Add or remove a role' });
    await roleForm.getByLabel('Username', { exact: true }).fill(names.player);
    expect(await roleForm.getByRole('button', { name: 'Add role' }).count()).toBe(0);
    await roleForm.getByLabel('Role').selectOption('Moderator');
    await roleForm.getByRole('button', { name: 'Add role' }).click();
    await roleForm.getByText(`${names.player} now has the role Moderator.`).waitFor();
    const table = a.getByRole('region', { name: 'Users with roles' }).getByRole('table');
    await table.getByRole('row', { name: `${names.player} Moderator` }).waitFor();

    // A badge.
    await a.getByRole('tab', { name: 'Assign User Badges' }).click();
    await a.getByRole('button', { name: /supporter/ }).click();
    const badgeForm = a.getByRole('form', { name: 'Add or remove a badge' });
    await badgeForm.getByLabel('Username', { exact: true }).fill(names.player);
    await badgeForm.getByRole('button', { name: 'Add badge' }).click();
    await badgeForm.getByText(`${names.player} now wears the badge supporter.`).waitFor();
    await a.getByRole('button', { name: 'List users with this badge' }).click();
    await a
      .getByRole('list', { name: 'Users with the badge supporter' })
      .getByText(names.player, { exact: true })
      .waitFor();

    // The player offers a game; the administrator's lobby shows the offer
    // with the badge (its description as the image's name) and the Moderator tag.
    const p = player.page;
    await p.getByRole('button', { name: 'Create a game', exact: true }).click();
    const form = p.getByRole('dialog', { name: 'Create a game' });
    await form.getByLabel('Dictionary').waitFor();
    await form.getByRole('button', { name: 'Create game' }).click();
    await form.waitFor({ state: 'detached' });

    await a.goto('/');
    const seek = a.getByRole('button', { name: new RegExp(`^Play ${names.player}\\b`) });
    await seek.waitFor();
    const badge = seek.locator('img.badge-icon');
    await badge.waitFor();
    expect(await badge.getAttribute('src')).toBe('/badges/supporter.svg');
    expect(await badge.getAttribute('alt')).toMatch(/^Supporter/);
    expect(await seek.locator('.staff-mod').textContent()).toBe('Moderator');
    // The image is shipped with the app.
    const svg = await fetch(`${server.url}/badges/supporter.svg`);
    expect(svg.status).toBe(200);
    await a.screenshot({ path: screenshotPath('lobby-badge.png') });

    // On a phone every tab is still in view (the side menu wraps into rows).
    await a.setViewportSize({ width: 390, height: 844 });
    await a.goto('/admin');
    await a.getByRole('tablist', { name: 'Admin tools' }).waitFor();
    await tabsAllInView(a);
  }, 240_000);
});
