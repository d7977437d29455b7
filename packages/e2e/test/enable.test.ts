import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_LEXICON, DEFAULT_LEXICON, SCOWL_LEXICON } from '@tessera/lexica';
import {
  bestPlays,
  caughtUp,
  confirm,
  control,
  freshName,
  freshTiles,
  isVertical,
  launchBrowser,
  newSession,
  placeByDrag,
  playByKeyboard,
  position,
  registerInBrowser,
  serverPast,
  startAppServer,
  describeInBrowser,
  type AppServer,
} from '../src/index.ts';

/** The options of a select, in order, once it lists `count` of them. */
async function optionsOf(page: Page, label: string, count: number): Promise<string[]> {
  const select = page.getByLabel(label, { exact: true });
  await expect
    .poll(() => select.locator('option').count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  return select.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
}

describeInBrowser('ENABLE, the default English lexicon, in the browser', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    // SCOWL-EN is offered too, so "first" means something.
    [server, browser] = await Promise.all([
      startAppServer({ lexicons: [DEFAULT_LEXICON, SCOWL_LEXICON, COMMON_LEXICON] }),
      launchBrowser(),
    ]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('every lexicon picker offers ENABLE first, and a bot game in it plays to the end', async () => {
    expect(DEFAULT_LEXICON).toBe('ENABLE');
    const a = await newSession(browser, server.url);
    await registerInBrowser(a.page, freshName('una'));

    for (const form of ['Create a game', 'Match a friend', 'Play a computer'] as const) {
      await a.page.getByRole('button', { name: form, exact: true }).click();
      const dialog = a.page.getByRole('dialog', { name: form });
      await dialog.getByLabel('Dictionary').waitFor();
      const offered = await optionsOf(a.page, 'Dictionary', 3);
      expect(offered.slice(0, 3), form).toEqual(['ENABLE', 'SCOWL-EN', 'COMMON-EN']);
      expect(await dialog.getByLabel('Dictionary').inputValue(), form).toBe('ENABLE');
      if (form !== 'Play a computer') await dialog.getByRole('button', { name: 'Cancel' }).click();
    }

    // The form's licence line names ENABLE's public-domain status.
    const dialog = a.page.getByRole('dialog', { name: 'Play a computer' });
    await dialog.getByRole('button', { name: 'Source and licence' }).click();
    await dialog.getByText('Licence: Public domain (ENABLE', { exact: false }).waitFor();
    await dialog.getByLabel('Computer opponent').selectOption('BetterBot');
    await dialog.getByRole('button', { name: 'Start game' }).click();
    await a.page.waitForURL(/\/game\/[^/]+$/, { timeout: 30_000 });
    const gameId = new URL(a.page.url()).pathname.split('/').pop()!;

    const start = await position(server.services, gameId);
    expect(start.g.rules.lexicon).toBe('ENABLE');
    const me = start.g.players.findIndex((p) => !p.nickname.endsWith('Bot'));
    const points = (letter: string) =>
      start.g.set.letters[start.g.set.codeByRune.get(letter)!].score;
    let played = 0;
    for (let turn = 0; turn < 80; turn++) {
      const { g, eventCount, player } = await position(server.services, gameId);
      if (g.playState === 'GAME_OVER') break;
      if (player !== me) {
        await serverPast(server, gameId, eventCount, [a.page]);
        continue;
      }
      await caughtUp(a.page, eventCount);
      // The best play by ENABLE (the oracle reads the game's own lexicon).
      const text = bestPlays(g, 1)[0];
      if (g.playState === 'WAITING_FOR_FINAL_PASS' || !text) {
        await a.page.keyboard.press('2');
        await confirm(a.page, 'Pass');
      } else {
        const tiles = freshTiles(g, text);
        if (tiles.some((t) => t.blank) || turn % 2 === 1) {
          await placeByDrag(a.page, tiles, points);
          await control(a.page, 'Play').click();
        } else {
          await playByKeyboard(a.page, tiles, isVertical(text));
          await a.page.keyboard.press('Enter');
        }
        played++;
      }
      await serverPast(server, gameId, eventCount, [a.page]);
    }
    const end = await position(server.services, gameId);
    expect(end.g.playState).toBe('GAME_OVER');
    expect(end.g.rules.lexicon).toBe('ENABLE');
    expect(played).toBeGreaterThan(3);
    await a.page.getByRole('heading', { name: 'Game over' }).waitFor();

    // The study tools' picker starts on ENABLE as well.
    await a.page.goto('/anagrams');
    await a.page.getByRole('heading', { name: 'Anagrams', level: 1 }).waitFor();
    expect((await optionsOf(a.page, 'Lexicon', 3)).slice(0, 3)).toEqual([
      'ENABLE',
      'SCOWL-EN',
      'COMMON-EN',
    ]);
    expect(await a.page.getByLabel('Lexicon', { exact: true }).inputValue()).toBe('ENABLE');
  }, 420_000);
});
