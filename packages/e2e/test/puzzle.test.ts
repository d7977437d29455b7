import { cgp, type GameState } from '@tessera/engine';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { freshName, registerInBrowser } from '../src/accounts.ts';
import { newSession } from '../src/browser.ts';
import { freshTiles, isVertical, phonyPlay } from '../src/game-oracle.ts';
import { placeByDrag, playByKeyboard } from '../src/game-ui.ts';
import { seedPuzzles, PUZZLE_LEXICON } from '../src/puzzles.ts';
import { screenshotPath } from '../src/screenshots.ts';
import { appAndBrowser, describeInBrowser } from '../src/suite.ts';

/** The position of a puzzle as the server gives it to the signed-in page. */
async function positionOf(page: Page, puzzleId: string): Promise<GameState> {
  // The page's own session calls the API (the cookie goes along).
  const answer = (await page.evaluate(
    `fetch('/api/tessera.v1.PuzzleService/GetPuzzle', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ puzzleId: ${JSON.stringify(puzzleId)} }),
    }).then((r) => r.json())`,
  )) as { cgp: string };
  const g = cgp.gameFromCgp(answer.cgp);
  if (!g.ok) throw new Error(`the puzzle's CGP does not read: ${g.message}`);
  return g.value;
}

/** Chooses the dictionary in the first visit's modal. */
async function chooseDictionary(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to puzzle mode!' });
  await welcome.getByLabel('Dictionary').selectOption(PUZZLE_LEXICON);
  await welcome.getByRole('button', { name: 'Start solving' }).click();
  await welcome.waitFor({ state: 'detached' });
}

const puzzleIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

