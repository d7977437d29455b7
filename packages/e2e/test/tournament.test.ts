import { printTiles, type GameState } from '@tessera/engine';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  bestPlays,
  caughtUp,
  clearToasts,
  confirm,
  control,
  describeInBrowser,
  freshName,
  freshTiles,
  isVertical,
  newSession,
  playByKeyboard,
  position,
  registerInBrowser,
  screenshotPath,
  serverPast,
  registerByApi,
} from '../src/index.ts';

/** Opens a director tool from the Director Tools tab; returns its dialog. */
async function tool(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Director Tools' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
  return page.getByRole('dialog', { name: label });
}

/** Turns a switch on the way a person does: its track covers the checkbox, so click its label. */
async function flip(scope: Locator, name: string): Promise<void> {
  const toggle = scope.getByRole('switch', { name, exact: true });
  const inLabel = scope.page().getByRole('switch', { name, exact: true });
  await scope.locator('label', { has: inLabel }).click();
  await expect(toggle.isChecked()).resolves.toBe(true);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The letters on a player's rack as a director watching sees it, sorted ('?' a blank). */
async function watchedRack(page: Page, nickname: string): Promise<string> {
  const list = page.getByRole('list', { name: `${nickname}'s rack` });
  const letters = await list.locator('.tile-letter').allTextContents();
  return letters
    .map((l) => l || '?')
    .sort()
    .join('');
}

/** A rack of the server's game, in the same form. */
const serverRack = (g: GameState, p: number) =>
  [...printTiles(g.set, g.racks[p].tiles(), 'rack')].sort().join('');

/** The standings rows' text, first row first. */
async function standings(page: Page, division: string): Promise<string[]> {
  await page.getByRole('tab', { name: 'Standings' }).click();
  const table = page.getByRole('table', { name: `Standings of ${division}` });
  await table.waitFor();
  return table.locator('tbody tr').allTextContents();
}

describeInBrowser('a tournament in the browser', () => {
  const app = appAndBrowser(300_000);

  it('a director sets up two divisions, players check in and play round 1 (watched with private analysis), a score is amended and a player enters an IRL round at the kiosk', async () => {
    const { server, browser } = app;
    const [director, ann, bob] = await Promise.all(
      [0, 1, 2].map(() => newSession(browser, server.url)),
    );
    const names = {
      dora: freshName('dora'),
      ann: freshName('ann'),
      bob: freshName('bob'),
      cat: freshName('cat'),
      dan: freshName('dan'),
    };
    await registerInBrowser(director.page, names.dora);
    await registerInBrowser(ann.page, names.ann);
    await registerInBrowser(bob.page, names.bob);
    await registerByApi(server, names.cat);
    await registerByApi(server, names.dan);
    const dora = (await server.core.accounts.findByUsername(names.dora))!;
    await server.core.roles.grant(dora.id, 'Tournament Manager');
    const annId = (await server.core.accounts.findByUsername(names.ann))!.id;
    // Ann is entered with her name as printed (class A); rows show it after her username.
    const printed = 'Annis, Ann';
    const shown = (name: string) => (name === names.ann ? `${name}${printed}` : name);

    // The admin console's New Tournament tab, with its live preview.
    const d = director.page;
    await d.goto('/admin');
    await d.getByRole('tab', { name: 'New Tournament' }).click();
    const title = `Spring ${names.dora}`;
    await d.getByLabel('Name', { exact: true }).fill(title);
    await d.getByLabel('Directors').fill(names.dora);
    const preview = d.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: title }).waitFor();
    await d.getByRole('button', { name: 'Create tournament' }).click();
    await toast(d, 'Tournament created');
    await d.locator('.alert-success').getByRole('link').click();
    await d.getByRole('heading', { level: 1, name: title }).waitFor();
    const path = new URL(d.url()).pathname;

    // Two divisions, their game settings and rounds, their players.
    for (const division of ['Open', 'Masters']) {
      const add = await tool(d, 'Add division');
      await add.getByLabel('Division name').fill(division);
      await add.getByRole('button', { name: 'Add division' }).click();
      await toast(d, 'Division added');
      await add.waitFor({ state: 'detached' });
    }
    for (const [division, players] of [
      ['Open', [names.ann, names.bob]],
      ['Masters', [names.cat, names.dan]],
    ] as const) {
      const controls = await tool(d, 'Set tournament controls');
      await controls.getByLabel('Division').selectOption(division);
      if (division === 'Open')
        await d.screenshot({ path: screenshotPath('tournament-controls-dialog.png') });
      await controls.getByRole('button', { name: 'Set controls' }).click();
      await toast(d, 'Controls set');
      await controls.waitFor({ state: 'detached' });

      const rounds = await tool(d, 'Set round controls');
      await rounds.getByLabel('Division').selectOption(division);
      await rounds.getByLabel('End round 1').fill('2');
      await rounds.getByRole('button', { name: 'Set round controls' }).click();
      await toast(d, 'Controls set');
      await rounds.waitFor({ state: 'detached' });

      const add = await tool(d, 'Add players');
      await add.getByLabel('Division').selectOption(division);
      for (const [i, name] of players.entries()) {
        await add.getByLabel(`Username ${i + 1}`).fill(name);
        await add.getByLabel(`Rating ${i + 1}`).fill(String(1500 - i * 100));
        if (name === names.ann) {
          await add.getByLabel(`Name (as printed) ${i + 1}`).fill(printed);
          await add.getByLabel(`Class ${i + 1}`).fill('A');
        }
      }
      await add.getByRole('button', { name: 'Add players' }).click();
      await toast(d, 'Players added');
      await add.waitFor({ state: 'detached' });
    }
    await d.getByRole('region', { name: 'Entrants of Open' }).getByText(names.bob).waitFor();
    await d.getByRole('region', { name: 'Entrants of Open' }).getByText('Class A').waitFor();

    // Check-ins open; the two players of Open check in from their own pages.
    const checkins = await tool(d, 'Manage check-ins and registrations');
    await checkins.getByRole('button', { name: 'Open check-ins' }).click();
    await toast(d, 'Opened check-ins successfully.');
    for (const p of [ann.page, bob.page]) {
      await p.goto(path);
      await p.getByRole('button', { name: 'Check into this tournament (division Open)' }).click();
    }
    const entrants = d.getByRole('region', { name: 'Entrants of Open' });
    await expect
      .poll(() => entrants.getByLabel('checked in', { exact: true }).count(), { timeout: 10_000 })
      .toBe(2);
    await checkins.getByRole('button', { name: 'Close check-ins' }).click();
    await toast(d, 'Closed check-ins successfully.');
    await checkins.getByRole('button', { name: 'Close', exact: true }).click();

    // Private analysis: watchers who are not directors analyze a game once it is over.
    const privacy = await tool(d, 'Edit description and other settings');
    await flip(privacy, 'Private analysis');
    await privacy.getByRole('button', { name: 'Save settings' }).click();
    await toast(d, 'Set tournament metadata successfully.');
    await clearToasts(d);

    // Round 1 opens everywhere; Open pairs ann with bob.
    await d.getByRole('button', { name: 'Start tournament', exact: true }).click();
    const cardOf = (p: Page) => p.getByRole('region', { name: 'Your status' });
    for (const p of [ann.page, bob.page])
      await cardOf(p).getByText('Time to start round 1!').waitFor();
    await cardOf(ann.page).getByRole('button', { name: "I'm ready" }).click();
    await cardOf(ann.page).getByText('Waiting for opponent').waitFor();
    await cardOf(bob.page).getByRole('button', { name: 'Your opponent is waiting!' }).click();
    // Both ready: the server starts their game and both pages go to it.
    await ann.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    const gameId = new URL(ann.page.url()).pathname.split('/').pop()!;

    // A watcher is told why Analyze waits; the director may analyze at once.
    const eve = await newSession(browser, server.url);
    await registerInBrowser(eve.page, freshName('eve'));
    await eve.page.goto(`/game/${gameId}`);
    await caughtUp(eve.page, 0);
    await control(eve.page, 'Analyze').click();
    await eve.page.getByText(/this tournament keeps analysis private/).waitFor();
    await expect(eve.page.getByRole('spinbutton', { name: 'Go to turn' }).count()).resolves.toBe(0);
    const tournamentPage = d.url();
    await d.goto(`/game/${gameId}`);
    await caughtUp(d, 0);
    await control(d, 'Analyze').click();
    await d.getByRole('spinbutton', { name: 'Go to turn' }).waitFor();

    // The director watching sees both players' racks, named after them.
    const start = await position(server.services, gameId);
    const seatOf = (name: string) => start.g.players.findIndex((p) => p.nickname === name);
    await d.goto(`/game/${gameId}`);
    await caughtUp(d, 0);
    for (const name of [names.ann, names.bob])
      await expect.poll(() => watchedRack(d, name)).toBe(serverRack(start.g, seatOf(name)));
    await expect(eve.page.getByRole('list', { name: `${names.ann}'s rack` }).count()).resolves.toBe(
      0,
    );

    // One move from the player on turn, then the other resigns: the game is over.
    const pages = [ann.page, bob.page];
    const onTurn = start.g.playerOnTurn === seatOf(names.ann) ? ann.page : bob.page;
    const offTurn = onTurn === ann.page ? bob.page : ann.page;
    const winner = onTurn === ann.page ? names.ann : names.bob;
    const loser = winner === names.ann ? names.bob : names.ann;
    const play = bestPlays(start.g, 1)[0];
    await caughtUp(onTurn, start.eventCount);
    await playByKeyboard(onTurn, freshTiles(start.g, play), isVertical(play));
    await onTurn.keyboard.press('Enter');
    await serverPast(server, gameId, start.eventCount, pages);
    // The director's view of the mover's rack follows, new tiles and all.
    const moved = await position(server.services, gameId);
    const moverName = onTurn === ann.page ? names.ann : names.bob;
    await expect.poll(() => watchedRack(d, moverName)).toBe(serverRack(moved.g, seatOf(moverName)));
    await d.goto(tournamentPage);
    await control(offTurn, 'Options').click();
    await offTurn.getByRole('menuitem', { name: 'Resign' }).click();
    await confirm(offTurn, 'Resign');
    for (const p of pages) await p.getByRole('heading', { name: 'Game over' }).waitFor();

    // Back to the tournament: the result is in the standings.
    await ann.page.getByRole('link', { name: 'Back to Tournament' }).click();
    await ann.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect
      .poll(async () => (await standings(ann.page, 'Open'))[0])
      .toContain(`${shown(winner)}10`);

    // The director amends the score: the loser now wins and the standings follow, live.
    const amend = await tool(d, 'Set game result');
    await amend.getByLabel('Division').selectOption('Open');
    await amend.getByLabel('Round').fill('1');
    await amend.getByLabel('Player 1', { exact: true }).selectOption({ label: loser });
    await amend.getByLabel('Player 1 score').fill('500');
    await amend.getByLabel('Player 2 score').fill('300');
    await amend.getByRole('button', { name: 'Set result' }).click();
    await amend
      .getByText('This game already has a result; turn on Amendment to change it.')
      .waitFor();
    await flip(amend, 'Amendment');
    await amend.getByRole('button', { name: 'Set result' }).click();
    await toast(d, 'Result set');
    const annRows = ann.page.getByRole('table', { name: 'Standings of Open' }).locator('tbody tr');
    await annRows
      .first()
      .filter({ hasText: `${shown(loser)}10+200` })
      .waitFor();

    // Round 2 of Masters cannot open: its round 1 game has no result.
    await d.getByRole('tab', { name: 'Games' }).click();
    await d.getByLabel('Division').selectOption('Masters');
    await d.getByRole('button', { name: /Round 2 ›/ }).click();
    await d.getByRole('button', { name: 'Open Round 2' }).click();
    const notice = d.locator('.notification').filter({ hasText: 'Round cannot be opened' });
    await notice.filter({ hasText: new RegExp(`${names.cat}|${names.dan}`) }).waitFor();

    // IRL mode on, Open's round 2 opens (a repeat), and the kiosk enters its result.
    const settings = await tool(d, 'Edit description and other settings');
    await flip(settings, 'IRL mode');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await toast(d, 'Set tournament metadata successfully.');
    await d.getByRole('img', { name: 'IRL mode' }).waitFor();
    await d.getByRole('tab', { name: 'Games' }).click();
    await d.getByLabel('Division').selectOption('Open');
    await d.getByRole('button', { name: /Round 2 ›/ }).click();
    await d.getByRole('button', { name: 'Open Round 2' }).click();
    const round2 = d.getByRole('table', { name: 'Round 2 pairings' });
    await round2.getByText('Repeat').waitFor();
    // IRL rounds get boards as they open: theirs is the only game, on board 1.
    await round2.getByText('Board 1', { exact: true }).waitFor();
    await clearToasts(d);
    await d.screenshot({ path: screenshotPath('tournament-director.png') });
    await ann.page.getByRole('tab', { name: 'Games' }).click();
    await ann.page.screenshot({ path: screenshotPath('tournament-player.png') });

    // Ann herself, not the director, enters her result at her kiosk, once.
    await bob.page.goto(path);
    const bobCard = bob.page.getByRole('region', { name: 'Your status' });
    await bobCard.getByText('Board 1', { exact: true }).waitFor();
    const k = ann.page;
    await k.goto(`${path}?es=${annId.slice(0, 8)}`);
    await k.getByRole('heading', { name: `Hello, ${printed} (${names.ann})!` }).waitFor();
    await k.getByText(`Round 2: you play ${names.bob} (seed 2).`).waitFor();
    await k.getByText('Board 1', { exact: true }).waitFor();
    await k.getByLabel(`${printed}'s score`).fill('420');
    await k.getByLabel(`${names.bob}'s score`).fill('380');
    await k.getByRole('button', { name: 'Submit score' }).click();
    await toast(k, 'Result submitted');
    await k.getByText('If this is not right, please contact a director.').waitFor();
    await k.getByText(`Recorded score: ${printed} 420, ${names.bob} 380.`).waitFor();
    await expect(k.getByRole('button', { name: 'Submit score' }).count()).resolves.toBe(0);
    await clearToasts(k);
    await k.screenshot({ path: screenshotPath('tournament-kiosk.png') });
    // The opponent's page shows round 2's result as it is entered.
    await bobCard.getByText('Your round 2 score has been recorded.').waitFor();

    // The lobby's widget and the events page list the tournament.
    await bob.page.goto('/');
    const widget = bob.page.getByRole('region', { name: 'Tournaments' });
    await widget.getByRole('link', { name: title }).waitFor();
    await bob.page.goto('/events');
    await bob.page
      .getByRole('list', { name: 'Upcoming tournaments' })
      .getByRole('link', { name: title })
      .waitFor();
  }, 300_000);
});
