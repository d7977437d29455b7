import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no browser download). Browser
 * tests call `chromiumMissing()` first and skip, saying why, when it is not
 * installed (`apt-get install -y chromium`; .ci/run does it).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why browser tests cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  return `${CHROMIUM_PATH} not found: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh context (own cookies and storage: one "user") with one page whose
 * relative URLs resolve against `baseURL`. Pass a width to test narrow
 * screens, `hasTouch` for a touch screen (taps and CDP touch events), and
 * `timezoneId` for a user elsewhere (the machine's zone otherwise).
 */
export async function newSession(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  { hasTouch = false, timezoneId }: { hasTouch?: boolean; timezoneId?: string } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch, timezoneId });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}
