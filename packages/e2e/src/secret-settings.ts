import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChallengeRule } from '@tessera/protocol';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { freshName, registerInBrowser } from './accounts.ts';
import type { AppServer } from './app-server.ts';
import { newSession, type BrowserSession } from './browser.ts';
import { position } from './game-oracle.ts';
import { createGame } from './game-setup.ts';
import { caughtUp } from './game-ui.ts';

/** Turns a switch of /settings/secret on, as a person would, and checks it stays on. */
export async function enableSecret(page: Page, label: string): Promise<void> {
  await page.goto('/settings/secret');
  const toggle = page.getByRole('switch', { name: label, exact: true });
  await expect(toggle.isChecked()).resolves.toBe(false);
  // The switch's track covers its checkbox: a person clicks the switch, that is its label.
  await page.locator('label', { has: toggle }).click();
  await expect(toggle.isChecked()).resolves.toBe(true);
  // Kept in this browser: still on after a reload.
  await page.reload();
  await expect(toggle.isChecked()).resolves.toBe(true);
}

/**
 * Two players in a fresh game, both pages open and caught up; `a` has
 * turned `secret` on. `initScript` runs in a's pages before theirs.
 */
export async function twoPlayersWithSecret(
  server: AppServer,
  browser: Browser,
  secret: string,
  o: { challengeRule?: ChallengeRule; initScript?: string } = {},
) {
  const a = await newSession(browser, server.url);
  const b = await newSession(browser, server.url);
  if (o.initScript) await a.context.addInitScript(o.initScript);
  const names = [freshName('ann'), freshName('bob')];
  await registerInBrowser(a.page, names[0]);
  await registerInBrowser(b.page, names[1]);
  await enableSecret(a.page, secret);
  const gameId = await createGame(server, a, b, names[1], o.challengeRule);
  await Promise.all([a, b].map((s) => s.page.goto(`/game/${gameId}`)));
  const start = await position(server.services, gameId);
  const aIndex = start.g.players.findIndex((p) => p.nickname === names[0]);
  for (const s of [a, b]) await caughtUp(s.page, 0);
  return { a, b, names, gameId, aIndex };
}

/** Leaves a picture of each page behind when `body` fails. */
export async function withPictures(
  label: string,
  sessions: BrowserSession[],
  body: () => Promise<void>,
): Promise<void> {
  try {
    await body();
  } catch (err) {
    for (const [k, s] of sessions.entries()) {
      const path = join(tmpdir(), `tessera-${label}-failure-${k}.png`);
      await s.page.screenshot({ path }).catch(() => undefined);
      console.error(`screenshot: ${path}`);
    }
    throw err;
  }
}
