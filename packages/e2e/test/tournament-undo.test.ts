import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  describeInBrowser,
  freshName,
  newSession,
  registerInBrowser,
} from '../src/index.ts';

/**
 * Issue 36, item 19 (decision 0150): a director undoes the last action from
 * Director Tools, confirming the result it removes, and the log says so; a
 * player changes division and another withdraws before the start, which the
 * director sees in the entrants and the log.
 */

const KOTH = { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' };

/** A TournamentService call with the page's own session. */
async function call(page: Page, method: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await page.request.post(`/api/tessera.v1.TournamentService/${method}`, { data: body });
  if (r.status() !== 200) throw new Error(`${method}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

/** An over-the-board event (results by the director) with divisions of these players. */
async function event(d: Page, director: string, name: string, divisions: Record<string, string[]>) {
  const { id, slug } = (await call(d, 'NewTournament', {
    name,
    slug: `/tournament/${name.toLowerCase()}`,
    directorUsernames: [director],
  })) as { id: string; slug: string };
  await call(d, 'SetTournamentMetadata', {
    metadata: { id, irlMode: true },
    setOnlySpecified: true,
  });
  for (const [division, players] of Object.entries(divisions)) {
    await call(d, 'AddDivision', { id, division });
    await call(d, 'SetRoundControls', { id, division, roundControls: [KOTH, KOTH] });
    if (players.length)
      await call(d, 'AddPlayers', {
        id,
        division,
        persons: players.map((p, i) => ({ id: p, rating: 1600 - i })),
      });
  }
  return { id, path: slug };
}

async function tool(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Director Tools' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
  return page.getByRole('dialog', { name: label });
}

async function logText(page: Page): Promise<string> {
  const log = await tool(page, 'Tournament log');
  const table = log.getByRole('table', { name: 'Tournament log' });
  await table.waitFor();
  const text = (await table.textContent()) ?? '';
  await log.getByRole('button', { name: 'Close', exact: true }).click();
  return text;
}

describeInBrowser('undo and a player’s own entry in the browser', () => {
  const app = appAndBrowser(300_000);

  it('a player changes division and another withdraws before the start; the director undoes a result from Director Tools after confirming', async () => {
    const { server, browser } = app;
    const [director, ann, bob] = await Promise.all(
      [0, 1, 2].map(() => newSession(browser, server.url)),
    );
    const names = { dora: freshName('dora'), ann: freshName('ann'), bob: freshName('bob') };
    await registerInBrowser(director.page, names.dora);
    await registerInBrowser(ann.page, names.ann);
    await registerInBrowser(bob.page, names.bob);
    const dora = (await server.core.accounts.findByUsername(names.dora))!;
    await server.core.roles.grant(dora.id, 'Tournament Manager');
    const d = director.page;

    // Before the start: ann moves from A to B, bob withdraws.
    const one = await event(d, names.dora, `Own-${names.dora}`, {
      A: [names.ann, names.bob],
      B: [],
    });
    await ann.page.goto(one.path);
    await ann.page.getByLabel('Move to division').selectOption('B');
    await ann.page.getByRole('button', { name: 'Change division' }).click();
    await ann.page.getByRole('status').filter({ hasText: 'You now play in division B.' }).waitFor();
    await bob.page.goto(one.path);
    await bob.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await bob.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await bob.page
      .getByRole('button', { name: 'Withdraw', exact: true })
      .waitFor({ state: 'detached' });
    await d.goto(one.path);
    await d.getByRole('tab', { name: 'Director Tools' }).click();
    await d.getByRole('region', { name: 'Entrants of B' }).getByText(names.ann).waitFor();
    const entrantsOfA = d.getByRole('region', { name: 'Entrants of A' });
    await entrantsOfA.getByText('(0 players)').waitFor();
    const ownLog = await logText(d);
    // Who did it, the division, what: each player did their own.
    expect(ownLog).toContain(`${names.ann}A${names.ann} moved from A to B`);
    expect(ownLog).toContain(`${names.bob}${names.bob} unregistered`);

    // Under way: round 2 has a result; the director undoes it.
    const two = await event(d, names.dora, `Undo-${names.dora}`, { A: [names.ann, names.bob] });
    await call(d, 'StartRoundCountdown', { id: two.id, startAllRounds: true });
    const score = (round: number, s1: number, s2: number) =>
      call(d, 'SetResult', {
        id: two.id,
        division: 'A',
        round,
        playerOneId: names.ann,
        playerTwoId: names.bob,
        playerOneScore: s1,
        playerTwoScore: s2,
      });
    await score(0, 400, 300);
    await call(d, 'StartRoundCountdown', { id: two.id, startAllRounds: true });
    await score(1, 350, 420);
    await d.goto(two.path);
    const undo = await tool(d, 'Undo or restore');
    await undo.getByRole('button', { name: 'Undo last action' }).click();
    // The server asks first: one result would go.
    await undo
      .getByRole('alert')
      .getByText(/removes 1 result/)
      .waitFor();
    await Promise.all([
      d.waitForEvent('load'),
      undo.getByRole('button', { name: 'Confirm and remove these results' }).click(),
    ]);
    const undoneLog = await logText(d);
    expect(undoneLog).toMatch(
      new RegExp(`${names.dora}Undone: Result set: ${names.ann} 350 – ${names.bob} 420, round 2`),
    );
    expect(undoneLog).toContain('1 result removed (kept in this log)');
  }, 240_000);
});
