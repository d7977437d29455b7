import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OidcServer, startOidcServer } from '../../server/test/oidc-server.ts';
import {
  describeInBrowser,
  freshName,
  launchBrowser,
  newSession,
  registerInBrowser,
  startAppServer,
  type AppServer,
} from '../src/index.ts';

/** A port nobody listens on now: the provider must know the callback before the app starts. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describeInBrowser('integrations in the browser against a real OpenID provider', () => {
  let oidc: OidcServer;
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    oidc = await startOidcServer([`${base}/integrations/membership/callback`]);
    oidc.tiers.set('dora', 'Dalmatian');
    [server, browser] = await Promise.all([
      startAppServer({
        overrides: {
          port,
          publicUrl: base,
          integrationProviders: [oidc.providerConfig('membership')],
        },
      }),
      launchBrowser(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await oidc?.close();
  });

  it("links the membership account through the provider's pages, shows the tier, and unlinks", async () => {
    const { page } = await newSession(browser, server.url);
    await registerInBrowser(page, freshName('linc'));
    await page.goto('/settings/integrations');
    const card = page.getByRole('region', { name: /Kennel Club/ });
    await card.getByText('Not linked.').waitFor();

    // Declining at the provider comes back with the provider's error, in the catalogue's words.
    await card.getByRole('button', { name: 'Link Kennel Club' }).click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.getByText('Linking was cancelled at Kennel Club.').waitFor();
    await page.getByRole('link', { name: 'Back to integrations' }).click();

    // The whole flow: csrf, the provider's sign-in and consent, the callback, the tier.
    let callback = '';
    page.on('framenavigated', (f) => {
      if (f.url().includes('/integrations/membership/callback?code=')) callback = f.url();
    });
    await card.getByRole('button', { name: 'Link Kennel Club' }).click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill('dora');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/settings\/integrations\?linked=membership$/);
    await page.getByText('Your Kennel Club account is linked.').waitFor();
    await card.getByText('Linked as').waitFor();
    expect(await card.locator('strong').first().textContent()).toBe('dora');
    expect(await card.getByTestId('membership-tier').textContent()).toBe('Dalmatian');
    await card.getByText('You may play 50 games a month against BestBot').waitFor();

    // The provider's redirect again (its code and state used): refused, not linked twice.
    expect(callback).not.toBe('');
    await page.goto(callback);
    await page.getByText(/This link request was started elsewhere or has expired/).waitFor();

    await page.goto('/settings/integrations');
    await card.getByRole('button', { name: 'Unlink Kennel Club' }).click();
    await card.getByText('Not linked.').waitFor();
  }, 120_000);
});
