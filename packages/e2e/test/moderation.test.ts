import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
  sessionCookie,
} from '../src/index.ts';

/** The tournament room's chat log. */
const chatLog = (page: Page, name: string) => page.getByRole('log', { name: `${name} chat` });

async function say(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('chat...');
  await input.fill(text);
  await input.press('Enter');
}

/** Opens the context menu on the name beside a chat line and picks an entry. */
async function lineMenu(page: Page, log: string, line: string, sender: string, entry: string) {
  const row = chatLog(page, log).locator('.chat-line').filter({ hasText: line });
  await row.getByRole('button', { name: sender, exact: true }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

describeInBrowser('moderation in the browser', () => {
  const app = appAndBrowser(300_000);

  it('a moderator mutes a player from the chat menu, deletes an earlier line for everyone, and lifts the mute', async () => {
    const { server, browser } = app;
    const [moderator, player, watcher] = await Promise.all(
      [0, 1, 2].map(() => newSession(browser, server.url)),
    );
    const names = { mod: freshName('mod'), pat: freshName('pat'), wes: freshName('wes') };
    await registerInBrowser(moderator.page, names.mod);
    await registerInBrowser(player.page, names.pat);
    await registerInBrowser(watcher.page, names.wes);
    const mod = (await server.core.accounts.findByUsername(names.mod))!;
    await server.core.roles.grant(mod.id, 'Moderator');
    await server.core.roles.grant(mod.id, 'Tournament Manager');

    // A tournament room, whose chat all three read.
    const slug = freshName('room');
    const title = `Room ${slug}`;
    const made = await fetch(`${server.url}/api/tessera.v1.TournamentService/NewTournament`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: await sessionCookie(moderator.context),
      },
      body: JSON.stringify({ slug, name: title, directorUsernames: [names.mod] }),
    });
    expect(made.status).toBe(200);
    // The moderator's page learns of the new role from a fresh socket token.
    await Promise.all(
      [moderator, player, watcher].map(async (s) => {
        await s.page.goto(`/tournament/${slug}`);
        await chatLog(s.page, title).waitFor();
      }),
    );

    await say(player.page, 'an early line');
    await chatLog(watcher.page, title).getByText('an early line').waitFor();
    await chatLog(moderator.page, title).getByText('an early line').waitFor();

    // Mute for an hour from the chat line's menu.
    await lineMenu(moderator.page, title, 'an early line', names.pat, 'Moderate');
    const modal = moderator.page.getByRole('dialog', { name: 'Apply mod action' });
    await modal.getByLabel('Action', { exact: true }).selectOption({ label: 'Mute' });
    await modal.getByLabel('Duration (hours, 0 = indefinite)').fill('1');
    await modal.getByLabel('Note').fill('calm down');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await moderator.page.getByText('Applied mod action').first().waitFor();
    await modal
      .getByRole('region', { name: 'Active mod actions' })
      .getByText('calm down')
      .waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    // The player's next line is refused, naming the end.
    await say(player.page, 'why?');
    // The end time is shown in the reader's own zone, not as the ISO time the server sends.
    const refusal = player.page.getByText(/You are muted and cannot chat until \S/);
    await refusal.first().waitFor();
    expect(await chatLog(watcher.page, title).getByText('why?').count()).toBe(0);

    // The moderator deletes the earlier line: the watcher sees it go.
    await lineMenu(moderator.page, title, 'an early line', names.pat, 'Delete this message');
    const confirm = moderator.page.getByRole('dialog', { name: 'Delete this message' });
    await confirm.getByText('Do you want to delete this message').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await moderator.page.getByText('Removed chat').first().waitFor();
    await chatLog(watcher.page, title)
      .getByText('an early line')
      .waitFor({ state: 'detached', timeout: 15_000 });

    // The mute is removed from the player's profile header; the player chats again.
    await moderator.page.goto(`/profile/${names.pat}`);
    await moderator.page.getByRole('button', { name: 'Moderate' }).click();
    const again = moderator.page.getByRole('dialog', { name: 'Apply mod action' });
    await again
      .getByRole('region', { name: 'Active mod actions' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await again.getByRole('region', { name: 'Active mod actions' }).getByText('None.').waitFor();
    await say(player.page, 'sorry, all good now');
    await chatLog(watcher.page, title).getByText('sorry, all good now').waitFor();
  }, 240_000);
});
