import { GameMetaEvent_Type, GameMetaEventSchema, MessageType } from '@tessera/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  appAndBrowser,
  caughtUp,
  control,
  createGame,
  describeInBrowser,
  freshName,
  NodeSocket,
  newSession,
  position,
  rack,
  registerInBrowser,
  sessionCookie,
  square,
  type BrowserSession,
} from '../src/index.ts';

/**
 * The defects of the newcomer's audit (issue 25) that show in the browser:
 * presence lists, arrival notices, the exchange modal's tiles, the arrow
 * after a drop, an open request across a reload, friends online, the turn
 * notification on reload, and words kept whole on the settings buttons.
 */

const RETURNED = 'Opponent has returned to this room.';
const LEFT = 'Opponent is no longer in this room.';

/**
 * Desktop notifications on, granted, and the window without focus, so a
 * real new turn would notify; the titles are kept in window.turnNotes.
 */
const FAKE_NOTIFICATIONS = `
  window.turnNotes = [];
  window.Notification = class {
    static permission = 'granted';
    static requestPermission() { return Promise.resolve('granted'); }
    constructor(title) { window.turnNotes.push(title); }
  };
  document.hasFocus = () => false;
  const key = 'tessera.preferences';
  const prefs = JSON.parse(localStorage.getItem(key) ?? '{}');
  localStorage.setItem(key, JSON.stringify({ ...prefs, turnNotifications: true }));
`;

/** Words of the settings' style buttons that the layout split over two lines. */
const WORDS_SPLIT_ACROSS_LINES = `(() => {
  const out = [];
  for (const el of document.querySelectorAll('.style-choice')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of (n.textContent ?? '').matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
})()`;

/** How wide a number field's placeholder is, and how wide the field's inside. */
const PLACEHOLDER_ROOM = `(() => {
  const input = document.querySelector('.examine-step input');
  const cs = getComputedStyle(input);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.font;
  const text = ctx.measureText(input.placeholder).width;
  const inner = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return { text, inner };
})()`;

/** Opens the side panel's Players tab and returns the section under `heading`. */
async function playersSection(page: Page, heading: string) {
  await page.getByRole('tab', { name: 'Players' }).click();
  return page.getByRole('region', { name: heading, exact: true });
}

