import { Code, ConnectError } from '@connectrpc/connect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessage } from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket, fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';
import { spyTransport } from './spy-transport.ts';

/** Leaves the API section for another one and comes back, so ApiSection mounts again. */
async function leaveAndReturn(user: ReturnType<typeof userEvent.setup>) {
  const sections = screen.getByRole('navigation', { name: 'Settings sections' });
  await user.click(within(sections).getByRole('link', { name: 'Preferences' }));
  await screen.findByRole('heading', { level: 1, name: 'Preferences' });
  expect(screen.queryByLabelText('Your API key')).toBeNull();
  await user.click(within(sections).getByRole('link', { name: 'API' }));
}

const keyField = () => screen.getByLabelText('Your API key') as HTMLInputElement;

describe('server data through the shared query cache', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('shows a page’s data at once when it mounts again, without asking the server', async () => {
    const spy = spyTransport(fakeAccountServer({ loggedInAs: 'erin' }).transport);
    renderApp('/settings/api', { transport: spy.transport });
    const user = userEvent.setup();
    const key = ((await screen.findByLabelText('Your API key')) as HTMLInputElement).value;
    expect(spy.count('GetAPIKey')).toBe(1);

    await leaveAndReturn(user);
    expect(keyField().value).toBe(key);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(spy.count('GetAPIKey')).toBe(1);
  });

  it('keeps the key a reset returned, so the page shows it when it comes back', async () => {
    const spy = spyTransport(fakeAccountServer({ loggedInAs: 'erin' }).transport);
    renderApp('/settings/api', { transport: spy.transport });
    const user = userEvent.setup();
    const first = ((await screen.findByLabelText('Your API key')) as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Reset API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Your API key was reset.');
    const reset = keyField().value;
    expect(reset).not.toBe(first);

    await leaveAndReturn(user);
    expect(keyField().value).toBe(reset);
    // The first read and the reset; coming back asked nothing.
    expect(spy.count('GetAPIKey')).toBe(2);
  });

  it('shows a failed call’s coded error as the catalogue’s text', async () => {
    const spy = spyTransport(fakeAccountServer({ loggedInAs: 'erin' }).transport, {
      GetAPIKey: new ConnectError(errorMessage('RATE_LIMITED', 30), Code.ResourceExhausted),
    });
    renderApp('/settings/api', { transport: spy.transport });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts; please try again in 30 seconds.',
    );
    expect(screen.queryByLabelText('Your API key')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
