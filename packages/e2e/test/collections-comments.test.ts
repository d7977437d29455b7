import { clientMove, ClientGameplayEventSchema, MessageType } from '@tessera/protocol';
import { beforeAll, expect, it } from 'vitest';
import {
  appAndBrowser,
  bestMoves,
  createGame,
  describeInBrowser,
  freshName,
  newSession,
  NodeSocket,
  position,
  registerInBrowser,
  resign,
  serverPast,
  sessionCookie,
  type AppServer,
  type BrowserSession,
} from '../src/index.ts';

/**
 * Issue 40 in a browser: a comment on turn 2 of a finished game, its link
 * opened in another browser context, and a collection of two games reordered
 * by dragging and walked from the game page's Collection tab.
 */

/** The player on turn plays the best move, from Node; waits until the server has it. */
async function playBest(server: AppServer, gameId: string, players: BrowserSession[]) {
  const p = await position(server.services, gameId);
  const row = (await server.services.games.row(gameId))!;
  const onTurn = p.player === 0 ? row.player0_id : row.player1_id;
  const ids = await Promise.all(players.map((s) => userIdOf(server, s)));
  const mover = players[ids.indexOf(onTurn)];
  const s = await NodeSocket.connect(server.url, await sessionCookie(mover.context));
  try {
    const text = bestMoves(p.g, 1)[0];
    s.send(
      MessageType.CLIENT_GAMEPLAY_EVENT,
      ClientGameplayEventSchema,
      clientMove(gameId, text, p.eventCount),
    );
    await serverPast(server, gameId, p.eventCount, []);
  } finally {
    s.close();
  }
}

async function userIdOf(server: AppServer, s: BrowserSession): Promise<string> {
  const r = await fetch(`${server.url}/api/tessera.v1.AuthenticationService/GetSession`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await sessionCookie(s.context) },
    body: '{}',
  });
  return ((await r.json()) as { userId: string }).userId;
}

describeInBrowser('comments and collections (issue 40)', () => {
  const app = appAndBrowser();
  let a: BrowserSession;
  let b: BrowserSession;
  let c: BrowserSession;
  const names = [freshName('ines'), freshName('otto'), freshName('uma')];
  let game1 = '';
  let game2 = '';

  beforeAll(async () => {
    a = await newSession(app.browser, app.server.url);
    b = await newSession(app.browser, app.server.url);
    c = await newSession(app.browser, app.server.url);
    for (const [i, s] of [a, b, c].entries()) await registerInBrowser(s.page, names[i]);
    game1 = await createGame(app.server, a, b, names[1]);
    await playBest(app.server, game1, [a, b]);
    await playBest(app.server, game1, [a, b]);
    await resign(app.server, a, game1);
    game2 = await createGame(app.server, a, b, names[1]);
    await resign(app.server, a, game2);
  }, 300_000);

  it('a comment on turn 2 reaches another viewer live, and its copied link opens the drawer on that turn elsewhere', async () => {
    // A player of the game watches the discussion of turn 2 already.
    await a.page.goto(`/game/${game1}?comments=2`);
    await a.page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();

    await c.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.page.goto(`/game/${game1}`);
    await c.page.getByRole('button', { name: 'Comments for Turn 2' }).click();
    await c.page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();
    await c.page.getByLabel('Your comment').fill('The bingo lane was open here.');
    await c.page.getByRole('button', { name: 'Add comment' }).click();
    await c.page.getByText('The bingo lane was open here.').waitFor();
    // Live for everyone on the game's page.
    await a.page.getByText('The bingo lane was open here.').waitFor();

    await c.page.getByRole('button', { name: 'Copy Link to Discussion' }).click();
    await c.page.getByText('Link copied to clipboard!').waitFor();
    const link = (await c.page.evaluate('navigator.clipboard.readText()')) as string;
    expect(link).toBe(`${app.server.url}/game/${game1}?turn=3&comments=2`);

    // A second browser context, not logged in.
    const visitor = await newSession(app.browser, app.server.url);
    try {
      await visitor.page.goto(link);
      await visitor.page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();
      await visitor.page.getByText('The bingo lane was open here.').waitFor();
      await visitor.page.getByText('Please log in to comment').waitFor();
    } finally {
      await visitor.context.close();
    }
  }, 180_000);

  it('a collection of two games: reordered by dragging, walked with Next and Previous', async () => {
    const page = c.page;
    const add = async (gameId: string, chapterTitle: string, isNew: boolean) => {
      await page.goto(`/game/${gameId}`);
      await page.getByRole('button', { name: 'Add to Collection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to Collection' });
      if (isNew) {
        await dialog.getByRole('button', { name: 'Add' }).click();
        await dialog.getByText('Please select a collection').waitFor();
        await dialog.getByLabel('Collection').selectOption({ label: '+ New collection' });
        await dialog.getByRole('button', { name: 'Add' }).click();
        await dialog.getByText('Please enter a title for the new collection').waitFor();
        await dialog.getByLabel('Title', { exact: true }).fill('Study set');
      } else {
        await dialog.getByLabel('Collection').selectOption({ label: 'Study set (1)' });
      }
      await dialog.getByLabel('Chapter title (optional)').fill(chapterTitle);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Game added to collection').waitFor();
    };
    await add(game1, 'First game', true);
    await add(game2, 'Second game', false);

    const mine = (await page.evaluate(async () => {
      const r = await fetch('/api/tessera.v1.CollectionsService/GetUserCollections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return r.json();
    })) as { collections: { uuid: string }[] };
    const uuid = mine.collections[0].uuid;

    await page.goto(`/collections/${uuid}`);
    const list = page.getByRole('list', { name: 'Chapters' });
    await list.getByText('2. Second game').waitFor();
    await list.locator('li').nth(1).dragTo(list.locator('li').nth(0));
    await page.getByText('Chapter order updated').waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([
      '1. Second game',
      '2. First game',
    ]);
    // Stored: a reload shows the same order.
    await page.reload();
    await list.getByText('1. Second game').waitFor();

    await page.getByRole('link', { name: 'View Game' }).click();
    await page.waitForURL((u) => u.pathname === `/game/${game2}`);
    const tab = page.locator('.collection-tab');
    await tab.getByText('Chapter 1 of 2').waitFor();
    await tab.getByText('Ch. 2: First game').waitFor();
    expect(await tab.getByText('Game Record').count()).toBe(2);
    expect(await tab.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await tab.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(
      (u) => u.pathname === `/game/${game1}` && u.searchParams.get('chapter') === '2',
    );
    await tab.getByText('Chapter 2 of 2').waitFor();
    expect(await tab.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await tab.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((u) => u.pathname === `/game/${game2}`);
    await tab.getByRole('link', { name: 'Back to Collection' }).click();
    await page.waitForURL((u) => u.pathname === `/collections/${uuid}/chapter/1`);
  }, 180_000);
});
