import jpeg from 'jpeg-js';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  createGame,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
} from '../src/index.ts';

/** A 96×96 JPEG, the avatar's own size. */
function avatarJpeg(): string {
  const data = Buffer.alloc(96 * 96 * 4, 200);
  return Buffer.from(jpeg.encode({ data, width: 96, height: 96 }, 90).data).toString('base64');
}

describeInBrowser('brief profiles beside names (community.md §2.4, §9)', () => {
  const app = appAndBrowser(180_000);

  it("shows a player's avatar in another's chat and on the game's player cards, asked in batches", async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const [aName, bName] = [freshName('ava'), freshName('ben')];
    await registerInBrowser(a.page, aName);
    await registerInBrowser(b.page, bName);
    // The avatar through the API with the browser's own session.
    const up = await a.page.request.post('/api/tessera.v1.ProfileService/UpdateAvatar', {
      data: { jpgData: avatarJpeg() },
    });
    expect(up.status()).toBe(200);

    const asked: string[][] = [];
    b.page.on('request', (r) => {
      if (r.url().endsWith('.ProfileService/GetBriefProfiles')) {
        asked.push((JSON.parse(r.postData() ?? '{}') as { userIds: string[] }).userIds);
      }
    });

    // A private chat line from a: b sees a's avatar beside the name.
    await a.page.getByRole('tab', { name: 'Chat' }).click();
    await a.page.getByRole('button', { name: 'All chats' }).click();
    await a.page.getByRole('button', { name: '+ Start new chat' }).click();
    const find = a.page.getByRole('combobox', { name: 'Find player' });
    await find.fill(bName);
    await find.press('Enter');
    const input = a.page.getByPlaceholder('chat...');
    await input.fill('Hello from my new avatar');
    await input.press('Enter');
    await b.page.getByRole('tab', { name: /^Chat 1 unread$/ }).click();
    await b.page.getByRole('button', { name: /^All chats/ }).click();
    await b.page.getByRole('button', { name: new RegExp(`^Chat with ${aName}`) }).click();
    const log = b.page.getByRole('log', { name: `Chat with ${aName}` });
    await log.getByText('Hello from my new avatar').waitFor();
    const inChat = log.getByTestId(`avatar-${aName}`);
    await inChat.waitFor();
    await expect
      .poll(() =>
        inChat.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(96);

    // The game's player cards (a new page load): both players' brief profiles.
    const gameId = await createGame(server, a, b, bName);
    await b.page.goto(`/game/${gameId}`);
    const card = b.page
      .getByRole('group', { name: new RegExp(`^${aName}`) })
      .or(b.page.locator('.player-card', { hasText: aName }));
    await card.getByTestId(`avatar-${aName}`).first().waitFor();
    // The two cards' profiles went in one call; no call repeats an id.
    expect(asked.some((ids) => ids.length >= 2)).toBe(true);
    expect(asked.every((ids) => new Set(ids).size === ids.length)).toBe(true);
  }, 240_000);
});
