import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  launchBrowser,
  newSession,
  startAppServer,
  type AppServer,
} from '../src/index.ts';

const WEBHOOK_SECRET = 'whsec_browser_test';
const MEMBERSHIP_PAGE = 'https://members.example/tessera';

/** A port with nobody behind it: the card provider is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The provider's signature, made here from the scheme's description (t=…,v1=HMAC of "t.body"). */
function sign(body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${body}`).digest('hex')}`;
}

describeInBrowser('donations in the browser (community.md §4.8)', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    const port = await closedPort();
    [server, browser] = await Promise.all([
      startAppServer({
        overrides: {
          donationCheckoutUrl: `http://127.0.0.1:${port}/v1/checkout/sessions`,
          donationApiKey: 'sk_test_browser',
          donationPrices: new Map([
            [5, 'price_5'],
            [20, 'price_20'],
            [50, 'price_50'],
            [100, 'price_100'],
            [500, 'price_500'],
          ]),
          donationWebhookSecret: WEBHOOK_SECRET,
          membershipUrl: MEMBERSHIP_PAGE,
        },
      }),
      launchBrowser(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('offers the amounts and the monthly membership, shows a checkout error for 5 seconds, and has its return pages', async () => {
    const { page } = await newSession(browser, server.url);
    await page.goto('/settings/donate');
    for (const amount of [5, 20, 50, 100, 500]) {
      await page.getByRole('button', { name: `$${amount}`, exact: true }).waitFor();
    }
    const monthly = page.getByRole('link', { name: 'Support Tessera monthly' });
    expect(await monthly.getAttribute('href')).toBe(MEMBERSHIP_PAGE);

    // The provider cannot be reached: the error shows, then goes after five seconds.
    await page.getByRole('button', { name: '$20', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const shownAt = Date.now();
    expect(await alert.textContent()).toMatch(
      /^The payment provider could not start the checkout: /,
    );
    await alert.waitFor({ state: 'detached', timeout: 20_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_500);

    // The provider's return pages.
    await page.goto('/settings/donate?cancelled=1');
    await page.getByText('Your donation was cancelled; nothing was charged.').waitFor();
    await page.goto('/donate_success');
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await page.getByRole('link', { name: 'Back to Tessera' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  }, 120_000);

  it('records a signed webhook and refuses a forged or stale one', async () => {
    const event = JSON.stringify({
      id: 'evt_browser_1',
      type: 'checkout.session.completed',
      data: { object: { amount_total: 5000, currency: 'usd' } },
    });
    const post = (signature: string) =>
      fetch(`${server.url}/donations/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        body: event,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await post(sign(`${event} `, now));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe('1166');
    const stale = await post(sign(event, now - 3600));
    expect(((await stale.json()) as { message: string }).message).toBe('1167;300');
    expect((await post(sign(event, now))).status).toBe(200);
    const rows = await sql<{ amount_cents: number }>`
      SELECT amount_cents FROM donations WHERE event_id = 'evt_browser_1'`.execute(
      server.core.database.db,
    );
    expect(rows.rows).toEqual([{ amount_cents: 5000 }]);
  });
});
