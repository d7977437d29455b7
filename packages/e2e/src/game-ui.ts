import type { Locator, Page } from 'playwright-core';
import type { FreshTile } from './game-oracle.ts';

/**
 * What a player does in the game room, through the page as a person would:
 * accessible names and the board's square names ("H8").
 */

export const square = (page: Page, name: string): Locator =>
  page.locator(`[role="gridcell"][data-square="${name}"]`);

export const rack = (page: Page): Locator => page.getByRole('list', { name: 'Your rack' });

/** How many tiles the board shows. */
export const tilesOnBoard = (page: Page): Promise<number> =>
  page.locator('.board [role="gridcell"] .tile').count();

/** A rack tile by its accessible name ("A, 1 point", "blank"). */
export function rackTile(page: Page, tile: FreshTile, points: (letter: string) => number): Locator {
  const name = tile.blank
    ? 'blank'
    : `${tile.letter}, ${points(tile.letter)} ${points(tile.letter) === 1 ? 'point' : 'points'}`;
  return rack(page).getByRole('button', { name, exact: true }).first();
}

/** Click the first square (twice for a play down), type the letters, press Enter. */
export async function playByKeyboard(
  page: Page,
  tiles: FreshTile[],
  vertical: boolean,
): Promise<void> {
  const first = square(page, tiles[0].square);
  await first.click();
  if (vertical) await first.click();
  await page.keyboard.type(tiles.map((t) => t.letter.toLowerCase()).join(''));
}

/** Drag each tile from the rack to its square; a blank asks for its letter. */
export async function placeByDrag(
  page: Page,
  tiles: FreshTile[],
  points: (letter: string) => number,
): Promise<void> {
  for (const t of tiles) {
    await rackTile(page, t, points).dragTo(square(page, t.square));
    if (t.blank) {
      const dialog = page.getByRole('dialog', { name: 'Designate your blank' });
      await dialog.getByRole('button', { name: t.letter, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }
}

/** A button of the room's control bar. */
export const control = (page: Page, name: string): Locator =>
  page.getByRole('toolbar', { name: 'Game controls' }).getByRole('button', { name, exact: true });

/** Answers Yes in the confirmation dialog titled `title`. */
export async function confirm(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The page has caught up with the server's event count. */
export async function caughtUp(page: Page, eventCount: number): Promise<void> {
  await page.locator(`.game-room[data-event-count="${eventCount}"]`).waitFor();
}

/** Dismisses every toast (before a screenshot). */
export async function clearToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole('button', { name: 'Dismiss' }).all()) {
    await button.click().catch(() => undefined);
  }
}
