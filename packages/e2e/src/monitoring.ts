import { createServer } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { E2E_PASSWORD, freshName } from './accounts.ts';
import type { AppServer } from './app-server.ts';

/** What the invigilation tests share: fake media, a monitored tournament, frames from a tile. */
export const MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--enable-usermedia-screen-capturing',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...MEDIA_ARGS],
    headless: true,
  });
}

export type Who = { username: string; userId: string; cookie: string };

export async function api(
  server: AppServer,
  service: string,
  method: string,
  body: unknown,
  cookie?: string,
) {
  const r = await fetch(`${server.url}/api/tessera.v1.${service}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method}: ${r.status} ${text}`);
  return { body: JSON.parse(text || '{}') as Record<string, unknown>, headers: r.headers };
}

export async function register(server: AppServer, prefix: string): Promise<Who> {
  const username = freshName(prefix);
  const r = await api(server, 'RegistrationService', 'Register', {
    username,
    password: E2E_PASSWORD,
    email: `${username}@example.org`,
    birthDate: '1990-05-17',
  });
  const cookie = r.headers
    .getSetCookie()
    .find((c) => c.startsWith('tessera_session='))!
    .split(';')[0]!;
  const s = await api(server, 'AuthenticationService', 'GetSession', {}, cookie);
  return { username, userId: s.body.userId as string, cookie };
}

/**
 * A monitored tournament directed by a Tournament Manager (and by
 * `moreDirectors` other users), with one participant.
 */
export async function monitoredTournament(server: AppServer, moreDirectors = 0) {
  const td = await register(server, 'td');
  const others: Who[] = [];
  for (let i = 0; i < moreDirectors; i++) others.push(await register(server, 'td'));
  await server.core.roles.grant(td.userId, 'Tournament Manager');
  const player = await register(server, 'pl');
  const slug = freshName('mon');
  const t = await api(
    server,
    'TournamentService',
    'NewTournament',
    {
      slug,
      name: `Invigilated ${slug}`,
      directorUsernames: [td.username, ...others.map((o) => o.username)],
    },
    td.cookie,
  );
  const id = t.body.id as string;
  await api(
    server,
    'TournamentService',
    'SetTournamentMetadata',
    { metadata: { id, monitored: true }, setOnlySpecified: true },
    td.cookie,
  );
  await api(server, 'TournamentService', 'AddDivision', { id, division: 'A' }, td.cookie);
  await api(
    server,
    'TournamentService',
    'AddPlayers',
    { id, division: 'A', persons: [{ id: player.username, rating: 1500 }] },
    td.cookie,
  );
  return { id, slug, td, player, others };
}

export async function pageAs(browser: Browser, server: AppServer, who: Who): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1400, height: 900 },
  });
  context.setDefaultTimeout(30_000);
  const [name, value] = who.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  return context.newPage();
}

export const cell = (page: Page, username: string, stream: 'camera' | 'screen') =>
  page.locator(`tr[data-user="${username}"] td[data-stream="${stream}"] [data-status]`);

export async function statusIs(
  page: Page,
  username: string,
  stream: 'camera' | 'screen',
  want: string,
  timeout = 30_000,
) {
  await expect
    .poll(() => cell(page, username, stream).getAttribute('data-status'), {
      timeout,
      interval: 100,
    })
    .toBe(want);
}

/**
 * Draws the tile's current video frame on a canvas and measures it: a
 * decoded frame has a size and is not one flat colour.
 */
export async function frameOf(page: Page, selector: string) {
  // Runs in the page (the e2e package has no DOM types): a string expression.
  const measure = `(async () => {
    const v = document.querySelector(${JSON.stringify(selector)} + ' video');
    for (let i = 0; i < 300 && (v.videoWidth === 0 || v.readyState < 2); i++)
      await new Promise((r) => requestAnimationFrame(r));
    const c = document.createElement('canvas');
    c.width = v.videoWidth;
    c.height = v.videoHeight;
    const g = c.getContext('2d');
    g.drawImage(v, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let min = 255, max = 0;
    for (let i = 0; i < d.length; i += 4 * 37) {
      const y = (d[i] + d[i + 1] + d[i + 2]) / 3;
      min = Math.min(min, y);
      max = Math.max(max, y);
    }
    return { width: c.width, height: c.height, spread: max - min };
  })()`;
  return (await page.evaluate(measure)) as { width: number; height: number; spread: number };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
