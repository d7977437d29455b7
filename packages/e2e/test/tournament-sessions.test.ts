import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  freshName,
  launchBrowser,
  newSession,
  registerInBrowser,
  startAppServer,
  type AppServer,
} from '../src/index.ts';
import { api, pageAs, register } from '../src/monitoring.ts';

/**
 * Issue 36, items 16 and 18: a club's session is a paired child of the club,
 * listed under it by name; a logo on the operator's image host shows under
 * the site's content security policy; a player late for their round still
 * sees "Start your game!" after a reload.
 */

/** A 1×1 PNG: the operator's image host serves it as the club's logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let server: AppServer;
let browser: Browser;
let images: Server;
let imageOrigin: string;

describeInBrowser('club sessions, logos and the late round in the browser', () => {
  beforeAll(async () => {
    images = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      res.end(PNG);
    });
    await new Promise<void>((done) => images.listen(0, '127.0.0.1', done));
    imageOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    [server, browser] = await Promise.all([
      startAppServer({ overrides: { imageHosts: [imageOrigin] } }),
      launchBrowser(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((done) => images?.close(done));
  });

  it('a club shows its logo from the image host; its director starts a session, a paired event listed under the club by its name', async () => {
    // Far east of UTC: the session is still named for the day the director picked.
    const director = await newSession(browser, server.url, undefined, {
      timezoneId: 'Pacific/Auckland',
    });
    const d = director.page;
    const dora = freshName('dora');
    await registerInBrowser(d, dora);
    const doraId = (await server.core.accounts.findByUsername(dora))!.id;
    await server.core.roles.grant(doraId, 'Tournament Manager');
    const call = async (method: string, body: unknown) => {
      const r = await d.request.post(`/api/tessera.v1.TournamentService/${method}`, {
        data: body,
      });
      expect(r.ok(), `${method}: ${await r.text()}`).toBe(true);
      return (await r.json()) as Record<string, unknown>;
    };
    const title = `Club ${dora}`;
    const slug = freshName('club');
    const made = await call('NewTournament', {
      slug,
      name: title,
      type: 'TOURNAMENT_TYPE_CLUB',
      directorUsernames: [dora],
    });
    await call('SetTournamentMetadata', {
      metadata: { id: made.id, logo: `${imageOrigin}/logo.png` },
      setOnlySpecified: true,
    });

    await d.goto(`/club/${slug}`);
    await d.getByRole('heading', { level: 1, name: title }).waitFor();
    const clubPath = new URL(d.url()).pathname;
    // The logo loads (a blocked image has no natural size).
    const logo = d.getByRole('img', { name: `${title} logo` });
    await logo.waitFor();
    const loaded = (el: unknown) => {
      const img = el as { complete: boolean; naturalWidth: number };
      return img.complete && img.naturalWidth > 0;
    };
    await d.waitForFunction(loaded, await logo.elementHandle(), { timeout: 15_000 });

    // Item 18: the executive director is never offered for removal.
    await d.getByRole('tab', { name: 'Director Tools' }).click();
    await d.getByRole('button', { name: 'Manage Directors' }).click();
    const directors = d.getByRole('dialog', { name: 'Manage Directors' });
    await directors.getByText('(executive)').waitFor();
    expect(await directors.getByRole('button', { name: /^Remove director/ }).count()).toBe(0);
    await d.keyboard.press('Escape');
    await directors.waitFor({ state: 'detached' });

    await d.getByLabel('Session date').fill('2026-03-14');
    await d.getByRole('button', { name: 'New club session' }).click();
    await d.waitForURL(new RegExp(`${clubPath}-2026-03-14$`));
    const sessionName = `${title} – Mar 14, 2026`;
    await d.getByRole('heading', { level: 1, name: sessionName }).waitFor();
    // A paired event: Standings and the paired tools, and no sessions of its own.
    await d.getByRole('tab', { name: 'Standings' }).waitFor();
    await d.getByRole('tab', { name: 'Director Tools' }).click();
    await d.getByRole('region', { name: 'Pre-Tournament Setup' }).waitFor();
    expect(await d.getByRole('button', { name: 'New club session' }).count()).toBe(0);

    // Back at the club, the session is listed by its name and leads to it.
    await d.getByRole('link', { name: 'Back to the club' }).click();
    await d.getByRole('heading', { level: 1, name: title }).waitFor();
    const list = d.getByRole('list', { name: 'Club sessions' });
    await list.getByRole('link', { name: sessionName }).click();
    await d.getByRole('heading', { level: 1, name: sessionName }).waitFor();
  }, 240_000);

  it('a player late for their round sees "Start your game!", and still after a reload', async () => {
    const td = await register(server, 'td');
    await server.core.roles.grant(td.userId, 'Tournament Manager');
    const [ann, bob] = [await register(server, 'ann'), await register(server, 'bob')];
    const slug = freshName('late');
    const t = (
      await api(
        server,
        'TournamentService',
        'NewTournament',
        { slug, name: `Late ${slug}`, directorUsernames: [td.username] },
        td.cookie,
      )
    ).body;
    const id = t.id as string;
    const tc = (method: string, body: unknown) =>
      api(server, 'TournamentService', method, { id, ...(body as object) }, td.cookie);
    await tc('AddDivision', { division: 'A' });
    await tc('AddPlayers', {
      division: 'A',
      persons: [
        { id: ann.username, rating: 1600 },
        { id: bob.username, rating: 1500 },
      ],
    });
    await tc('SetRoundControls', {
      division: 'A',
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
    });
    await tc('SetDivisionControls', {
      division: 'A',
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: {
        lexicon: DEFAULT_LEXICON,
        rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
        initialTimeSeconds: 600,
        challengeRule: 'CHALLENGE_RULE_DOUBLE',
        maxOvertimeMinutes: 1,
      },
    });
    await tc('StartRoundCountdown', { startAllRounds: true });

    // Ann comes to the page eleven minutes after the round opened (by her clock).
    const page: Page = await pageAs(browser, server, ann);
    await page.clock.install({ time: Date.now() + 11 * 60_000 });
    await page.goto(`/tournament/${slug}`);
    const card = page.getByRole('region', { name: 'Your status' });
    await card.getByRole('button', { name: 'Start your game!' }).waitFor();
    await card.getByText('Round 1 has started and your game has not.').waitFor();
    await page.reload();
    await card.getByRole('button', { name: 'Start your game!' }).waitFor();
    // Item 18: round 1 offers no "‹ Round 1"; a resignation reads with its winner.
    expect(await page.getByRole('button', { name: /‹ Round/ }).count()).toBe(0);
    await tc('SetResult', {
      division: 'A',
      round: 0,
      playerOneId: ann.username,
      playerTwoId: bob.username,
      playerOneScore: 0,
      playerTwoScore: 0,
      playerOneResult: 'TOURNAMENT_GAME_RESULT_WIN',
      playerTwoResult: 'TOURNAMENT_GAME_RESULT_LOSS',
      gameEndReason: 'GAME_END_REASON_RESIGNED',
    });
    await page.getByText(`0–0, ${ann.username} won (resigned)`).waitFor();
    await page.context().close();
  }, 240_000);
});
