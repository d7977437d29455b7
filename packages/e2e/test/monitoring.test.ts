import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startAppServer, type AppServer } from '../src/index.ts';
import {
  frameOf,
  freePort,
  launch,
  monitoredTournament,
  pageAs,
  statusIs,
} from '../src/monitoring.ts';

/**
 * Remote invigilation in Chromium with fake media: a participant streams a
 * camera and a screen, a director's dashboard plays both (decision 0139).
 */
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
