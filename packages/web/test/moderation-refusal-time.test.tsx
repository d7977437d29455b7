// The viewer's zone for this file: UTC+5:30, so a local time cannot pass for the UTC one.
const savedTz = process.env.TZ;
process.env.TZ = 'Asia/Kolkata';

import { Code, ConnectError } from '@connectrpc/connect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessage } from '@tessera/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { errorText, localTime, refusalForReader } from '../src/rpc/errors.ts';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

/**
 * Moderation refusals name their end as ISO 8601 in UTC (decision 0131); the
 * web shows it in the viewer's own time zone wherever the refusal appears.
 */
const END = '2026-03-01T10:00:00Z';
// 10:00 UTC is 15:30 in India.
const LOCAL = localTime(Date.parse(END));
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('a moderation refusal with an end time', () => {
  it('is formatted in the local zone, not UTC', () => {
    expect(LOCAL).toMatch(/3:30|15:30/);
    expect(LOCAL).not.toMatch(/10:00/);
  });

  it('shows the end in local time for each key that names one', () => {
    expect(refusalForReader(errorMessage('MOD_MUTED_UNTIL', END))).toBe(
      `You are muted and cannot chat until ${LOCAL}.`,
    );
    expect(refusalForReader(errorMessage('MOD_GAMES_SUSPENDED_UNTIL', END))).toBe(
      `You cannot start new games until ${LOCAL}.`,
    );
    // The reason is the moderator's own text: an instant in it is left alone.
    expect(refusalForReader(errorMessage('MOD_RATED_GAMES_SUSPENDED_UNTIL', END, END))).toBe(
      `You cannot play rated games until ${LOCAL}. Reason: ${END}`,
    );
    expect(
      errorText(
        new ConnectError(errorMessage('MOD_ACCOUNT_SUSPENDED_UNTIL', END), Code.PermissionDenied),
      ),
    ).toBe(`Your account is suspended until ${LOCAL}.`);
  });

  it('leaves other keys and texts as they are', () => {
    expect(refusalForReader(errorMessage('MOD_MUTED_INDEFINITELY'))).toBe(
      'You are muted and cannot chat until a moderator lifts it.',
    );
    expect(refusalForReader(errorMessage('MOD_ACTION_NOT_ACTIVE', END))).toBe(
      `There is no active ${END} action on this user.`,
    );
    expect(refusalForReader(`until ${END}`)).toBe(`until ${END}`);
  });

  it('reaches the Log In modal: a suspended user reads the end in their own time', async () => {
    const server = fakeAccountServer();
    server.addUser('alice', 'right password');
    server.suspend('alice', END);
    renderApp('/', { transport: server.transport });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome back, friend!' });
    await user.type(within(dialog).getByLabelText('Username'), 'alice');
    await user.type(within(dialog).getByLabelText('Password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `Your account is suspended until ${LOCAL}.`,
    );
    expect(server.whoIsLoggedIn()).toBeNull();
  });
});
