import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { renderError } from '@tessera/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/donation/index.ts';
import { registerUser, rpc, startTestServer, type TestServer } from './harness.ts';

const SECRET = 'whsec_test_secret';

/** The card provider's checkout-session endpoint, as a local HTTP server. */
function fakeProvider() {
  const calls: { auth: string; form: URLSearchParams }[] = [];
  let fail = false;
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({ auth: req.headers.authorization ?? '', form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (fail) {
        res.statusCode = 402;
        res.end(JSON.stringify({ error: { message: 'Your card was declined.' } }));
        return;
      }
      res.end(JSON.stringify({ id: 'cs_1', url: 'https://checkout.example/pay/cs_1' }));
    });
  });
  return {
    calls,
    failNext: (f: boolean) => (fail = f),
    start: () =>
      new Promise<string>((resolve) =>
        http.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/checkout/sessions`),
        ),
      ),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

function postWebhook(server: TestServer, body: string, signature?: string) {
  return fetch(`${server.url}/donations/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'webhook-signature': signature } : {}),
    },
    body,
  });
}

describe('donations (community.md §4.8)', () => {
  let plain: TestServer;
  let server: TestServer;
  const provider = fakeProvider();
  beforeAll(async () => {
    const checkoutUrl = await provider.start();
    [plain, server] = await Promise.all([
      startTestServer(),
      startTestServer({
        donationCheckoutUrl: checkoutUrl,
        donationApiKey: 'sk_test_key',
        donationPrices: new Map([
          [5, 'price_5'],
          [20, 'price_20'],
          [50, 'price_50'],
          [100, 'price_100'],
          [500, 'price_500'],
        ]),
        donationWebhookSecret: SECRET,
        membershipUrl: 'https://members.example/tessera',
      }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), server?.close(), provider.close()]);
  });

  const call = (s: TestServer, method: string, body: unknown, cookie?: string) =>
    rpc<{ url?: string; configured?: boolean; amounts?: number[]; monthlyUrl?: string }>(
      s,
      'DonationService',
      method,
      body,
      { cookie },
    );

  it('says donations are not set up when the operator configured no provider', async () => {
    expect((await call(plain, 'GetDonationOptions', {})).body.configured ?? false).toBe(false);
    const r = await call(plain, 'CreateCheckout', { amount: 20 });
    expect(r.error).toBe('Donations are not set up on this site.');
  });

  it("offers the five amounts and the monthly link, and sends a donor to the provider's page", async () => {
    const options = await call(server, 'GetDonationOptions', {});
    expect(options.body).toEqual({
      configured: true,
      amounts: [5, 20, 50, 100, 500],
      monthlyUrl: 'https://members.example/tessera',
    });
    const u = await registerUser(server);
    const r = await call(server, 'CreateCheckout', { amount: 50 }, u.cookie);
    expect(r.body.url).toBe('https://checkout.example/pay/cs_1');
    const sent = provider.calls.at(-1)!;
    expect(sent.auth).toBe('Bearer sk_test_key');
    expect(sent.form.get('line_items[0][price]')).toBe('price_50');
    expect(sent.form.get('mode')).toBe('payment');
    expect(sent.form.get('success_url')).toMatch(/\/donate_success$/);
    expect(sent.form.get('cancel_url')).toMatch(/\/settings\/donate\?cancelled=1$/);
    expect(sent.form.get('client_reference_id')).toBe(u.userId);
  });

  it("refuses another amount, and shows the provider's failure", async () => {
    expect((await call(server, 'CreateCheckout', { amount: 7 })).error).toBe(
      'Choose one of the donation amounts: 5, 20, 50, 100, 500',
    );
    provider.failNext(true);
    const r = await call(server, 'CreateCheckout', { amount: 5 });
    provider.failNext(false);
    expect(r.error).toBe(
      'The payment provider could not start the checkout: Your card was declined.',
    );
  });

  it('records a signed webhook once per event', async () => {
    const event = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { amount_total: 2000, currency: 'usd', client_reference_id: 'u1' } },
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await postWebhook(server, event, signWebhook(event, SECRET, now))).status).toBe(200);
    expect((await postWebhook(server, event, signWebhook(event, SECRET, now))).status).toBe(200);
    const rows = await sql<{ amount_cents: number; user_id: string }>`
      SELECT amount_cents, user_id FROM donations WHERE event_id = 'evt_1'`.execute(
      server.core.database.db,
    );
    expect(rows.rows).toEqual([{ amount_cents: 2000, user_id: 'u1' }]);
  });

  it('refuses a webhook with a bad signature, no signature, or an old timestamp', async () => {
    const event = JSON.stringify({ id: 'evt_2', type: 'checkout.session.completed' });
    const now = Math.floor(Date.now() / 1000);
    const text = async (res: Response) =>
      renderError(((await res.json()) as { message: string }).message);

    const forged = await postWebhook(server, event, signWebhook(event, 'not the secret', now));
    expect(forged.status).toBe(400);
    expect(await text(forged)).toBe('The webhook signature does not match');

    const tampered = await postWebhook(
      server,
      event.replace('evt_2', 'evt_3'),
      signWebhook(event, SECRET, now),
    );
    expect(await text(tampered)).toBe('The webhook signature does not match');

    expect(await text(await postWebhook(server, event))).toBe(
      'The webhook signature does not match',
    );

    const old = await postWebhook(server, event, signWebhook(event, SECRET, now - 301));
    expect(old.status).toBe(400);
    expect(await text(old)).toBe('The webhook timestamp is outside the 300-second window');

    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM donations WHERE event_id IN ('evt_2', 'evt_3')`.execute(
      server.core.database.db,
    );
    expect(rows.rows[0].n).toBe(0);
  });
});
