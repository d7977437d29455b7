import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startAppServer, type AppServer } from './app-server.ts';
import { chromiumMissing, launchBrowser } from './browser.ts';

/**
 * `describe` for tests that need Chromium: where it is not installed they
 * are skipped and the reason is printed.
 */
export function describeInBrowser(name: string, body: () => void): void {
  const missing = chromiumMissing();
  if (missing) console.warn(`browser tests skipped: ${missing}`);
  describe.skipIf(missing !== undefined)(name, body);
}

/**
 * The app server and Chromium a describe block's tests share: started
 * before the first test, closed after the last. Read the fields inside tests.
 */
export function appAndBrowser(setupMs = 300_000): { server: AppServer; browser: Browser } {
  const shared = {} as { server: AppServer; browser: Browser };
  beforeAll(async () => {
    [shared.server, shared.browser] = await Promise.all([startAppServer(), launchBrowser()]);
  }, setupMs);
  afterAll(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}
