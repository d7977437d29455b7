import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  bestPlays,
  caughtUp,
  describeInBrowser,
  confirm,
  control,
  enableSecret,
  freshName,
  freshTiles,
  isVertical,
  newSession,
  playByKeyboard,
  position,
  rack,
  registerInBrowser,
  serverPast,
  square,
  tilesOnBoard,
  twoPlayersWithSecret,
  withPictures,
} from '../src/index.ts';

/**
 * The telestrator (/settings/secret) in a real browser: strokes drawn with
 * the mouse, and with a finger on a phone, over the board.
 */

const drawingLayer = (page: Page) => page.getByRole('img', { name: /^Drawing over the board/ });
const strokeCount = async (page: Page) =>
  Number(/(\d+) strokes?$/.exec((await drawingLayer(page).getAttribute('aria-label')) ?? '')?.[1]);

/** A mouse drag from one page point to another, in small steps. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 12 });
  await page.mouse.up();
  // Away from the board, so no hover colours a square in the pictures below.
  await page.mouse.move(1, 1);
}

/** A one-finger drag, as a touch screen sends it (the page's context needs `hasTouch`). */
async function fingerDrag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (k: number) => ({
    x: from[0] + ((to[0] - from[0]) * k) / 12,
    y: from[1] + ((to[1] - from[1]) * k) / 12,
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  // Time under test: at a finger's pace (a frame apart), and held still before
  // lifting; a fast flick ends in a fling, and Chromium takes the next tap as stopping it.
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (let k = 1; k <= 12; k++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(k)] });
    await pause(16);
  }
  await pause(100);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The colour the page shows at a point, read from a screenshot decoded by the browser. */
async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
  });
  return (await page.evaluate(`(async () => {
    const img = document.createElement('img');
    img.src = 'data:image/png;base64,${png.toString('base64')}';
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  })()`)) as [number, number, number];
}

