import { expect, it } from 'vitest';
import { newSession } from '../src/browser.ts';
import { screenshotPath } from '../src/screenshots.ts';
import { appAndBrowser, describeInBrowser } from '../src/suite.ts';

const sorted = (letters: string) => [...letters].sort().join('');

describeInBrowser('the study tools in a real browser', () => {
  const shared = appAndBrowser();

  it('drills anagrams over the lexicon downloaded by the page', async () => {
    const { page } = await newSession(shared.browser, shared.server.url);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Tournaments' })
      .getByText('No upcoming tournaments yet.')
      .waitFor();

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Anagrams' }).click();
    await page.getByRole('heading', { name: 'Anagrams', level: 1 }).waitFor();
    await page.getByLabel('Word length').selectOption('5');
    const rack = page.getByRole('list', { name: 'Rack' });
    await rack.waitFor();
    const tiles = (await rack.getByRole('listitem').allTextContents()).join('');
    expect(tiles).toHaveLength(5);

    // Nothing typed: every anagram is missed, and each uses the rack's letters.
    await page.getByRole('button', { name: 'Check' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText(/^Found 0 of \d+\.$/).waitFor();
    const missed = (await result.getByText(/^Missed:/).textContent())!
      .replace('Missed:', '')
      .split(',')
      .map((w) => w.trim());
    expect(missed.length).toBeGreaterThan(0);
    for (const word of missed) expect(sorted(word)).toBe(sorted(tiles));

    // Typing one of them (in lower case) finds it.
    await page.getByLabel('Your anagrams').fill(missed[0].toLowerCase());
    await page.getByRole('button', { name: 'Check' }).click();
    await result.getByText(`Found 1 of ${missed.length}.`).waitFor();
    await page.screenshot({ path: screenshotPath('anagrams.png'), fullPage: true });
  }, 60_000);

  it('keeps the score in the spelling trainer reached from the Study menu', async () => {
    const { page } = await newSession(shared.browser, shared.server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Study', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Spelling trainer' }).click();
    await page.getByRole('heading', { name: 'Spelling trainer', level: 1 }).waitFor();
    await page.getByText('Score: 0 of 0').waitFor();
    await page.getByLabel('Word').waitFor();
    await page.getByRole('button', { name: 'Not a word' }).click();
    await page.getByText(/^(Right|Wrong): \S+ is (not )?a word in /).waitFor();
    await page.getByText(/^Score: [01] of 1$/).waitFor();
    await page.getByRole('button', { name: 'Next word' }).click();
    await page.getByRole('button', { name: 'Valid' }).click();
    await page.getByText(/^Score: [012] of 2$/).waitFor();
    await page.screenshot({ path: screenshotPath('spelling.png') });
    await page.goto('/');
    await page.getByRole('region', { name: 'Tournaments' }).waitFor();
    await page.screenshot({ path: screenshotPath('lobby-tournaments.png') });
  }, 60_000);
});
