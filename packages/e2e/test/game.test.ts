import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseCoord,
  parseTiles,
  scorePlacement,
  tileScoreTable,
  type GameState,
} from '@tessera/engine';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  bestPlays,
  caughtUp,
  clearToasts,
  confirm,
  control,
  createGame,
  freshName,
  freshTiles,
  isVertical,
  newSession,
  phonyPlay,
  placeByDrag,
  playByKeyboard,
  position,
  rack,
  screenshotPath,
  serverPast,
  registerInBrowser,
  tilesOnBoard,
  describeInBrowser,
} from '../src/index.ts';

function expectedScore(g: GameState, text: string): number {
  const [coords, word] = text.split(' ');
  const at = parseCoord(coords, g.board.dim);
  const tiles = parseTiles(g.set, word, 'word');
  if (!at.ok || !tiles.ok) throw new Error(text);
  return scorePlacement(g.board, { ...at.value, tiles: tiles.value }, tileScoreTable(g.set));
}

describeInBrowser('a game in the browser', () => {
  const app = appAndBrowser(180_000);

  it('two players play a whole game by drag and keyboard, with an exchange, a blank, a challenge, a server restart and an observer', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const watcher = await newSession(browser, server.url);
    const names = [freshName('ann'), freshName('bob')];
    await registerInBrowser(a.page, names[0]);
    await registerInBrowser(b.page, names[1]);
    const gameId = await createGame(server, a, b, names[1]);
    await Promise.all([a, b, watcher].map((s) => s.page.goto(`/game/${gameId}`)));

    try {
      await playWholeGame();
    } catch (err) {
      // Leave pictures of every page behind for whoever reads the failure.
      for (const [k, s] of [a, b, watcher].entries()) {
        const path = join(tmpdir(), `tessera-game-failure-${k}.png`);
        await s.page.screenshot({ path }).catch(() => undefined);
        console.error(`screenshot: ${path}`);
      }
      throw err;
    }

    async function playWholeGame() {
      const start = await position(server.services, gameId);
      const pageOf = (i: number) => (start.g.players[i].nickname === names[0] ? a.page : b.page);
      const all = [a.page, b.page, watcher.page];
      for (const p of all) await caughtUp(p, 0);
      // The observer sees the board and the observer controls, and no rack.
      await expect(rack(watcher.page).count()).resolves.toBe(0);
      await control(watcher.page, 'Analyze').waitFor();
      await expect(a.page.title()).resolves.toMatch(/\*/);

      const points = (letter: string) =>
        start.g.set.letters[start.g.set.codeByRune.get(letter)!].score;
      const done = { keyboard: 0, drag: 0, exchange: false, blank: false, challenge: false };
      let restarted = false;
      let pictures = false;

      for (let turn = 0; turn < 80; turn++) {
        const { g, eventCount, player } = await position(server.services, gameId);
        if (g.playState === 'GAME_OVER') break;
        const page = pageOf(player);
        const other = pageOf(1 - player);
        await caughtUp(page, eventCount);
        await caughtUp(other, eventCount);

        if (g.playState === 'WAITING_FOR_FINAL_PASS') {
          await page.getByText('Pass or challenge:').waitFor();
          await control(page, 'Pass').click();
          await confirm(page, 'Pass');
          await serverPast(server, gameId, eventCount, all);
          continue;
        }

        const phony = !done.challenge && turn >= 4 ? phonyPlay(g) : null;
        if (phony) {
          await playByKeyboard(page, phony.tiles, isVertical(phony.text));
          await page.keyboard.press('Enter');
          const after = await serverPast(server, gameId, eventCount, all);
          await caughtUp(other, after);
          await other.keyboard.press('3');
          await confirm(other, 'Challenge');
          const final = await serverPast(server, gameId, after, all);
          const now = await position(server.services, gameId);
          expect(now.g.events[final - 1].type).toBe('PHONY_TILES_RETURNED');
          await caughtUp(watcher.page, final);
          await expect(tilesOnBoard(watcher.page)).resolves.toBe(now.g.board.tileCount);
          done.challenge = true;
          continue;
        }

        if (!done.exchange && turn >= 2 && g.bag.size >= 7) {
          await page.keyboard.press('4');
          const dialog = page.getByRole('dialog', { name: 'Exchange tiles' });
          const tiles = dialog
            .getByRole('group', { name: 'Tiles to exchange' })
            .getByRole('button', { pressed: false });
          for (let k = 0; k < 3; k++) await tiles.first().click();
          await dialog.getByRole('button', { name: 'Exchange 3' }).click();
          await serverPast(server, gameId, eventCount, all);
          done.exchange = true;
          continue;
        }

        const moves = bestPlays(g, 60);
        const blankMove = done.blank ? undefined : moves.find((m) => /[a-z]/.test(m.split(' ')[1]));
        const text = blankMove ?? moves[0];
        if (!text) {
          await page.keyboard.press('2');
          await confirm(page, 'Pass');
          await serverPast(server, gameId, eventCount, all);
          continue;
        }
        const tiles = freshTiles(g, text);
        const byKeyboard = !blankMove && !tiles.some((t) => t.blank) && turn % 2 === 0;
        if (byKeyboard) {
          await playByKeyboard(page, tiles, isVertical(text));
          await expect(page.locator('.tentative-score').textContent()).resolves.toBe(
            String(expectedScore(g, text)),
          );
          if (turn >= 6 && !pictures) {
            await clearToasts(page);
            await page.screenshot({ path: screenshotPath('game-desktop.png') });
            const phone = await a.context.newPage();
            await phone.setViewportSize({ width: 390, height: 844 });
            await phone.goto(`/game/${gameId}`);
            await caughtUp(phone, eventCount);
            await phone.evaluate('window.scrollTo(0, 0)');
            await phone.screenshot({ path: screenshotPath('game-phone.png') });
            await phone.close();
            pictures = true;
          }
          await page.keyboard.press('Enter');
          done.keyboard++;
        } else {
          await placeByDrag(page, tiles, points);
          await control(page, 'Play').click();
          done.drag++;
          if (blankMove) done.blank = true;
        }
        const after = await serverPast(server, gameId, eventCount, all);
        const now = await position(server.services, gameId);
        expect(now.g.events[eventCount].type).toBe('TILE_PLACEMENT_MOVE');
        expect(now.g.events[eventCount].position).toBe(text.split(' ')[0]);

        if (turn >= 9 && pictures && !restarted) {
          // The server goes away mid-game and comes back on the same storage: pages reconnect.
          await server.restart();
          restarted = true;
          for (const p of [a.page, b.page]) {
            await p.locator('[data-connected="true"]').first().waitFor({ timeout: 20_000 });
          }
          for (const p of all) await caughtUp(p, after);
        }
      }

      const end = await position(server.services, gameId);
      expect(end.g.playState).toBe('GAME_OVER');
      expect(done).toMatchObject({ exchange: true, blank: true, challenge: true });
      expect(done.keyboard).toBeGreaterThan(0);
      expect(done.drag).toBeGreaterThan(0);
      expect(restarted).toBe(true);
      expect(pictures).toBe(true);

      // Everyone sees the end; the players may ask for a rematch, once.
      for (const p of all) await p.getByRole('heading', { name: 'Game over' }).waitFor();
      await watcher.page.getByRole('button', { name: 'Analyze' }).click();
      await watcher.page.getByRole('toolbar', { name: 'Examine' }).waitFor();
      await watcher.page.getByRole('spinbutton', { name: 'Go to turn' }).fill('12');
      await watcher.page.getByRole('button', { name: 'Go', exact: true }).click();
      await watcher.page.waitForURL((url) => url.searchParams.get('turn') === '12');
      await watcher.page.locator('.analyzer-table tbody tr').first().waitFor({ timeout: 30_000 });
      await clearToasts(watcher.page);
      await watcher.page.screenshot({ path: screenshotPath('analyzer.png') });

      // The bot's evaluation of the whole game, from the same Web Worker.
      const card = watcher.page.getByRole('region', { name: 'Bot evaluation' });
      await card.getByRole('button', { name: 'Evaluate game' }).click();
      const moves = card.getByRole('row', { name: /^Moves evaluated/ });
      await moves.waitFor({ timeout: 60_000 });
      const counts = (await moves.getByRole('cell').allTextContents()).map(Number);
      expect(counts).toHaveLength(2);
      for (const n of counts) expect(n).toBeGreaterThan(5);
      await card.screenshot({ path: screenshotPath('evaluation.png') });

      // The animated GIF up to the examined position: the empty board and one frame per event.
      await watcher.page.getByRole('button', { name: 'Export' }).click();
      const [gif] = await Promise.all([
        watcher.page.waitForEvent('download'),
        watcher.page.getByRole('menuitem', { name: 'Animated GIF' }).click(),
      ]);
      expect(gif.suggestedFilename()).toBe(`tessera-${gameId}.gif`);
      const bytes = readFileSync((await gif.path())!);
      expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      // Chromium's own decoder reads it: its size is the PNG export's board picture.
      const decoded = (await watcher.page.evaluate(`(async () => {
        const img = document.createElement('img');
        img.src = 'data:image/gif;base64,${bytes.toString('base64')}';
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      })()`)) as number[];
      expect(decoded[0]).toBeGreaterThan(500);
      expect(decoded[1]).toBeGreaterThan(decoded[0]);

      await control(a.page, 'Rematch').click();
      await expect(control(a.page, 'Rematch').count()).resolves.toBe(0);
      const offer = b.page.getByText(`${names[0]} sent you a rematch request`);
      await offer.waitFor();
      await b.page.getByRole('button', { name: 'Accept' }).click();
      await a.page.waitForURL(
        (url) => url.pathname.startsWith('/game/') && !url.pathname.endsWith(gameId),
      );
      await b.page.waitForURL(
        (url) => url.pathname.startsWith('/game/') && !url.pathname.endsWith(gameId),
      );
    }
  }, 600_000);
});
