import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
  screenshotPath,
  sessionCookie,
  type AppServer,
  registerByApi,
} from '../src/index.ts';

/**
 * Issue 36, item 19: a director pastes the player list of an over-the-board
 * event into Add players (a preview with the lines to fix first), starts it
 * and prints the round's pairings and the kiosk links, whose link opens the
 * player's kiosk.
 */

async function call(server: AppServer, cookie: string, method: string, body: unknown) {
  const r = await fetch(`${server.url}/api/tessera.v1.TournamentService/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

async function tool(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Director Tools' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
  return page.getByRole('dialog', { name: label });
}

async function flip(scope: Locator, name: string): Promise<void> {
  const inLabel = scope.page().getByRole('switch', { name, exact: true });
  await scope.locator('label', { has: inLabel }).click();
  await expect(inLabel.isChecked()).resolves.toBe(true);
}

/** The row of the preview for a 1-based line of the pasted text. */
const previewRow = (dialog: Locator, line: number) =>
  dialog
    .getByRole('table', { name: 'Preview' })
    .locator('tbody tr')
    .filter({ has: dialog.page().getByRole('cell', { name: String(line), exact: true }) });

/** A downloaded PDF's text, as pdftotext reads it, runs of spaces made one. */
async function downloadedText(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', (await file.path())!, '-'], {
    encoding: 'utf8',
  });
  return { name: file.suggestedFilename(), text: text.replace(/[ \t]+/g, ' ') };
}

describeInBrowser('printouts and a pasted player list', () => {
  const app = appAndBrowser(300_000);

  it('a director pastes a list (fixing the lines the preview marks), starts and prints the pairings, the wall chart and the kiosk links', async () => {
    const { server, browser } = app;
    const director = await newSession(browser, server.url);
    const d = director.page;
    const dora = freshName('dora');
    const names = ['ann', 'bob', 'cat', 'dan'].map((n) => freshName(n));
    await registerInBrowser(d, dora);
    for (const n of names) await registerByApi(server, n);
    const doraId = (await server.core.accounts.findByUsername(dora))!.id;
    await server.core.roles.grant(doraId, 'Tournament Manager');
    const cookie = await sessionCookie(director.context);
    const slug = freshName('print');
    const { id } = (await call(server, cookie, 'NewTournament', {
      slug,
      name: 'Club Night',
      directorUsernames: [dora],
    })) as { id: string };
    await call(server, cookie, 'SetTournamentMetadata', {
      metadata: { id, irlMode: true },
      setOnlySpecified: true,
    });
    await call(server, cookie, 'AddDivision', { id, division: 'A' });
    await call(server, cookie, 'SetRoundControls', {
      id,
      division: 'A',
      roundControls: [1, 2, 3].map(() => ({ pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' })),
    });
    await call(server, cookie, 'SetDivisionControls', {
      id,
      division: 'A',
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
    });
    await d.goto(`/tournament/${slug}`);
    await d.getByRole('heading', { level: 1, name: 'Club Night' }).waitFor();

    // The list: a line with the name before the username, and one listed twice.
    const add = await tool(d, 'Add players');
    await flip(add, 'Paste a list');
    const box = add.getByLabel('Player list, one per line');
    const list = (extra: string[]) =>
      [
        `${names[0]} 1830 Ann Annis`,
        `${names[1]},1720`,
        '# the club ratings of March',
        'Cat Smith 1650',
        `${names[3]};1500;Dunn, Dan;B`,
        `${names[0]} 1400`,
        ...extra,
      ].join('\n');
    await box.fill(list([]));
    await previewRow(add, 1).getByText('Ann Annis').waitFor();
    await previewRow(add, 4).getByText('"Smith" is not a rating').waitFor();
    await previewRow(add, 6).getByText(`${names[0]} is listed twice (line 1)`).waitFor();
    expect(await previewRow(add, 5).textContent()).toContain('Dunn, Dan');
    await d.screenshot({ path: screenshotPath('tournament-paste-players.png') });
    await add.getByRole('button', { name: 'Add 3 players' }).click();
    await add.getByText('2 lines need fixing before any player is added.').waitFor();

    // Fixed, but with a username nobody has: the server's refusal marks its line.
    await box.fill(
      [
        `${names[0]} 1830 Ann Annis`,
        `${names[1]},1720`,
        `${names[2]} 1650`,
        `${names[3]};1500;Dunn, Dan;B`,
        'nosuchplayer 1200',
      ].join('\n'),
    );
    await add.getByRole('button', { name: 'Add 5 players' }).click();
    await add.getByText('Line 5: User nosuchplayer not found.').waitFor();
    await previewRow(add, 5).getByText('User nosuchplayer not found.').waitFor();
    const state = await call(server, cookie, 'GetTournament', { id });
    expect(JSON.stringify(state)).not.toContain(names[0]);

    await box.fill(
      [
        `${names[0]} 1830 Ann Annis`,
        `${names[1]},1720`,
        `${names[2]} 1650`,
        `${names[3]};1500;Dunn, Dan;B`,
      ].join('\n'),
    );
    await add.getByRole('button', { name: 'Add 4 players' }).click();
    await add.waitFor({ state: 'detached' });
    const entrants = d.getByRole('region', { name: 'Entrants of A' });
    for (const n of names) await entrants.getByText(n).first().waitFor();

    // Round 1 opens; the director prints its pairings from Director Tools.
    await d.getByRole('button', { name: 'Start tournament', exact: true }).click();
    await expect
      .poll(
        async () => {
          const t = await call(server, cookie, 'GetTournament', { id });
          return (t.divisions as Record<string, { currentRound?: number }>).A.currentRound ?? 0;
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await d
      .getByRole('button', { name: 'Start tournament', exact: true })
      .waitFor({ state: 'detached' });
    const print = await tool(d, 'Print pairings, wall chart and kiosk links');
    await expect(print.getByLabel('Round (for pairings)').inputValue()).resolves.toBe('1');
    const pairings = await downloadedText(d, () =>
      print.getByRole('button', { name: 'Pairings of the round' }).click(),
    );
    expect(pairings.name).toBe('Club-Night-round-1-pairings.pdf');
    expect(pairings.text).toContain('Division A - Round 1 pairings');
    // Seeded by rating: 1 plays 2 on board 1, 3 plays 4 on board 2, the first player first.
    expect(pairings.text).toMatch(/\n ?1 .*\(#[12]\) .*\(#[12]\)/);
    expect(pairings.text).toMatch(/\n ?2 .*\(#[34]\) .*\(#[34]\)/);
    expect(pairings.text).toContain('Ann Annis (#1)');
    expect(pairings.text).toContain('Dunn, Dan (#4)');

    // The wall chart: a row per player, round 1 paired and not yet played.
    const chart = await downloadedText(d, () =>
      print.getByRole('button', { name: 'Wall chart' }).click(),
    );
    expect(chart.name).toBe('Club-Night-wall-chart.pdf');
    expect(chart.text).toContain('Division A - wall chart');
    expect(chart.text).toMatch(/Rd 1 Rd 2 Rd 3 W-L Spread/);
    for (const name of ['Ann Annis', names[1], names[2], 'Dunn, Dan'])
      expect(chart.text).toContain(name);

    // The kiosk links: each opens that player's kiosk.
    const links = await downloadedText(d, () =>
      print.getByRole('button', { name: 'Kiosk links with QR codes' }).click(),
    );
    const urls = [...links.text.matchAll(/https?:\/\/\S+\/tournament\/\S+/g)].map((m) => m[0]);
    expect(urls).toHaveLength(4);
    const kiosk = new URL(urls[3]);
    await d.goto(`${kiosk.pathname}${kiosk.search}`);
    await d
      .getByRole('region', { name: 'Kiosk' })
      .getByText(`Hello, Dunn, Dan (${names[3]})!`)
      .waitFor();
  }, 180_000);
});
