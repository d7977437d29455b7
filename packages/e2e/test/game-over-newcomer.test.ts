import { GameMode } from '@tessera/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  appAndBrowser,
  caughtUp,
  control,
  createGame,
  describeInBrowser,
  freshName,
  newSession,
  position,
  registerInBrowser,
  resign,
  type BrowserSession,
} from '../src/index.ts';

/**
 * What was left of the newcomer's audit (issue 25) around leaving and
 * finishing a game: the prompt on an in-app link out of a live game, the
 * pool at the end, the rating changes of a finished game opened again, the
 * Rematch window, and Analyze for a correspondence game's spectators.
 */

const LEAVE_WARNING = 'You are currently in a game!';
const ANALYZE_LATER = /Analysis opens when the game is over/;

/**
 * The page's own address, read in the page: the read runs after whatever the
 * page was doing (a dismissed prompt's handler), so it is the address it settled on.
 */
const pathname = (page: Page) => page.evaluate('location.pathname') as Promise<string>;

/** The pool panel as the viewer sees it: its heading and tiles. */
const poolText = (page: Page) => page.locator('.pool-panel').innerText();

describeInBrowser('leaving and finishing a game (issue 25)', () => {
  const app = appAndBrowser();
  let a: BrowserSession;
  let b: BrowserSession;
  let c: BrowserSession;
  const names = [freshName('rosa'), freshName('sven'), freshName('tove')];
  let gameId = '';

  beforeAll(async () => {
    a = await newSession(app.browser, app.server.url);
    b = await newSession(app.browser, app.server.url);
    c = await newSession(app.browser, app.server.url);
    for (const [i, s] of [a, b, c].entries()) await registerInBrowser(s.page, names[i]);
  }, 120_000);

  it('asks "You are currently in a game!" before an in-app link leaves a live game', async () => {
    gameId = await createGame(app.server, a, b, names[1]);
    await Promise.all([a, b, c].map((s) => s.page.goto(`/game/${gameId}`)));
    for (const s of [a, b, c]) await caughtUp(s.page, 0);

    const asked: string[] = [];
    let dismissed: Promise<void> | undefined;
    a.page.once('dialog', (d) => {
      asked.push(d.message());
      dismissed = d.dismiss();
    });
    await a.page.locator('header a.logo').click();
    await expect.poll(() => asked).toEqual([LEAVE_WARNING]);
    await dismissed;
    expect(await pathname(a.page)).toBe(`/game/${gameId}`);

    a.page.once('dialog', (d) => void d.accept());
    await a.page.locator('header a.logo').click();
    await a.page.waitForURL((u) => u.pathname === '/');
    await a.page.goto(`/game/${gameId}`);
    await caughtUp(a.page, 0);
  }, 60_000);

  it('asks the same when the Back button would leave a live game', async () => {
    const asked: string[] = [];
    let dismissed: Promise<void> | undefined;
    a.page.once('dialog', (d) => {
      asked.push(d.message());
      dismissed = d.dismiss();
    });
    await a.page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => asked).toEqual([LEAVE_WARNING]);
    await dismissed;
    // Staying put restores the game's address.
    await expect.poll(() => pathname(a.page)).toBe(`/game/${gameId}`);
    await caughtUp(a.page, 0);

    // Staying put the first time leaves the guard in place for the next Back.
    a.page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await a.page.goBack({ waitUntil: 'commit' });
    await a.page.waitForURL((u) => u.pathname !== `/game/${gameId}`);
    expect(asked).toEqual([LEAVE_WARNING, LEAVE_WARNING]);
    await a.page.goto(`/game/${gameId}`);
    await caughtUp(a.page, 0);
  }, 60_000);

  it('shows the rating changes again when the finished game is opened again', async () => {
    const { eventCount } = await position(app.server.services, gameId);
    a.page.on('dialog', (d) => void d.accept());
    if (new URL(a.page.url()).pathname !== `/game/${gameId}`) await a.page.goto(`/game/${gameId}`);
    await caughtUp(a.page, 0);
    // b resigns at once: both racks and most of the bag are left.
    await resign(app.server, b, gameId);
    for (const s of [a, b, c]) await s.page.getByRole('heading', { name: 'Game over' }).waitFor();
    expect(eventCount).toBe(0);

    const changes = a.page.getByRole('list', { name: 'Rating changes' });
    await changes.waitFor();
    const before = await changes.innerText();
    expect(before).toContain(names[0]);
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Game over' }).waitFor();
    await expect(a.page.getByRole('list', { name: 'Rating changes' }).innerText()).resolves.toBe(
      before,
    );
  }, 60_000);

  it('shows the players and a watcher the same pool once the game is over', async () => {
    await c.page.getByRole('heading', { name: 'Game over' }).waitFor();
    const pools = await Promise.all([a, b, c].map((s) => poolText(s.page)));
    expect(pools[0]).toMatch(/\d+ unseen/);
    expect(pools[1]).toBe(pools[0]);
    expect(pools[2]).toBe(pools[0]);
  }, 60_000);

  it('offers Rematch just after the game, not when it is opened long after', async () => {
    await control(a.page, 'Rematch').waitFor();
    // The same finished game, opened eleven minutes later by a's clock.
    await a.page.clock.install({ time: Date.now() + 11 * 60_000 });
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Game over' }).waitFor();
    await control(a.page, 'Analyze').waitFor();
    await expect(control(a.page, 'Rematch').count()).resolves.toBe(0);
  }, 60_000);

  it('tells a correspondence spectator why Analyze waits', async () => {
    const corr = await createGame(app.server, a, b, names[1], undefined, GameMode.CORRESPONDENCE);
    await c.page.goto(`/game/${corr}`);
    await caughtUp(c.page, 0);
    await control(c.page, 'Analyze').click();
    await c.page.getByText(ANALYZE_LATER).waitFor();
    await expect(c.page.getByRole('spinbutton', { name: 'Go to turn' }).count()).resolves.toBe(0);
  }, 60_000);
});