describeInBrowser('puzzle mode in a real browser', () => {
  const shared = appAndBrowser();

  it('asks a visitor to log in, and a new user for a dictionary it then remembers', async () => {
    const visitor = await newSession(shared.browser, shared.server.url);
    await visitor.page.goto('/puzzle');
    await visitor.page.getByText('Log in or register to start solving puzzles.').waitFor();
    expect(await visitor.page.getByRole('dialog').count()).toBe(0);

    const { page } = await newSession(shared.browser, shared.server.url);
    await registerInBrowser(page, freshName('pz'));
    // §4.13: a dictionary stored under a legacy name is renamed on load.
    await page.evaluate(
      `localStorage.setItem('tessera.preferences', JSON.stringify({ puzzleLexicon: 'CSW21' }))`,
    );
    await page.goto('/puzzle');
    const welcome = page.getByRole('dialog', { name: 'Welcome to puzzle mode!' });
    await welcome.waitFor();
    const stored = await page.evaluate(
      `JSON.parse(localStorage.getItem('tessera.preferences') ?? '{}').puzzleLexicon`,
    );
    expect(stored).toBe('CSW24');
    // The dictionary is required.
    await welcome.getByRole('button', { name: 'Start solving' }).click();
    await welcome.getByText('Choose a dictionary.').waitFor();
    await page.screenshot({ path: screenshotPath('puzzle-welcome.png') });
    await chooseDictionary(page);
    expect(
      await page.evaluate(
        `JSON.parse(localStorage.getItem('tessera.preferences') ?? '{}').puzzleLexicon`,
      ),
    ).toBe(PUZZLE_LEXICON);
    // Remembered: the next visit goes straight to the dictionary's puzzles.
    await page.reload();
    await page.getByLabel('Dictionary').waitFor();
    expect(await page.getByLabel('Dictionary').inputValue()).toBe(PUZZLE_LEXICON);
    expect(await page.getByRole('dialog', { name: 'Welcome to puzzle mode!' }).count()).toBe(0);

    // An unknown puzzle: the server's reason, and back to the start.
    await page.goto('/puzzle/no-such-puzzle');
    await page.getByText('Puzzle no-such-puzzle was not found.').waitFor();
    await page.waitForURL((url) => url.pathname !== '/puzzle/no-such-puzzle');
  }, 120_000);

  it('solves a generated puzzle: wrong twice, a hint, then right, with stars and a vote', async () => {
    await seedPuzzles(shared.server);
    const solver = await newSession(shared.browser, shared.server.url);
    const page = solver.page;
    await registerInBrowser(page, freshName('pzs'));
    await page.goto('/puzzle');
    await chooseDictionary(page);
    await page.waitForURL(/\/puzzle\/[^/]+$/);
    const puzzleId = puzzleIdOf(page);
    await page.getByRole('button', { name: 'Solve' }).waitFor();
    const g = await positionOf(page, puzzleId);

    // Someone else gives up on the same puzzle and sees its solution.
    const other = await newSession(shared.browser, shared.server.url);
    await registerInBrowser(other.page, freshName('pzo'));
    await other.page.goto(`/puzzle/${puzzleId}`);
    await chooseDictionary(other.page);
    await other.page.getByRole('button', { name: 'Show solution' }).click();
    const shown = other.page.locator('[data-solution]');
    await shown.waitFor();
    const solution = (await shown.getAttribute('data-solution'))!;
    const solutionScore = Number((await shown.textContent())!.split(' ').pop());

    // A play the board accepts but the lexicon does not: Try again!, twice.
    const phony = phonyPlay(g);
    if (!phony) throw new Error('no phony play on this position');
    for (const attempt of [1, 2]) {
      await playByKeyboard(page, phony.tiles, isVertical(phony.text));
      await page.getByRole('button', { name: 'Solve' }).click();
      const tryAgain = page.getByRole('dialog', { name: 'Try again!' });
      await tryAgain
        .getByText(
          `Sorry, that's not the correct solution. You have made ${attempt} attempt${attempt === 1 ? '' : 's'}.`,
        )
        .waitFor();
      await tryAgain.getByText(/^Invalid words:/).waitFor();
      if (attempt === 2) await page.screenshot({ path: screenshotPath('puzzle-try-again.png') });
      await tryAgain.getByRole('button', { name: 'OK' }).click();
      await tryAgain.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
    }

    // Hints open after the second attempt: the first tells the score.
    const hints = page.getByRole('region', { name: 'Hints' });
    await hints.getByRole('button', { name: /^Show a hint/ }).click();
    await hints.getByText(`The play scores ${solutionScore} points.`).waitFor();

    // The right answer.
    const tiles = freshTiles(g, solution);
    if (tiles.some((t) => t.blank)) {
      const points = (letter: string) => g.set.letters.find((l) => l.rune === letter)?.score ?? 0;
      await placeByDrag(page, tiles, points);
    } else {
      await playByKeyboard(page, tiles, isVertical(solution));
    }
    await page.getByRole('button', { name: 'Solve' }).click();
    const result = page.getByRole('region', { name: 'Solved!' });
    await result.waitFor();
    // Three attempts: max(1, 4 - 3) = 1 star.
    await result.getByRole('img', { name: '1 of 3 stars' }).waitFor();
    await result.getByText('Attempts: 3').waitFor();

    await result.getByRole('button', { name: 'I like this puzzle' }).click();
    await result.getByTestId('puzzle-vote-total').getByText('+1').waitFor();
    expect(
      await result.getByRole('button', { name: 'I like this puzzle' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.screenshot({ path: screenshotPath('puzzle-solved.png'), fullPage: true });

    // The personal history lists it as solved, with the rating chart.
    await page.getByRole('link', { name: 'My puzzles' }).click();
    await page.getByRole('heading', { name: 'My puzzles', level: 1 }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/puzzle/${puzzleId}"]`) });
    await row.getByRole('cell', { name: 'Solved' }).waitFor();
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    await page
      .getByRole('img', { name: new RegExp(`^${PUZZLE_LEXICON} puzzle rating from \\d+ to \\d+`) })
      .waitFor();
    expect(await page.locator('.puzzle-chart canvas').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('puzzle-history.png'), fullPage: true });

    // The lobby's preview shows the next puzzle to solve.
    await page.goto('/');
    const preview = page.getByRole('region', { name: 'Puzzle' });
    await preview.getByRole('img', { name: `A ${PUZZLE_LEXICON} puzzle position` }).waitFor();
    const link = preview.getByRole('link', { name: 'Solve this puzzle' });
    expect(await link.getAttribute('href')).toMatch(/^\/puzzle\/[^/]+$/);
    await page.screenshot({ path: screenshotPath('puzzle-lobby-preview.png') });

    // A theme: puzzles carrying its tag, kept in the address.
    await page.goto('/puzzle');
    // The start puzzle opens first (as a user sees it), then the theme is chosen.
    await page.waitForURL(/\/puzzle\/[^/?]+$/);
    await page.getByLabel('Theme').selectOption('equity');
    await page.waitForURL(/\/puzzle\/[^/?]+\?theme=equity$/);
  }, 300_000);
});
