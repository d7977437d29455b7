import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ChallengeRule,
  GameMode,
  MessageType,
  RatingMode,
  SeekRequestSchema,
} from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKey } from '../../src/features/lobby/seek-form/model.ts';
import { FakeSocket } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { communityServer, connect, sentOf } from './harness.ts';

async function openLobby() {
  const server = communityServer({ loggedInAs: 'erin' });
  renderApp('/', { transport: server.transport });
  await screen.findByRole('button', { name: 'erin' });
  const socket = await connect({ userId: 'u1', username: 'erin' });
  return { server, socket, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByLabelText('Dictionary');
  return within(dialog);
}

describe('the seek forms', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('opens Create a game with the defaults: the server’s default lexicon, 20 minutes, 1 minute overtime, rated', async () => {
    const { user } = await openLobby();
    const form = await open(user, 'Create a game');
    expect((form.getByLabelText('Dictionary') as HTMLSelectElement).value).toBe('ENABLE');
    expect(form.getByLabelText('Initial time').getAttribute('aria-valuetext')).toBe('20 minutes');
    expect(form.getByRole('radio', { name: 'Max overtime' })).toHaveProperty('checked', true);
    expect((form.getByLabelText('Max overtime (minutes)') as HTMLInputElement).value).toBe('1');
    expect(form.getByRole('switch', { name: 'Rated' })).toHaveProperty('checked', true);
    expect(form.getByLabelText('Rating range').getAttribute('aria-valuetext')).toBe('± 300');
    expect(form.getByRole('radio', { name: 'Everyone' })).toHaveProperty('checked', true);
    // The default's size, and its source and licence on asking.
    expect(form.getByText('168,551 words')).toBeDefined();
    await user.click(form.getByRole('button', { name: 'Source and licence' }));
    expect(
      form.getByText('Licence: Public domain (ENABLE, first edition, by Alan Beale and M. Cooper)'),
    ).toBeDefined();
  });

  it('sends a seek with the rating range and visibility, and remembers it for next time', async () => {
    const { user, socket } = await openLobby();
    let form = await open(user, 'Create a game');
    await user.selectOptions(form.getByLabelText('Dictionary'), 'FRA-OPEN');
    await user.selectOptions(
      form.getByLabelText('Challenge rule'),
      String(ChallengeRule.FIVE_POINT),
    );
    await user.click(form.getByRole('radio', { name: 'Increment' }));
    await user.clear(form.getByLabelText('Increment (seconds)'));
    await user.type(form.getByLabelText('Increment (seconds)'), '5');
    await user.click(form.getByRole('switch', { name: 'Rated' }));
    await user.click(form.getByRole('radio', { name: 'Players I follow' }));
    await user.click(form.getByRole('button', { name: 'Create game' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const [sent] = sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema);
    expect(sent.gameRequest).toMatchObject({
      lexicon: 'FRA-OPEN',
      initialTimeSeconds: 1200,
      incrementSeconds: 5,
      maxOvertimeMinutes: 0,
      challengeRule: ChallengeRule.FIVE_POINT,
      gameMode: GameMode.REAL_TIME,
      ratingMode: RatingMode.CASUAL,
      playerVsBot: false,
    });
    expect(sent.gameRequest?.rules).toMatchObject({
      variantName: 'classic',
      boardLayoutName: 'CrosswordGame',
    });
    expect(sent.minimumRatingRange).toBe(-300);
    expect(sent.maximumRatingRange).toBe(300);
    expect(sent.onlyFollowedPlayers).toBe(true);
    expect(sent.requireEstablishedRating).toBe(false);

    form = await open(user, 'Create a game');
    expect((form.getByLabelText('Dictionary') as HTMLSelectElement).value).toBe('FRA-OPEN');
    expect((form.getByLabelText('Increment (seconds)') as HTMLInputElement).value).toBe('5');
    expect(form.getByRole('switch', { name: 'Rated' })).toHaveProperty('checked', false);
    expect(form.getByRole('radio', { name: 'Players I follow' })).toHaveProperty('checked', true);
    // Each form keeps its own last values.
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    const match = await open(user, 'Match a friend');
    expect((match.getByLabelText('Dictionary') as HTMLSelectElement).value).toBe('ENABLE');
    expect(localStorage.getItem(storageKey('seek'))).toContain('FRA-OPEN');
  });

  it('refuses extra time outside 0–10 overtime minutes or 0–60 increment seconds', async () => {
    const { user, socket } = await openLobby();
    const form = await open(user, 'Create a game');
    const overtime = form.getByLabelText('Max overtime (minutes)');
    await user.clear(overtime);
    await user.type(overtime, '11');
    await user.click(form.getByRole('button', { name: 'Create game' }));
    expect(
      form.getByText('Max overtime must be a whole number of minutes from 0 to 10.'),
    ).toBeDefined();
    await user.click(form.getByRole('radio', { name: 'Increment' }));
    const increment = form.getByLabelText('Increment (seconds)');
    await user.clear(increment);
    await user.type(increment, '61');
    expect(
      form.getByText('Increment must be a whole number of seconds from 0 to 60.'),
    ).toBeDefined();
    await user.clear(increment);
    expect(form.getByText('This field is required.')).toBeDefined();
    expect(sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema)).toHaveLength(0);
  });

  it('needs a friend to match: "This field is required."', async () => {
    const { user, socket } = await openLobby();
    const form = await open(user, 'Match a friend');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByText('This field is required.')).toBeDefined();
    expect(document.activeElement).toBe(form.getByLabelText('Friend'));
    await user.type(form.getByLabelText('Friend'), ' frank ');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    const [sent] = sentOf(socket, MessageType.MATCH_REQUEST, SeekRequestSchema);
    expect(sent.receivingUser?.displayName).toBe('frank');
    expect(sent.receiverIsPermanent).toBe(true);
    expect(sent.minimumRatingRange).toBe(0);
  });

  it('fixes the challenge rule to Void for a void-only lexicon and for BeginnerBot', async () => {
    const { user, socket } = await openLobby();
    let form = await open(user, 'Create a game');
    await user.selectOptions(form.getByLabelText('Dictionary'), 'COMMON-EN');
    const rule = form.getByLabelText('Challenge rule') as HTMLSelectElement;
    expect(rule.disabled).toBe(true);
    expect(rule.value).toBe(String(ChallengeRule.VOID));
    expect(form.getByText('This dictionary is played with the Void rule only.')).toBeDefined();
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    form = await open(user, 'Play a computer');
    await user.selectOptions(form.getByLabelText('Computer opponent'), 'BeginnerBot');
    expect((form.getByLabelText('Challenge rule') as HTMLSelectElement).disabled).toBe(true);
    await user.click(form.getByRole('button', { name: 'Start game' }));
    const [sent] = sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema);
    expect(sent.gameRequest).toMatchObject({
      playerVsBot: true,
      botType: 'BeginnerBot',
      challengeRule: ChallengeRule.VOID,
    });
  });

  it('offers correspondence with 5 days per turn by default', async () => {
    const { user, socket } = await openLobby();
    const form = await open(user, 'Create a game');
    await user.click(form.getByRole('radio', { name: 'Correspondence' }));
    expect((form.getByLabelText('Time per turn') as HTMLSelectElement).value).toBe('432000');
    expect(form.queryByLabelText('Initial time')).toBeNull();
    await user.click(form.getByRole('button', { name: 'Create game' }));
    const [sent] = sentOf(socket, MessageType.SEEK_REQUEST, SeekRequestSchema);
    expect(sent.gameRequest).toMatchObject({
      gameMode: GameMode.CORRESPONDENCE,
      initialTimeSeconds: 432000,
      maxOvertimeMinutes: 0,
      incrementSeconds: 0,
    });
  });
});
