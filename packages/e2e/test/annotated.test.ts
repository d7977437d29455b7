import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gcg, printCoord } from '@tessera/engine';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  describeInBrowser,
  enterRetainsAndPhony,
  freshName,
  newSession,
  registerInBrowser,
  sessionCookie,
  square,
  tilesOnBoard,
} from '../src/index.ts';

const ALMOST = join(
  import.meta.dirname,
  '../../../../shared/testdata/gcg/gcgio-guy_vs_bot_almost_complete.gcg',
);
const GCG = join(import.meta.dirname, '../../../../shared/testdata/gcg/gcgio-noah_vs_mishu.gcg');
/** A record that names its lexicon (NWL18). */
const WITH_LEXICON = join(
  import.meta.dirname,
  '../../../../shared/testdata/gcg/gcgio-incomplete.gcg',
);

describeInBrowser('the board editor in the browser', () => {
  const app = appAndBrowser(180_000);

  it('creates a game from scratch, records three moves with a phony taken off, keeps them over a reload, uploads a GCG', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const page = a.page;
    await registerInBrowser(page, freshName('anno'));

    await page.goto('/editor');
    await page.getByRole('heading', { name: 'Add an annotated game' }).waitFor();
    // The form says what is missing before asking the server.
    await page.getByRole('button', { name: 'Create game' }).click();
    expect(await page.getByText('Player name is required').count()).toBe(2);
    await page.getByLabel('Player 1').fill('Alice');
    await page.getByLabel('Player 2').fill('Bob');
    await page.getByLabel('Lexicon').selectOption('NWL20');
    await page.getByRole('button', { name: 'Create game' }).click();
    await page.waitForURL(/\/editor\/[A-Za-z0-9_-]+$/);
    const gameUrl = page.url();
    await page.getByRole('heading', { name: 'Alice vs Bob' }).waitFor();

    const turns = page.getByRole('list').filter({ has: page.locator('[data-event]') });
    const turn = (n: number) => page.locator(`[data-event="${n}"]`);

    // Three moves: RETAINS, the phony ZEDO, and ZEDO taken off.
    await enterRetainsAndPhony(page);
    expect(await tilesOnBoard(page)).toBe(7);

    await page.reload();
    await turn(3)
      .getByText(/Phony taken off/)
      .waitFor();
    expect(await turns.locator('[data-event]').count()).toBe(3);
    expect(await turn(1).textContent()).toContain('RETAINS');
    expect(await turn(2).textContent()).toContain('DEIOQUZ');
    expect(await tilesOnBoard(page)).toBe(7);
    expect(page.url()).toBe(gameUrl);

    // Amend the first turn: RETAINS one column right; the later turns replay on top of it.
    await turn(1).getByRole('button', { name: 'Amend' }).click();
    await page.getByText(/^Amending turn 1/).waitFor();
    await expect.poll(() => tilesOnBoard(page)).toBe(0);
    await square(page, 'E8').click();
    await page.keyboard.type('retains');
    await page.keyboard.press('Enter');
    await turn(1).getByText('8E RETAINS +64').waitFor();
    expect(await turn(2).textContent()).toContain('E7 ZRDO');
    expect(await turns.locator('[data-event]').count()).toBe(3);

    // Upload: no file first, then a record from the shared test data.
    await page.getByRole('button', { name: 'Upload a GCG file' }).click();
    const upload = page.getByRole('form', { name: 'Upload a GCG file' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText('Please upload a valid gcg file').waitFor();
    await upload.getByLabel('GCG file').setInputFiles(GCG);
    await upload.getByLabel('Lexicon').selectOption('NWL20');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/editor/') && url.href !== gameUrl);
    await turn(20).waitFor();
    expect(await tilesOnBoard(page)).toBeGreaterThan(20);
  }, 180_000);

  it('shows "Pass or challenge" after a player goes out, saves the game information, offers Edit on /anno to the creator, deletes with confirmation', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const page = a.page;
    await registerInBrowser(page, freshName('annb'));
    const cookie = await sessionCookie(a.context);
    const call = async (method: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/tessera.v1.AnnotatedGameService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Record<string, string>;
    };
    // The bag is empty and the bot holds one U: it goes out next to any tile.
    const text = readFileSync(ALMOST, 'utf8');
    const { gameId } = await call('ImportGCG', { gcg: text, lexicon: 'NWL20' });
    const g = gcg.importGcg(text);
    if (!g.ok) throw new Error(g.message);
    const b = g.value.board;
    let at = -1;
    for (let i = 0; i < b.squares.length && at < 0; i++) {
      const col = i % b.dim;
      if (b.squares[i] === 0 && col + 1 < b.dim && b.squares[i + 1] !== 0) at = i;
    }
    const position = printCoord({ row: Math.floor(at / b.dim), col: at % b.dim, vertical: false });
    await call('SendGameEvent', {
      gameId,
      event: { type: 'TYPE_TILE_PLACEMENT_MOVE', position, playedTiles: 'U.' },
    });

    await page.goto(`/editor/${gameId}`);
    await page
      .getByText(
        'Pass or challenge: The bag is now empty; please Pass or Challenge to end the game.',
      )
      .waitFor();
    await page.getByRole('group', { name: 'Turn' }).getByRole('button', { name: 'Pass' }).click();
    await page.getByText(/game over/).waitFor();
    await page.getByText(/Rack points/).waitFor();

    // The game information.
    const info = page.getByRole('form', { name: 'Game information' });
    await info.getByLabel('Description').fill('Club final, round 7');
    await info.getByRole('button', { name: 'Save game information' }).click();
    await page.getByText('Saved game information').waitFor();

    // The view: the room's examiner with the turn in the address, and the creator's Edit button.
    await page.getByRole('link', { name: 'View the annotated game' }).click();
    await page.waitForURL(/\/anno\/[^?]+\?turn=1$/);
    await page.getByText('Club final, round 7', { exact: false }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download GCG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^guy-vs-bot-.+\.gcg$/);
    await page.getByRole('toolbar', { name: 'Examine' }).getByText('Turn 1/').waitFor();
    await page.getByRole('button', { name: 'Next turn' }).click();
    await page.waitForURL(/turn=2$/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/editor/${gameId}$`));

    // Deleting asks first; No keeps the game, Yes deletes it.
    await page.getByRole('button', { name: 'Delete game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete game' });
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete game' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/editor' || !url.pathname.endsWith(gameId));
    await page.goto(`/anno/${gameId}`);
    await page.getByText('Annotated game not found.').waitFor();
  }, 180_000);

  it('the camera scan comes back to /scrabblecam/callback?gcg=: the game opens in the editor, a bad one says why', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const page = a.page;
    await registerInBrowser(page, freshName('scan'));
    const callback = (text: string) => `/scrabblecam/callback?gcg=${encodeURIComponent(text)}`;
    const turn = (n: number) => page.locator(`[data-event="${n}"]`);

    // A record that names its lexicon is imported at once.
    const named = readFileSync(WITH_LEXICON, 'utf8');
    await page.goto(callback(named));
    await page.waitForURL(/\/editor\/[A-Za-z0-9_-]+$/);
    await turn(1).getByText('8G GUM +12').waitFor();
    const info = page.getByRole('form', { name: 'Game information' });
    expect(await info.getByLabel('Lexicon').inputValue()).toBe('NWL18');

    // A scanned board names none: the page asks for it first.
    await page.goto(callback(readFileSync(GCG, 'utf8')));
    const form = page.getByRole('form', { name: 'Import the scanned game' });
    await form.getByLabel('Lexicon').selectOption('NWL20');
    await form.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/editor\/[A-Za-z0-9_-]+$/);
    await turn(1).getByText('8G VOX +26').waitFor();
    await turn(20).waitFor();
    expect(await info.getByLabel('Lexicon').inputValue()).toBe('NWL20');

    // A record the engine cannot replay: the catalogue's message, and no game.
    await page.goto(callback('#lexicon NWL20\n>A: ZZZ 8H ZZZ +30 30\n'));
    await page.getByText(/^The gcg file cannot be replayed: /).waitFor();
    expect(new URL(page.url()).pathname).toBe('/scrabblecam/callback');
    // No gcg at all.
    await page.goto('/scrabblecam/callback');
    await page.getByText('Please upload a valid gcg file').waitFor();
  }, 180_000);
});
