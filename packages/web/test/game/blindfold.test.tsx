import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientGameplayEvent_Type, MessageType } from '@tessera/protocol';
import { resign } from '@tessera/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPreferences } from '../../src/preferences/preferences.ts';
import { engineGame, historyOf, lastSent, renderRoom, sent } from './fixtures.tsx';

const square = (name: string) => screen.getByRole('gridcell', { name: new RegExp(`^${name},`) });
const spoken: { text: string; rate: number; lang: string }[] = [];

class FakeUtterance {
  rate = 1;
  lang = '';
  constructor(public text: string) {}
}

async function blindRoom(o: { rack: string; moves?: string[] }) {
  setPreferences({ blindfold: true });
  const room = await renderRoom();
  room.deliverHistory(historyOf(engineGame(o), 0));
  const input = await screen.findByRole('textbox', { name: 'Blindfold command' });
  return { room, input };
}

const answer = () => screen.getByRole('status', { name: 'Blindfold answer' });

describe('blindfold mode', () => {
  beforeEach(() => {
    localStorage.clear();
    spoken.length = 0;
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    vi.stubGlobal('speechSynthesis', {
      cancel: () => {},
      speak: (u: FakeUtterance) => spoken.push({ text: u.text, rate: u.rate, lang: u.lang }),
    });
  });
  afterEach(() => {
    setPreferences({ blindfold: false });
    vi.unstubAllGlobals();
  });

  it('says the result aloud when the game ends, since the command line goes with it', async () => {
    const g = engineGame({ rack: 'CATSXYZ', moves: ['8H CAT'] });
    setPreferences({ blindfold: true });
    const room = await renderRoom();
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('textbox', { name: 'Blindfold command' });
    resign(g, 1);
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('heading', { name: 'Game over' });
    expect(spoken.at(-1)?.text).toBe(
      `Game over: Resignation. You won, ${g.scores[0]} to ${g.scores[1]}.`,
    );
  });

  it('says nothing on opening a game that is already over', async () => {
    const g = engineGame({ rack: 'CATSXYZ', moves: ['8H CAT'] });
    resign(g, 0);
    setPreferences({ blindfold: true });
    const room = await renderRoom();
    room.deliverHistory(historyOf(g, 0));
    await screen.findByRole('heading', { name: 'Game over' });
    expect(spoken).toEqual([]);
  });

  it('is off by default: tiles and rack show and there is no command line', async () => {
    const room = await renderRoom();
    room.deliverHistory(historyOf(engineGame({ rack: 'CATSXYZ', moves: ['8H CAT'] }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    expect(square('H8').querySelector('.tile')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Blindfold command' })).toBeNull();
  });

  it('hides the board’s tiles and the rack, and lists the commands', async () => {
    await blindRoom({ rack: 'DOGSXYZ', moves: ['8H CAT'] });
    expect(square('H8').querySelector('.tile')).toBeNull();
    expect(square('H8').getAttribute('aria-label')).not.toMatch(/C, 3 points/);
    expect(screen.queryByRole('list', { name: 'Your rack' })).toBeNull();
    const help = screen.getByText('Blindfold commands').closest('details')!;
    for (const c of ['PASS', 'CHAL', 'E TILES', 'P', 'S', 'T', 'R', 'B', 'N', 'W', 'L']) {
      expect(within(help).getByText(c, { selector: 'kbd' })).toBeTruthy();
    }
  });

  it('plays a typed "8H WORD" with Enter, through the play action', async () => {
    const user = userEvent.setup();
    const { room, input } = await blindRoom({ rack: 'CATSXYZ' });
    await user.type(input, '8H cat{Enter}');
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      type: ClientGameplayEvent_Type.TILE_PLACEMENT,
      positionCoords: '8H',
      tiles: 'CAT',
      eventCount: 0,
    });
    expect(answer().textContent).toBe('You played 8H CAT for 10 points.');
    expect(spoken.at(-1)).toEqual({
      text: 'You played 8H CAT for 10 points.',
      rate: 0.8,
      lang: 'en-US',
    });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('plays down from H8, through a letter on the board, and with a blank for a missing letter', async () => {
    const user = userEvent.setup();
    const { room, input } = await blindRoom({ rack: 'RA?DOGS', moves: ['8H CAT', 'J7 A.E'] });
    // Ann is on turn again after bob's A.E; CART down column H through the C at H8, T by the blank.
    await user.type(input, 'H8 CART{Enter}');
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      positionCoords: 'H8',
      tiles: '.ARt',
    });
  });

  it('passes on PASS', async () => {
    const user = userEvent.setup();
    const { room, input } = await blindRoom({ rack: 'CATSXYZ' });
    await user.type(input, 'pass{Enter}');
    expect(await lastSent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toMatchObject({
      type: ClientGameplayEvent_Type.PASS,
    });
    expect(answer().textContent).toBe('You passed.');
  });

  it('reads the rack into the live region on R, and the scores on S', async () => {
    const user = userEvent.setup();
    const { input } = await blindRoom({ rack: 'CAT?XYZ' });
    await user.type(input, 'R{Enter}');
    expect(answer().getAttribute('aria-live')).toBe('polite');
    expect(answer().textContent).toMatch(/^Your rack: /);
    for (const t of ['C', 'A', 'T', 'blank', 'X', 'Y', 'Z']) {
      expect(answer().textContent).toContain(t);
    }
    expect(spoken.at(-1)?.text).toBe(answer().textContent);
    await user.type(input, 's{Enter}');
    expect(answer().textContent).toBe('Scores: you 0, bob 0. Tied.');
  });

  it('answers a bad command, an impossible play and a wrong square with a spoken error and sends nothing', async () => {
    const user = userEvent.setup();
    const { room, input } = await blindRoom({ rack: 'CATSXYZ' });
    const before = sent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT).length;
    await user.type(input, 'XYZZY{Enter}');
    expect(answer().textContent).toMatch(/^Unknown command: XYZZY\./);
    expect(answer().className).toContain('blindfold-error');
    expect(spoken.at(-1)?.text).toBe(answer().textContent);
    await user.type(input, 'A1 CAT{Enter}');
    expect(answer().textContent).toBe('The first play must cover the centre square.');
    await user.type(input, '8H QUA{Enter}');
    expect(answer().textContent).toBe('The tiles played are not all on the rack.');
    await user.type(input, '8H{Enter}');
    expect(answer().textContent).toMatch(/Type the word after the coordinate/);
    expect(sent(room.socket, MessageType.CLIENT_GAMEPLAY_EVENT)).toHaveLength(before);
  });
});
