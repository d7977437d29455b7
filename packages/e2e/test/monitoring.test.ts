import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  describeInBrowser,
  E2E_PASSWORD,
  freshName,
  startAppServer,
  type AppServer,
} from '../src/index.ts';

/**
 * Remote invigilation in Chromium with fake media: a participant streams a
 * camera and a screen, a director's dashboard plays both (decision 0139).
 */
const MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--enable-usermedia-screen-capturing',
];

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...MEDIA_ARGS],
    headless: true,
  });
}

type Who = { username: string; userId: string; cookie: string };

async function api(
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

async function register(server: AppServer, prefix: string): Promise<Who> {
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

/** A monitored tournament directed by a Tournament Manager, with one participant. */
async function monitoredTournament(server: AppServer) {
  const td = await register(server, 'td');
  await server.core.roles.grant(td.userId, 'Tournament Manager');
  const player = await register(server, 'pl');
  const slug = freshName('mon');
  const t = await api(
    server,
    'TournamentService',
    'NewTournament',
    { slug, name: `Invigilated ${slug}`, directorUsernames: [td.username] },
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
  return { id, slug, td, player };
}

async function pageAs(browser: Browser, server: AppServer, who: Who): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1400, height: 900 },
  });
  context.setDefaultTimeout(30_000);
  const [name, value] = who.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  return context.newPage();
}

const cell = (page: Page, username: string, stream: 'camera' | 'screen') =>
  page.locator(`tr[data-user="${username}"] td[data-stream="${stream}"] [data-status]`);

async function statusIs(
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
async function frameOf(page: Page, selector: string) {
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

/** The whole flow; `query` is added to both pages (the relay test forces TURN). */
async function invigilate(server: AppServer, browser: Browser, query = '') {
  const { slug, td, player } = await monitoredTournament(server);
  const director = await pageAs(browser, server, td);
  const participant = await pageAs(browser, server, player);
  await participant.goto(`/tournament/${slug}?monitoring=true${query}`);
  const setup = participant.getByRole('dialog', { name: 'Monitoring setup' });
  await setup.getByText('About Tournament Invigilation').waitFor();
  await setup.getByRole('button', { name: 'Start camera' }).click();
  await setup.getByText('Stream Status').waitFor();
  await setup.getByRole('button', { name: 'Start screen share' }).click();

  await director.goto(`/tournament/${slug}?director-dashboard=true${query}`);
  const dash = director.getByRole('dialog', { name: 'Director Dashboard' });
  await dash.waitFor();
  await statusIs(director, player.username, 'camera', 'ACTIVE');
  await statusIs(director, player.username, 'screen', 'ACTIVE');
  // The participant's widget: both live, the success colour.
  await expect
    .poll(() => participant.locator('.monitoring-widget').getAttribute('data-tone'))
    .toBe('success');

  await dash.getByRole('button', { name: 'View camera' }).click();
  await dash.getByRole('button', { name: 'View screen' }).click();
  for (const stream of ['camera', 'screen']) {
    const tile = `[data-stream="${player.username}/${stream}"]`;
    await director.locator(`${tile}[data-state="playing"]`).waitFor({ timeout: 60_000 });
    // The first frames after a (relayed) connection may still be black: until one is not.
    await expect
      .poll(async () => (await frameOf(director, tile)).spread, {
        timeout: 20_000,
        message: `${stream}: a decoded frame that is not one flat colour`,
      })
      .toBeGreaterThan(10);
    expect((await frameOf(director, tile)).width, `${stream} frame width`).toBeGreaterThan(0);
  }

  // A director's reset: the camera is back to NOT_STARTED on both sides.
  await dash
    .locator(`tr[data-user="${player.username}"] td[data-stream="camera"]`)
    .getByRole('button', { name: 'Reset camera' })
    .click();
  await statusIs(director, player.username, 'camera', 'NOT_STARTED');
  await expect
    .poll(() => participant.locator('.monitoring-widget').getAttribute('data-tone'))
    .toBe('warning');
  // The screen still streams: the dashboard does not say there is nothing.
  expect(await dash.getByText('No active streams found for selected participants.').count()).toBe(
    0,
  );

  // Closing the participant's page: the screen is STOPPED within 5 seconds.
  const closedAt = Date.now();
  await participant.context().close();
  await statusIs(director, player.username, 'screen', 'STOPPED', 5_000);
  expect(Date.now() - closedAt).toBeLessThan(5_000);
  await dash.getByText('No active streams found for selected participants.').waitFor();
  await director.context().close();
  return { td, player };
}

describeInBrowser('remote invigilation, peer to peer', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launch()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a director watches a participant’s camera and screen, resets one, sees the other stop', async () => {
    await invigilate(server, browser);
  }, 240_000);
});

const TURNSERVER = '/usr/bin/turnserver';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const turnMissing = !existsSync(TURNSERVER);
if (turnMissing)
  console.warn(`relay test skipped: ${TURNSERVER} missing (apt-get install -y coturn)`);

describeInBrowser('remote invigilation through a TURN relay (coturn)', () => {
  const secret = `turn-${Math.random().toString(36).slice(2)}`;
  let server: AppServer;
  let browser: Browser;
  let turn: ChildProcess;
  let dir: string;
  let logFile: string;
  beforeAll(async () => {
    if (!existsSync(TURNSERVER))
      throw new Error(`${TURNSERVER} missing: apt-get install -y coturn`);
    dir = await mkdtemp(join(tmpdir(), 'tessera-turn-'));
    const port = await freePort();
    logFile = join(dir, 'turn.log');
    const conf = join(dir, 'turnserver.conf');
    // Media may only cross the relay: loopback peers are allowed for the test.
    await writeFile(
      conf,
      [
        `listening-port=${port}`,
        'listening-ip=127.0.0.1',
        'relay-ip=127.0.0.1',
        'min-port=49160',
        'max-port=49400',
        'use-auth-secret',
        `static-auth-secret=${secret}`,
        'realm=tessera.test',
        'no-tls',
        'no-dtls',
        'no-cli',
        'allow-loopback-peers',
        'fingerprint',
        'verbose',
        `log-file=${logFile}`,
        'simple-log',
        `pidfile=${join(dir, 'turn.pid')}`,
        `userdb=${join(dir, 'turn.db')}`,
      ].join('\n'),
    );
    turn = spawn(TURNSERVER, ['-c', conf], { stdio: 'ignore' });
    [server, browser] = await Promise.all([
      startAppServer({
        overrides: {
          ice: {
            urls: [`turn:127.0.0.1:${port}?transport=udp`],
            turnSecret: secret,
            turnTtlSeconds: 600,
          },
        },
      }),
      launch(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    turn?.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(turnMissing)(
    'with host candidates off (relay only), both streams play through coturn',
    async () => {
      const { td, player } = await invigilate(server, browser, '&ice-relay-only=true');
      // coturn saw the session's credentials and relayed: an allocation and peer traffic.
      const log = await readFile(logFile, 'utf8');
      expect(log).toMatch(/ALLOCATE processed, success/);
      expect(log).toMatch(/peer 127\.0\.0\.1/);
      // With the per-session credentials the server issued ("<expiry>:<user id>") to both ends.
      expect(log).toContain(`:${player.userId}`);
      expect(log).toContain(`:${td.userId}`);
    },
    240_000,
  );
});