/** The centre of a board square ("H8") on the page, measured now (the board may have moved). */
async function centreOf(page: Page, name: string): Promise<[number, number]> {
  const box = (await square(page, name).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** The telestrator's red and blue pens. */
const RED = '#e53935';
const BLUE = '#1e6fe0';

/** Within `tolerance` of a CSS hex colour on every channel. */
function near(rgb: number[], hex: string, tolerance = 40): boolean {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return rgb.every((v, i) => Math.abs(v - want[i]) <= tolerance);
}

describeInBrowser('the telestrator in the game room', () => {
  const app = appAndBrowser();
  const twoPlayers = () => twoPlayersWithSecret(app.server, app.browser, 'Telestrator');

  it('the telestrator draws a stroke by mouse over the board, rubs it out, clears, leaves keys typed into the chat alone, and goes with the next move', async () => {
    const { server } = app;
    const { a, b, gameId, aIndex } = await twoPlayers();
    await withPictures('telestrator', [a, b], async () => {
      const page = a.page;
      const all = [a.page, b.page];
      const bar = page.getByRole('toolbar', { name: 'Telestrator' });
      const drawButton = bar.getByRole('button', { name: 'Draw on the board' });
      const clear = bar.getByRole('button', { name: 'Clear drawing' });
      const pressed = (l = drawButton) => l.getAttribute('aria-pressed');
      await bar.waitFor();
      // The setting belongs to this browser: the opponent has no telestrator.
      await rack(b.page).waitFor();
      await expect(b.page.getByRole('toolbar', { name: 'Telestrator' }).count()).resolves.toBe(0);

      // Strokes along row 5, from B5 to N5; the colour is read at the centre of H5.
      const from = await centreOf(page, 'B5');
      const to = await centreOf(page, 'N5');
      const mid = await centreOf(page, 'H5');
      const boardColour = await pixelAt(page, ...mid);
      expect(near(boardColour, RED), `board colour ${boardColour}`).toBe(false);
      expect(near(boardColour, BLUE), `board colour ${boardColour}`).toBe(false);

      // Not drawing yet: a drag over the board leaves no mark.
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(0);

      // Keys typed into the chat are text, not the drawing hotkey.
      const chat = page.getByRole('textbox', { name: 'Chat message' });
      await chat.click();
      await page.keyboard.type('10 out of 10');
      await expect(chat.inputValue()).resolves.toBe('10 out of 10');
      await expect(pressed()).resolves.toBe('false');
      await chat.blur();

      // Key 0 outside a field starts drawing; in the chat, 0 and Escape still do not stop it.
      await page.keyboard.press('0');
      await expect(pressed()).resolves.toBe('true');
      await chat.click();
      await page.keyboard.type(' 0');
      await page.keyboard.press('Escape');
      await expect(chat.inputValue()).resolves.toBe('10 out of 10 0');
      await expect(pressed()).resolves.toBe('true');
      await chat.blur();

      // A drag draws a red stroke over the board.
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      const red = await pixelAt(page, ...mid);
      expect(near(red, RED), `red stroke over H5, saw ${red}`).toBe(true);
      // Only the main button draws: a right click (for the browser's menu) leaves no dot.
      await page.mouse.click(...(await centreOf(page, 'D12')), { button: 'right' });
      await expect(strokeCount(page)).resolves.toBe(1);
      // The stroke went to the drawing, not to the board: no tile, no arrow.
      await expect(tilesOnBoard(page)).resolves.toBe(0);
      await expect(page.locator('.board .placement-arrow').count()).resolves.toBe(0);

      // The eraser rubs the stroke out where it crosses it.
      await bar.getByRole('button', { name: 'Eraser' }).click();
      await drag(page, [mid[0], mid[1] - 30], [mid[0], mid[1] + 30]);
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...mid)).resolves.toEqual(boardColour);

      // Two blue strokes, then Clear drawing takes them all away.
      await bar.getByRole('button', { name: 'Blue pen' }).click();
      await expect(pressed(bar.getByRole('button', { name: 'Blue pen' }))).resolves.toBe('true');
      await drag(page, from, to);
      await drag(page, await centreOf(page, 'C10'), await centreOf(page, 'L12'));
      await expect(strokeCount(page)).resolves.toBe(2);
      const blue = await pixelAt(page, ...mid);
      expect(near(blue, BLUE), `blue stroke over H5, saw ${blue}`).toBe(true);
      // A narrower window shrinks the board; the drawing stays over the same squares.
      await page.setViewportSize({ width: 1000, height: 700 });
      const moved = await centreOf(page, 'H5');
      expect(moved).not.toEqual(mid);
      const still = await pixelAt(page, ...moved);
      expect(near(still, BLUE), `blue stroke over H5 after a resize, saw ${still}`).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
      await clear.click();
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...mid)).resolves.toEqual(boardColour);
      await expect(clear.isDisabled()).resolves.toBe(true);

      // Escape stops drawing: a drag is a drag over the board again.
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(0);

      // A drawing goes when the next move arrives (here a pass).
      await drawButton.click();
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      let { g, eventCount } = await position(server.services, gameId);
      const pass = async (mover: Page) => {
        await control(mover, 'Pass').click();
        await confirm(mover, 'Pass');
        eventCount = await serverPast(server, gameId, eventCount, all);
        await caughtUp(page, eventCount);
      };
      await pass(g.playerOnTurn === aIndex ? a.page : b.page);
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...(await centreOf(page, 'H5')))).resolves.toEqual(boardColour);
      if (g.playerOnTurn === aIndex) await pass(b.page);

      // Tiles laid on the board before drawing stay there when Escape ends the drawing,
      // and the play goes through.
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      ({ g, eventCount } = await position(server.services, gameId));
      expect(g.playerOnTurn).toBe(aIndex);
      const text = bestPlays(g, 1)[0];
      const tiles = freshTiles(g, text);
      await playByKeyboard(page, tiles, isVertical(text));
      await expect(tilesOnBoard(page)).resolves.toBe(tiles.length);
      await page.keyboard.press('0');
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      await expect(tilesOnBoard(page)).resolves.toBe(tiles.length);
      await expect(strokeCount(page)).resolves.toBe(1);
      await page.keyboard.press('Enter');
      eventCount = await serverPast(server, gameId, eventCount, all);
      const now = await position(server.services, gameId);
      expect(now.g.events[eventCount - 1]).toMatchObject({
        type: 'TILE_PLACEMENT_MOVE',
        position: text.split(' ')[0],
      });
      await caughtUp(page, eventCount);
      await expect(strokeCount(page)).resolves.toBe(0);
    });
  }, 300_000);

  it('an observer on a phone draws a whole stroke over the board with a finger, and draws nothing once Draw is off', async () => {
    const { server, browser } = app;
    const { gameId } = await twoPlayers();
    const phone = await newSession(
      browser,
      server.url,
      { width: 390, height: 844 },
      { hasTouch: true },
    );
    await withPictures('telestrator-phone', [phone], async () => {
      const page = phone.page;
      await registerInBrowser(page, freshName('cat'));
      await enableSecret(page, 'Telestrator');
      await page.goto(`/game/${gameId}`);
      await caughtUp(page, 0);
      // An observer: no rack, but the telestrator (commentary is what it is for).
      await expect(rack(page).count()).resolves.toBe(0);
      const bar = page.getByRole('toolbar', { name: 'Telestrator' });
      const drawButton = bar.getByRole('button', { name: 'Draw on the board' });
      await square(page, 'H8').scrollIntoViewIfNeeded();
      await drawButton.tap();
      await expect(drawButton.getAttribute('aria-pressed')).resolves.toBe('true');

      const scrolled = () => page.evaluate('window.scrollY') as Promise<number>;
      const before = await scrolled();
      const from = await centreOf(page, 'H3');
      const to = await centreOf(page, 'H13');
      await fingerDrag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      // The page stays put under the finger, and the stroke runs the whole way
      // (a touch the browser took for a scroll would be cut short).
      await expect(scrolled()).resolves.toBe(before);
      for (const name of ['H5', 'H11']) {
        const ink = await pixelAt(page, ...(await centreOf(page, name)));
        expect(near(ink, RED), `red stroke over ${name}, saw ${ink}`).toBe(true);
      }

      // Not drawing, a finger on the board draws nothing.
      await drawButton.tap();
      await expect(drawButton.getAttribute('aria-pressed')).resolves.toBe('false');
      await fingerDrag(page, await centreOf(page, 'C5'), await centreOf(page, 'C10'));
      await expect(strokeCount(page)).resolves.toBe(1);
    });
  }, 300_000);
});
