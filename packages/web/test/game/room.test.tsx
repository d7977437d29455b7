import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ClientGameplayEvent_Type,
  encodeSocketMessage,
  MessageType,
  ServerGameplayEventSchema,
  GameMetadataService,
} from '@tessera/protocol';
import { type GameState, pass } from '@tessera/engine';
import { Code, ConnectError } from '@connectrpc/connect';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bobPlaysAtH8,
  deliverOpponentMove,
  engineGame,
  GAME_ID,
  historyOf,
  lastSent,
  renderRoom,
  sent,
} from './fixtures.tsx';

const square = (name: string) => screen.getByRole('gridcell', { name: new RegExp(`^${name},`) });

/** Shows `g` as a game of ann against a bot (bob); returns the controls toolbar. */
async function showBotGame(room: Awaited<ReturnType<typeof renderRoom>>, g: GameState) {
  const history = historyOf(g, 0);
  history.players[1].isBot = true;
  history.request!.playerVsBot = true;
  room.deliverHistory(history);
  await screen.findByRole('list', { name: 'Your rack' });
  return screen.getByRole('toolbar', { name: 'Game controls' });
}

describe('the game room', () => {
  beforeEach(() => localStorage.clear());

  it('places tiles by clicking a square and typing, shows the tentative score and plays with Enter', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });

    await user.click(square('H8'));
    expect(square('H8').getAttribute('aria-label')).toContain('arrow across');
    await user.keyboard('cat');
    expect(square('H8').getAttribute('aria-label')).toMatch(/^H8, C, 3 points, not played yet/);
    expect(square('J8').getAttribute('aria-label')).toMatch(/^J8, T/);
    // C3 A1 T1 on the centre's double word: 10.
    expect(document.querySelector('.tentative-score')?.textContent).toBe('10');
    expect(
      within(screen.getByRole('list', { name: 'Your rack' })).getAllByRole('button'),
    ).toHaveLength(4);

    await user.keyboard('{Enter}');
    const move = await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT);
    expect(move).toMatchObject({
      type: ClientGameplayEvent_Type.TILE_PLACEMENT,
      gameId: 'g1',
      positionCoords: '8H',
      tiles: 'CAT',
      eventCount: 0,
    });
  });

  it('turns the arrow down on a second click, takes tiles back with Backspace and types a blank as a letter', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'DO?XYZQ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    await user.click(square('H6'));
    await user.click(square('H6'));
    expect(square('H6').getAttribute('aria-label')).toContain('arrow down');
    await user.keyboard('dog');
    expect(square('H8').getAttribute('aria-label')).toMatch(/^H8, blank as G/);
    await user.keyboard('{Backspace}');
    expect(square('H8').getAttribute('aria-label')).toContain('arrow down');
    await user.keyboard('g{Enter}');
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      positionCoords: 'H6',
      tiles: 'DOg',
    });
  });

  it('shows why a placement cannot be played and no score', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    await user.click(square('A1'));
    await user.keyboard('ca');
    expect(await screen.findByText('The first play must cover the centre square.')).toBeTruthy();
    expect(document.querySelector('.tentative-score')).toBeNull();
    await user.keyboard('{Escape}');
    expect(square('A1').getAttribute('aria-label')).not.toContain('not played yet');
  });

  it('asks before passing (key 2) and sends the pass', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    await user.keyboard('2');
    const dialog = await screen.findByRole('dialog', { name: 'Pass' });
    expect(within(dialog).getByText('Are you sure you wish to pass?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      type: ClientGameplayEvent_Type.PASS,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exchanges the tiles chosen in "Exchange tiles" (key 4), a blank as ?', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'QU?AEIO' }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    await user.keyboard('4');
    const dialog = await screen.findByRole('dialog', { name: 'Exchange tiles' });
    const exchange = within(dialog).getByRole('button', { name: /^Exchange/ });
    expect((exchange as HTMLButtonElement).disabled).toBe(true);
    const tiles = within(dialog).getByRole('group', { name: 'Tiles to exchange' });
    await user.click(within(tiles).getByRole('button', { name: 'Q, 10 points' }));
    await user.click(within(tiles).getByRole('button', { name: 'blank' }));
    await user.click(within(dialog).getByRole('button', { name: 'Exchange 2' }));
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      type: ClientGameplayEvent_Type.EXCHANGE,
      tiles: '?Q',
    });
  });

  it('asks for the letter of a blank put on the board ("Designate your blank")', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: '?OXYZQJ' }), 0));
    const rack = await screen.findByRole('list', { name: 'Your rack' });
    await user.click(square('H8'));
    await user.click(within(rack).getByRole('button', { name: 'blank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Designate your blank' });
    await user.click(within(dialog).getByRole('button', { name: 'N' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(square('H8').getAttribute('aria-label')).toMatch(/^H8, blank as N/);
    await user.click(square('I8'));
    await user.keyboard('o{Enter}');
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      positionCoords: '8H',
      tiles: 'nO',
    });
  });

  it('confirms a resignation with the spec’s words, hides Challenge under the void rule and warns off turn', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    const g = engineGame({ rack: 'CATSXYZ', challengeRule: 'VOID' });
    pass(g, 0);
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('list', { name: 'Your rack' });
    const controls = screen.getByRole('toolbar', { name: 'Game controls' });
    expect(within(controls).queryByRole('button', { name: 'Challenge' })).toBeNull();
    await user.click(within(controls).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('It is not your turn.')).toBeTruthy();
    await user.click(within(controls).getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Nudge' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Resign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resign' });
    expect(
      within(dialog).getByText(
        'Are you sure you wish to resign? If this is a rated game, your rating may be affected.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      type: ClientGameplayEvent_Type.RESIGN,
    });
  });

  it('offers to wake a bot on its turn, asks the server, and says so (no Nudge or Cancel against a bot)', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const room = await renderRoom({
      extra: (router) =>
        router.service(GameMetadataService, {
          unfreezeBot(req) {
            asked.push(req.gameId);
            if (asked.length > 1)
              throw new ConnectError('It is not the bot’s turn.', Code.FailedPrecondition);
            return { prompted: true };
          },
        }),
    });
    const g = engineGame({ rack: 'CATSXYZ' });
    pass(g, 0);
    const controls = await showBotGame(room, g);
    await user.click(within(controls).getByRole('button', { name: 'Options' }));
    expect(screen.queryByRole('menuitem', { name: 'Nudge' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Cancel Game' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Wake the bot' }));
    expect(await screen.findByText('The bot was asked to move.')).toBeTruthy();
    expect(asked).toEqual([GAME_ID]);
    await user.click(within(controls).getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Wake the bot' }));
    expect(await screen.findByText('It is not the bot’s turn.')).toBeTruthy();
  });

  it('does not offer to wake the bot on the player’s own turn or in a game between people', async () => {
    const user = userEvent.setup();
    const room = await renderRoom();
    const g = engineGame({ rack: 'CATSXYZ' });
    const controls = await showBotGame(room, g);
    await user.click(within(controls).getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Resign' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Wake the bot' })).toBeNull();
    await user.keyboard('{Escape}');
    pass(g, 0);
    room.deliverHistory(historyOf(g, 0));
    await user.click(within(controls).getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Nudge' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Wake the bot' })).toBeNull();
  });

  it('applies the opponent’s move from the socket and asks again when an update was missed', async () => {
    const room = await renderRoom();
    const g = engineGame({ rack: 'CATSXYZ' });
    pass(g, 0);
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('list', { name: 'Your rack' });
    const before = sent(room.socket, MessageType.READY_FOR_GAME).length;
    const bob = bobPlaysAtH8();
    deliverOpponentMove(room.socket, bob.after, bob.events, {
      newRack: 'ACSTXYZ',
      clocks: { remainingMs: [600_000, 590_000], running: 0, maxOvertimeMinutes: 1 },
    });
    await waitFor(() => expect(square('H8').getAttribute('aria-label')).toMatch(/^H8, [A-Z]/));
    const card = screen.getByRole('region', { name: 'Turn 3' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByText('bob')).toBeTruthy();
    // An update that skips an event: the page asks for the whole state.
    act(() =>
      room.socket.deliver(
        encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
          gameId: 'g1',
          events: [],
          eventCount: 9,
          playerOnTurn: 1,
        }),
      ),
    );
    await waitFor(() =>
      expect(sent(room.socket, MessageType.READY_FOR_GAME).length).toBeGreaterThan(before),
    );
  });
});
