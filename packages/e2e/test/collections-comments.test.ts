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
 * Issue 40 in a browser: a comment on turn 2 of a game played here, live to
 * another viewer, and its link opened in another browser context. The
 * collection part of the acceptance is in study-flow.test.ts.
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

describeInBrowser('comments on a game played here (issue 40)', () => {
  const app = appAndBrowser();
  let a: BrowserSession;
  let b: BrowserSession;
  let c: BrowserSession;
  const names = [freshName('ines'), freshName('otto'), freshName('uma')];
  let game1 = '';

  beforeAll(async () => {
    a = await newSession(app.browser, app.server.url);
    b = await newSession(app.browser, app.server.url);
    c = await newSession(app.browser, app.server.url);
    for (const [i, s] of [a, b, c].entries()) await registerInBrowser(s.page, names[i]);
    game1 = await createGame(app.server, a, b, names[1]);
    await playBest(app.server, game1, [a, b]);
    await playBest(app.server, game1, [a, b]);
    await resign(app.server, a, game1);
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
});
