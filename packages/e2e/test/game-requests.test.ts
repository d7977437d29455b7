import { renderError } from '@tessera/protocol';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  bestPlays,
  caughtUp,
  confirm,
  control,
  createBotGame,
  createGame,
  freshName,
  freshTiles,
  isVertical,
  newSession,
  placeByDrag,
  playByKeyboard,
  position,
  registerInBrowser,
  serverPast,
  describeInBrowser,
} from '../src/index.ts';

const CANCELLED = 'Game was cancelled. Rating and statistics were not affected.';

describeInBrowser('game requests and bots in the browser', () => {
  const app = appAndBrowser(180_000);

  it('a nudge is answered with Keep playing, and a game is cancelled when the opponent accepts', async () => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    const names = [freshName('cat'), freshName('dan')];
    await registerInBrowser(a.page, names[0]);
    await registerInBrowser(b.page, names[1]);
    const gameId = await createGame(server, a, b, names[1]);
    await Promise.all([a.page.goto(`/game/${gameId}`), b.page.goto(`/game/${gameId}`)]);
    for (const s of [a, b]) await caughtUp(s.page, 0);
    const { player } = await position(server.services, gameId);
    const onTurn = player === 0 ? a.page : b.page;
    const offTurn = player === 0 ? b.page : a.page;
    const offName = (await position(server.services, gameId)).g.players[1 - player].nickname;

    // Nudge: only the player off turn has it; the nudged player keeps playing.
    await control(offTurn, 'Options').click();
    await offTurn.getByRole('menuitem', { name: 'Nudge' }).click();
    await onTurn.getByText(`${offName} nudged you`, { exact: false }).waitFor();
    await onTurn.getByRole('button', { name: 'Keep playing' }).click();
    await offTurn.getByText('The game will continue.').waitFor();

    // Cancel Game: the opponent accepts and both see the game was cancelled.
    await control(onTurn, 'Options').click();
    await onTurn.getByRole('menuitem', { name: 'Cancel Game' }).click();
    await offTurn.getByText('wants to cancel this game', { exact: false }).waitFor();
    await offTurn.getByRole('button', { name: 'Accept' }).click();
    for (const p of [onTurn, offTurn]) {
      await p.getByRole('heading', { name: 'Game over' }).waitFor();
      await p.getByText(CANCELLED).waitFor();
    }
    const end = await position(server.services, gameId);
    expect(end.g.endReason).toBe('CANCELLED');
  }, 120_000);

  it('a player plays a whole game against a bot', async (ctx) => {
    const { server, browser } = app;
    const a = await newSession(browser, server.url);
    await registerInBrowser(a.page, freshName('eve'));
    const made = await createBotGame(server, a, 'BeginnerBot');
    if ('error' in made) {
      console.warn(`bot game skipped: ${renderError(made.error)}`);
      ctx.skip();
      return;
    }
    const { gameId } = made;
    await a.page.goto(`/game/${gameId}`);
    const start = await position(server.services, gameId);
    const me = start.g.players.findIndex((p) => !p.nickname.endsWith('Bot'));
    const points = (letter: string) =>
      start.g.set.letters[start.g.set.codeByRune.get(letter)!].score;
    for (let turn = 0; turn < 60; turn++) {
      const { g, eventCount, player } = await position(server.services, gameId);
      if (g.playState === 'GAME_OVER') break;
      if (player !== me) {
        // The bot's turn: up to its thinking time plus one stall re-prompt.
        await serverPast(server, gameId, eventCount, [a.page], 60_000);
        continue;
      }
      await caughtUp(a.page, eventCount);
      const text = bestPlays(g, 1)[0];
      if (g.playState === 'WAITING_FOR_FINAL_PASS' || !text) {
        await a.page.keyboard.press('2');
        await confirm(a.page, 'Pass');
      } else {
        const tiles = freshTiles(g, text);
        if (tiles.some((t) => t.blank) || turn % 2 === 1) {
          await placeByDrag(a.page, tiles, points);
          await control(a.page, 'Play').click();
        } else {
          await playByKeyboard(a.page, tiles, isVertical(text));
          await a.page.keyboard.press('Enter');
        }
      }
      await serverPast(server, gameId, eventCount, [a.page]);
    }
    const end = await position(server.services, gameId);
    expect(end.g.playState).toBe('GAME_OVER');
    await a.page.getByRole('heading', { name: 'Game over' }).waitFor();
    await control(a.page, 'Rematch').waitFor();
  }, 300_000);
});