describeInBrowser('what a newcomer found (issue 25)', () => {
  const app = appAndBrowser();
  let a: BrowserSession;
  let b: BrowserSession;
  let c: BrowserSession;
  const names = [freshName('nina'), freshName('otto'), freshName('pia')];

  beforeAll(async () => {
    a = await newSession(app.browser, app.server.url);
    b = await newSession(app.browser, app.server.url);
    c = await newSession(app.browser, app.server.url);
    for (const [i, s] of [a, b, c].entries()) {
      await registerInBrowser(s.page, names[i]);
      // Leaving a live game asks first; these tests mean to leave.
      s.page.on('dialog', (d) => void d.accept());
    }
  }, 120_000);

  it('lists the lobby under IN LOBBY and in the chat, and shows an online friend as online', async () => {
    // nina follows otto; both are in the lobby.
    const follow = await fetch(`${app.server.url}/api/tessera.v1.SocializeService/AddFollow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(a.context) },
      body: JSON.stringify({ uuid: await userId(b) }),
    });
    expect(follow.status).toBe(200);
    await Promise.all([a.page.goto('/'), b.page.goto('/')]);
    await b.page.waitForSelector('.user-menu-button[data-connected="true"]');
    await a.page.reload();

    const inLobby = await playersSection(a.page, 'IN LOBBY');
    await inLobby.getByRole('button', { name: names[1], exact: true }).waitFor();
    const friends = a.page.getByRole('region', { name: 'FRIENDS', exact: true });
    const friend = friends.locator('.person', { hasText: names[1] });
    await friend.locator('.presence-dot.presence-active').waitFor();

    await a.page.getByRole('tab', { name: 'Chat' }).click();
    await a.page.getByRole('button', { name: 'Show list' }).click();
    await a.page
      .getByRole('list', { name: 'Players' })
      .getByRole('button', { name: names[1], exact: true })
      .waitFor();
  }, 60_000);

  let gameId = '';
  /** The page of the player on turn and of the other one. */
  let onTurn: Page;
  let waiting: Page;
  let waitingSession: BrowserSession;

  it('fills OPPONENT and OBSERVERS in a game, and announces a return only after a departure', async () => {
    gameId = await createGame(app.server, a, b, names[1]);
    const start = await position(app.server.services, gameId);
    const aFirst = start.g.players[start.player].nickname === names[0];
    [onTurn, waiting] = aFirst ? [a.page, b.page] : [b.page, a.page];
    waitingSession = aFirst ? b : a;
    await Promise.all([a, b, c].map((s) => s.page.goto(`/game/${gameId}`)));
    for (const s of [a, b, c]) await caughtUp(s.page, 0);

    const opponent = await playersSection(a.page, 'OPPONENT');
    await opponent.getByRole('button', { name: names[1], exact: true }).waitFor();
    const observers = a.page.getByRole('region', { name: 'OBSERVERS', exact: true });
    await observers.getByRole('button', { name: names[2], exact: true }).waitFor();
    const players = await playersSection(c.page, 'PLAYERS');
    await players.getByRole('button', { name: names[0], exact: true }).waitFor();
    const nina = await playersSection(b.page, 'OPPONENT');
    await nina.getByRole('button', { name: names[0], exact: true }).waitFor();

    // Nobody left, so nobody returned: not one's own arrival, not the opponent's first.
    // Each player's page shows the other present, so the arrival announcements
    // (a return notice would share their frame) have been delivered.
    for (const p of [a.page, b.page]) {
      await p.getByRole('tab', { name: 'Chat' }).click();
      const log = p.getByRole('log', { name: 'Game chat' });
      await log.waitFor();
      await expect(log.getByText(RETURNED).count()).resolves.toBe(0);
    }

    // otto leaves and comes back: nina hears both.
    await b.page.goto('/');
    const log = a.page.getByRole('log', { name: 'Game chat' });
    await log.getByText(LEFT).waitFor();
    await b.page.goto(`/game/${gameId}`);
    await log.getByText(RETURNED).waitFor();
    await caughtUp(b.page, 0);
  }, 90_000);

  it('styles the exchange tiles and moves the arrow on past a tile dropped on it', async () => {
    await control(onTurn, 'Exchange').click();
    const dialog = onTurn.getByRole('dialog', { name: 'Exchange tiles' });
    const tile = dialog.locator('.exchange-tile .tile').first();
    await tile.waitFor();
    const background = await tile.evaluate('(el) => getComputedStyle(el).backgroundColor');
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Type one letter at H8: the arrow moves to I8. Drop another tile on I8.
    const letters = await rack(onTurn)
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    const letter = letters.find((l) => l !== 'blank')!.split(',')[0];
    await square(onTurn, 'H8').click();
    await onTurn.keyboard.type(letter.toLowerCase());
    await square(onTurn, 'I8').locator('.placement-arrow').waitFor();
    await rack(onTurn).getByRole('button').first().dragTo(square(onTurn, 'I8'));
    const blank = onTurn.getByRole('dialog', { name: 'Designate your blank' });
    if (await blank.isVisible()) {
      await blank.getByRole('button', { name: 'E', exact: true }).click();
      await blank.waitFor({ state: 'detached' });
    }
    await square(onTurn, 'I8').locator('.tile').waitFor();
    await expect(square(onTurn, 'I8').locator('.placement-arrow').count()).resolves.toBe(0);
    await square(onTurn, 'J8').locator('.placement-arrow').waitFor();
    await onTurn.getByRole('button', { name: 'Return tiles to rack' }).click();
  }, 60_000);

  it('keeps an open cancel request across a reload, with no turn notification for a turn already had', async () => {
    // The waiting player asks to cancel; the player on turn then reloads.
    const s = await NodeSocket.connect(app.server.url, await sessionCookie(waitingSession.context));
    try {
      s.send(MessageType.GAME_META_EVENT, GameMetaEventSchema, {
        gameId,
        type: GameMetaEvent_Type.REQUEST_ABORT,
      });
      await onTurn.getByText('wants to cancel this game').waitFor();
    } finally {
      s.close();
    }
    await onTurn.addInitScript(FAKE_NOTIFICATIONS);
    await onTurn.reload();
    await caughtUp(onTurn, 0);
    await onTurn.getByText('wants to cancel this game').waitFor();
    // Two frames later the effects of the render that showed it have run.
    await onTurn.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
    );
    expect(await onTurn.evaluate('window.turnNotes')).toEqual([]);
    await onTurn.getByRole('button', { name: 'Accept' }).click();
    await waiting.getByText('The cancel request was accepted.').waitFor();
  }, 60_000);

  it('shows the whole "Turn" placeholder in examine mode, and has a favicon', async () => {
    // The watcher of the game just cancelled examines it.
    await control(c.page, 'Analyze').click();
    const input = c.page.getByRole('spinbutton', { name: 'Go to turn' });
    await input.waitFor();
    await input.hover();
    const room = (await c.page.evaluate(PLACEHOLDER_ROOM)) as { text: number; inner: number };
    // Chromium's spin buttons take about 15 px of a number field while it is hovered.
    expect(room.text + 16).toBeLessThanOrEqual(room.inner);

    const href = await c.page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const icon = await fetch(new URL(href!, app.server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  }, 60_000);

  it('keeps words whole on the settings style buttons at 1366 px', async () => {
    await a.page.setViewportSize({ width: 1366, height: 768 });
    await a.page.goto('/settings/preferences');
    await a.page.locator('.style-choice').first().waitFor();
    const broken = await a.page.evaluate(WORDS_SPLIT_ACROSS_LINES);
    expect(broken).toEqual([]);
    await a.page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});

async function userId(s: BrowserSession): Promise<string> {
  const r = await fetch(
    `${new URL(s.page.url()).origin}/api/tessera.v1.AuthenticationService/GetSession`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(s.context) },
      body: '{}',
    },
  );
  return ((await r.json()) as { userId: string }).userId;
}
