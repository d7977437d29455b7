import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAppServer, type AppServer } from './app-server.ts';
import { launchBrowser } from './browser.ts';

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
