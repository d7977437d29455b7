import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessage, GameMode, MessageType, SeekRequestSchema } from '@tessera/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEXICONS_BUILDING_POLL_MS } from '../../src/rpc/queries.ts';
import { FakeSocket } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { communityServer, connect, LEXICONS, sentOf } from './harness.ts';

/** The seek forms' gaps of the newcomer's audit (issue 25). */

async function openLobby(options: Parameters<typeof communityServer>[0] = {}) {
  const server = communityServer({ loggedInAs: 'erin', ...options });
  renderApp('/', { transport: server.transport });
  await screen.findByRole('button', { name: 'erin' });
  const socket = await connect({ userId: 'u1', username: 'erin' });
  return { server, socket, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

async function open(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByLabelText('Dictionary');
  return within(dialog);
}

const options = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent ?? '');

describe('the seek forms (issue 25 gaps)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeSocket.made = [];
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('offers a correspondence time bank and sends it', async () => {
    const { user, socket } = await openLobby();
    const form = await open(user, 'Create a game');
    await user.click(form.getByRole('radio', { name: 'Correspondence' }));
    const bank = form.getByLabelText('Time bank') as HTMLSelectElement;
    expect(bank.value).toBe('0');
    expect(options(bank)).toEqual([
      'None',
      '1 day',
      '2 days',
      '3 days',
      '7 days',
      '14 days',
      '30 days',
    ]);
    await user.selectOptions(bank, String(3 * 1440));
    await user.click(form.getByRole('button', { name: 'Create game' }));
    const [sent] = sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema);
    expect(sent.gameRequest).toMatchObject({
      gameMode: GameMode.CORRESPONDENCE,
      timeBankMinutes: 3 * 1440,
    });
  });

  it('shows a locked bot and a used-up monthly allowance before the request is sent', async () => {
    const { user, socket } = await openLobby({
      botRefusals: {
        BestBot: errorMessage('BOT_QUOTA', 4, 'December 1, 2026'),
        HastyBot: errorMessage('BOT_LOCKED', 'HastyBot'),
      },
    });
    const form = await open(user, 'Play a computer');
    const bots = form.getByLabelText('Computer opponent');
    await vi.waitFor(() =>
      expect(options(bots).find((o) => o.startsWith('BestBot'))).toMatch(
        /\(no games left this month\)$/,
      ),
    );
    expect(options(bots).find((o) => o.startsWith('HastyBot'))).toMatch(/\(locked\)$/);
    await user.selectOptions(bots, 'BestBot');
    expect(
      form.getByText(
        "You've used your 4 games this month. You can play again on December 1, 2026.",
      ),
    ).toBeDefined();
    await user.click(form.getByRole('button', { name: 'Start game' }));
    expect(sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema)).toEqual([]);
    await user.selectOptions(bots, 'HastyBot');
    expect(
      form.getByText('HastyBot is only available to members and special access players.'),
    ).toBeDefined();
  });

  it('adds lexicons that finish building while the form is open', async () => {
    let built = false;
    const { user } = await openLobby({
      lexicons: () =>
        built
          ? { lexicons: LEXICONS, building: false }
          : { lexicons: LEXICONS.slice(0, 3), building: true },
    });
    const form = await open(user, 'Create a game');
    expect(options(form.getByLabelText('Dictionary'))).toEqual(['ENABLE', 'SCOWL-EN', 'COMMON-EN']);
    built = true;
    await act(() => vi.advanceTimersByTimeAsync(LEXICONS_BUILDING_POLL_MS + 100));
    await vi.waitFor(() =>
      expect(options(form.getByLabelText('Dictionary'))).toEqual([
        'ENABLE',
        'SCOWL-EN',
        'COMMON-EN',
        'FRA-OPEN',
      ]),
    );
  });
});
