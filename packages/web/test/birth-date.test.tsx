import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_WARNING_INTERVAL_MS,
  BIRTH_DATE_WARNING_KEY,
} from '../src/features/shell/BirthDateWarning.tsx';
import { FakeSocket, fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

describe('the birth-date warning', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    localStorage.clear();
  });

  it('asks a child account for the birth date, linking to the settings', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'kit', child: true }).transport });
    const alert = await screen.findByText(/Your birth date is missing/);
    expect(screen.getByRole('link', { name: 'your settings' }).getAttribute('href')).toBe(
      '/settings/personal',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(alert.isConnected).toBe(false);
  });

  it('comes back only once a day has passed', async () => {
    localStorage.setItem(
      BIRTH_DATE_WARNING_KEY,
      String(Date.now() - BIRTH_DATE_WARNING_INTERVAL_MS + 60_000),
    );
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'kit', child: true }).transport });
    // The account button and the warning render from the same session, in one commit.
    await screen.findByRole('button', { name: 'kit' });
    expect(screen.queryByText(/Your birth date is missing/)).toBeNull();
  });

  it('is not shown to an adult account', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'ada' }).transport });
    // The account button and the warning render from the same session, in one commit.
    await screen.findByRole('button', { name: 'ada' });
    expect(screen.queryByText(/Your birth date is missing/)).toBeNull();
  });
});
