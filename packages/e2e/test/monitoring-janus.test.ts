import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { janusRoomOf } from '@tessera/server';
import type { Browser, Page } from 'playwright-core';
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
 * Remote invigilation through the Janus adapter (decision 0140): Janus is
 * started here with a generated configuration (HTTP transport on loopback,
 * the VideoRoom plugin only); the participant uploads each stream once and
 * two directors watch the same streams through it.
 */
const JANUS = '/usr/bin/janus';
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

const janusMissing = !existsSync(JANUS);
if (janusMissing) console.warn(`Janus test skipped: ${JANUS} missing (apt-get install -y janus)`);

/** The .so files of a Janus folder other than the one kept. */
async function othersThan(folder: string, keep: string): Promise<string> {
  const names = existsSync(join(LIB, folder)) ? await readdir(join(LIB, folder)) : [];
  return names.filter((n) => n.endsWith('.so') && n !== keep).join(',');
}

type JanusReply = {
  janus: string;
  data?: { id: number };
  plugindata?: { data: { participants?: { id: number; display: string; publisher: boolean }[] } };
};

async function janusPost(url: string, body: object): Promise<JanusReply> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transaction: Math.random().toString(36).slice(2), ...body }),
  });
  return (await r.json()) as JanusReply;
}

/** Asks Janus itself who publishes in a tournament's room (its own session, not the server's). */
async function publishersInRoom(url: string, tournamentId: string) {
  const session = (await janusPost(url, { janus: 'create' })).data!.id;
  try {
    const handle = (
      await janusPost(`${url}/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })
    ).data!.id;
    const r = await janusPost(`${url}/${session}/${handle}`, {
      janus: 'message',
      body: { request: 'listparticipants', room: janusRoomOf(tournamentId) },
    });
    return (r.plugindata?.data.participants ?? []).filter((p) => p.publisher);
  } finally {
    await janusPost(`${url}/${session}`, { janus: 'destroy' });
  }
}

async function watchBoth(page: Page, username: string) {
  const dash = page.getByRole('dialog', { name: 'Director Dashboard' });
  await dash.waitFor();
  await statusIs(page, username, 'camera', 'ACTIVE');
  await statusIs(page, username, 'screen', 'ACTIVE');
  await dash.getByRole('button', { name: 'View camera' }).click();
  await dash.getByRole('button', { name: 'View screen' }).click();
}

async function seesFrames(page: Page, username: string) {
  for (const stream of ['camera', 'screen']) {
    const tile = `[data-stream="${username}/${stream}"]`;
    await page.locator(`${tile}[data-state="playing"]`).waitFor({ timeout: 90_000 });
    await expect
      .poll(async () => (await frameOf(page, tile)).spread, {
        timeout: 30_000,
        message: `${stream}: a decoded frame through Janus that is not one flat colour`,
      })
      .toBeGreaterThan(10);
    expect((await frameOf(page, tile)).width, `${stream} frame width`).toBeGreaterThan(0);
  }
}

describeInBrowser('remote invigilation through the Janus SFU (MEDIA_RELAY=janus)', () => {
  let server: AppServer;
  let browser: Browser;
  let janus: ChildProcess;
  let dir: string;
  let janusUrl: string;
  let janusLog = '';
  beforeAll(async () => {
    if (janusMissing) return;
    dir = await mkdtemp(join(tmpdir(), 'tessera-janus-'));
    const port = await freePort();
    janusUrl = `http://127.0.0.1:${port}/janus`;
    await writeFile(
      join(dir, 'janus.jcfg'),
      `general: {
  configs_folder = "${dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 4
  session_timeout = 60
}
nat: { ignore_mdns = true }
plugins: { disable = "${await othersThan('plugins', 'libjanus_videoroom.so')}" }
transports: { disable = "${await othersThan('transports', 'libjanus_http.so')}" }
loggers: { disable = "${await othersThan('loggers', '')}" }
events: { broadcast = false disable = "${await othersThan('events', '')}" }
`,
    );
    await writeFile(
      join(dir, 'janus.transport.http.jcfg'),
      `general: { json = "plain" base_path = "/janus" http = true port = ${port} ip = "127.0.0.1" https = false }
admin: { admin_http = false admin_https = false }
`,
    );
    await writeFile(join(dir, 'janus.plugin.videoroom.jcfg'), 'general: { }\n');
    janus = spawn(JANUS, ['-F', dir, '-C', join(dir, 'janus.jcfg'), '-o'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Ready when its log says the HTTP transport listens (or failed when it exits first).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`janus did not start:\n${janusLog}`)),
        30_000,
      );
      const hear = (b: Buffer) => {
        janusLog += b.toString();
        if (/HTTP webserver started/.test(janusLog)) {
          clearTimeout(timer);
          resolve();
        }
      };
      janus.stdout!.on('data', hear);
      janus.stderr!.on('data', hear);
      janus.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`janus exited (${code}):\n${janusLog}`));
      });
    });
    [server, browser] = await Promise.all([
      startAppServer({ overrides: { mediaRelay: { kind: 'janus', url: janusUrl } } }),
      launch(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    janus?.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(janusMissing)(
    'two directors watch one participant: each sees both streams, the participant publishes each once',
    async () => {
      const { id, slug, td, player, others } = await monitoredTournament(server, 1);
      const participant = await pageAs(browser, server, player);
      await participant.goto(`/tournament/${slug}?monitoring=true`);
      const setup = participant.getByRole('dialog', { name: 'Monitoring setup' });
      await setup.getByText('About Tournament Invigilation').waitFor();
      await setup.getByRole('button', { name: 'Start camera' }).click();
      await setup.getByText('Stream Status').waitFor();
      await setup.getByRole('button', { name: 'Start screen share' }).click();

      const directors = await Promise.all([td, others[0]!].map((d) => pageAs(browser, server, d)));
      for (const d of directors) {
        await d.goto(`/tournament/${slug}?director-dashboard=true`);
        await watchBoth(d, player.username);
      }
      for (const d of directors) await seesFrames(d, player.username);

      // Janus holds exactly one publication per stream: the camera and the screen, once each.
      const feeds = await publishersInRoom(janusUrl, id);
      expect(feeds.map((f) => f.display).sort()).toEqual(
        [`${id}/${player.userId}/1`, `${id}/${player.userId}/2`].sort(),
      );

      // A reset takes the camera off the relay; closing the page, the screen.
      const dash = directors[0]!.getByRole('dialog', { name: 'Director Dashboard' });
      await dash
        .locator(`tr[data-user="${player.username}"] td[data-stream="camera"]`)
        .getByRole('button', { name: 'Reset camera' })
        .click();
      await statusIs(directors[1]!, player.username, 'camera', 'NOT_STARTED');
      await expect
        .poll(async () => (await publishersInRoom(janusUrl, id)).map((f) => f.display), {
          timeout: 10_000,
        })
        .toEqual([`${id}/${player.userId}/2`]);
      await participant.context().close();
      await statusIs(directors[1]!, player.username, 'screen', 'STOPPED', 5_000);
      await expect
        .poll(async () => (await publishersInRoom(janusUrl, id)).length, { timeout: 10_000 })
        .toBe(0);
      for (const d of directors) await d.context().close();
    },
    300_000,
  );
});
