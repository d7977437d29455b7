import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { rack, square } from './game-ui.ts';

/** A turn of the editor's game record (event index + 1). */
export const editorTurn = (page: Page, n: number) => page.locator(`[data-event="${n}"]`);

/**
 * In the board editor, on a fresh game of Alice and Bob: Alice's RETAINS at
 * 8D typed on the board, Bob's phony ZEDO down from E7 through the E, and
 * Alice taking it off, each waited for in the game record.
 */
export async function enterRetainsAndPhony(page: Page): Promise<void> {
  await page.getByLabel('Alice’s rack').fill('aeinrst');
  await page.getByRole('button', { name: 'Set rack' }).click();
  await expect.poll(() => rack(page).getByRole('button').count()).toBe(7);
  await square(page, 'D8').click();
  await page.keyboard.type('retains');
  await page.keyboard.press('Enter');
  await editorTurn(page, 1).getByText('8D RETAINS +66').waitFor();

  await page.getByLabel('Bob’s rack').fill('DEIOQUZ');
  await page.getByRole('button', { name: 'Set rack' }).click();
  await expect.poll(() => rack(page).getByRole('button').count()).toBe(7);
  await square(page, 'E7').click();
  await square(page, 'E7').click();
  await page.keyboard.type('zdo');
  await page
    .getByRole('group', { name: 'Turn' })
    .getByRole('button', { name: 'Play', exact: true })
    .click();
  await editorTurn(page, 2).getByText('E7 ZEDO').waitFor();

  await page.getByRole('button', { name: 'Phony taken off' }).click();
  await editorTurn(page, 3)
    .getByText(/Phony taken off/)
    .waitFor();
}
