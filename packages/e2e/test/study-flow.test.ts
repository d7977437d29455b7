import { expect, it } from 'vitest';
import {
  appAndBrowser,
  createGame,
  describeInBrowser,
  enterRetainsAndPhony,
  freshName,
  newSession,
  registerInBrowser,
  resign,
  tilesOnBoard,
} from '../src/index.ts';

/**
 * Issue 40's acceptance flow in one go, as a player studies: a game entered
 * from scratch in the editor, a comment on its second turn whose copied link
 * opens the drawer on that turn in another browser context (a reply there
 * reaches the first drawer live), then a
 * collection of that game and a game played here, reordered by dragging and
 * walked from the Collection tab of both kinds of game page.
 */
describeInBrowser('studying a game: editor, comments, collection (issue 40)', () => {
  const app = appAndBrowser();

  it('creates a game, comments on turn 2, shares the link, collects it with a played game, reorders and walks the chapters', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const names = [freshName('stud'), freshName('peer')];
    await registerInBrowser(a.page, names[0]);
    await registerInBrowser(b.page, names[1]);
    const page = a.page;

    // The editor: a game from scratch.
    await page.goto('/editor');
    await page.getByLabel('Player 1').fill('Alice');
    await page.getByLabel('Player 2').fill('Bob');
    await page.getByLabel('Lexicon').selectOption('NWL20');
    await page.getByRole('button', { name: 'Create game' }).click();
    await page.waitForURL(/\/editor\/[A-Za-z0-9_-]+$/);
    const annoId = new URL(page.url()).pathname.split('/').pop()!;

    // Three moves: RETAINS, the phony ZEDO, and ZEDO taken off.
    await enterRetainsAndPhony(page);

    // The annotated game view: the room's examiner, and the drawer of turn 2.
    await page.getByRole('link', { name: 'View the annotated game' }).click();
    await page.waitForURL(new RegExp(`/anno/${annoId}\\?turn=1$`));
    const examine = page.getByRole('toolbar', { name: 'Examine' });
    await examine.getByText('Turn 1/4').waitFor();
    expect(await tilesOnBoard(page)).toBe(0);
    await page.getByRole('button', { name: 'Comments for Turn 2' }).click();
    await page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();
    await page.getByLabel('Your comment').fill('ZEDO is not a word; ZED and DOZE are.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('ZEDO is not a word; ZED and DOZE are.').waitFor();

    await a.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Link to Discussion' }).click();
    await page.getByText('Link copied to clipboard!').waitFor();
    const link = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(link).toBe(`${server.url}/anno/${annoId}?turn=3&comments=2`);

    // Another browser context: the drawer on turn 2, the board just after it (RETAINS and ZEDO).
    await b.page.goto(link);
    await b.page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();
    await b.page.getByText('ZEDO is not a word; ZED and DOZE are.').waitFor();
    await b.page.getByRole('toolbar', { name: 'Examine' }).getByText('Turn 3/4').waitFor();
    expect(await tilesOnBoard(b.page)).toBe(10);
    // A reply there reaches the annotator's open drawer without a reload.
    await b.page.getByLabel('Your comment').fill('DOZE at E5 was the play.');
    await b.page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('DOZE at E5 was the play.').waitFor();

    // A new collection from the editor, then a game played here added from its page.
    await page.goto(`/editor/${annoId}`);
    // The editor has the same drawer on each turn.
    const editorTurn2 = page.getByRole('button', { name: 'Comments for Turn 2' });
    await expect.poll(() => editorTurn2.textContent()).toContain('2');
    await editorTurn2.click();
    await page.getByRole('heading', { name: 'Comments for Turn 2' }).waitFor();
    await page.getByText('DOZE at E5 was the play.').waitFor();
    expect(new URL(page.url()).searchParams.get('comments')).toBe('2');
    await page.getByRole('button', { name: 'Add to Collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Collection' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Please select a collection').waitFor();
    await dialog.getByLabel('Collection').selectOption({ label: '+ New collection' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Please enter a title for the new collection').waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill('Phonies');
    await dialog.getByLabel('Chapter title (optional)').fill('Scratch game');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Game added to collection').waitFor();
    // The editor lists the collections holding the game.
    await page
      .getByRole('region', { name: 'Collections' })
      .getByRole('link', { name: 'Phonies' })
      .waitFor();

    const played = await createGame(server, a, b, names[1]);
    await resign(server, a, played);
    await page.goto(`/game/${played}`);
    await page.getByRole('button', { name: 'Add to Collection' }).click();
    await dialog.getByLabel('Collection').selectOption({ label: 'Phonies (1)' });
    await dialog.getByLabel('Chapter title (optional)').fill('Club game');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Game added to collection').waitFor();

    const mine = (await page.evaluate(async () => {
      const r = await fetch('/api/tessera.v1.CollectionsService/GetUserCollections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return r.json();
    })) as { collections: { uuid: string }[] };
    const uuid = mine.collections[0].uuid;

    // Reorder by dragging, kept over a reload.
    await page.goto(`/collections/${uuid}`);
    const list = page.getByRole('list', { name: 'Chapters' });
    await list.getByText('2. Club game').waitFor();
    await list.locator('li').nth(1).dragTo(list.locator('li').nth(0));
    await page.getByText('Chapter order updated').waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([
      '1. Club game',
      '2. Scratch game',
    ]);
    await page.reload();
    await list.getByText('1. Club game').waitFor();

    // Walk the chapters: the played game's page, Next to the annotated view, Previous back.
    await page.getByRole('link', { name: 'View Game' }).click();
    await page.waitForURL((u) => u.pathname === `/game/${played}`);
    const tab = page.locator('.collection-tab');
    await tab.getByText('Chapter 1 of 2').waitFor();
    await tab.getByText('Ch. 2: Scratch game').waitFor();
    expect(await tab.locator('.chapter-tag').allTextContents()).toEqual([
      'Game Record',
      'Annotated',
    ]);
    expect(await tab.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await tab.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(
      (u) => u.pathname === `/anno/${annoId}` && u.searchParams.get('chapter') === '2',
    );
    await tab.getByText('Chapter 2 of 2').waitFor();
    await page.getByRole('toolbar', { name: 'Examine' }).getByText('Turn 1/4').waitFor();
    expect(await tab.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await tab.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((u) => u.pathname === `/game/${played}`);
    await tab.getByText('Chapter 1 of 2').waitFor();
    await tab.getByRole('link', { name: 'Back to Collection' }).click();
    await page.waitForURL((u) => u.pathname === `/collections/${uuid}/chapter/1`);
  }, 300_000);
});
