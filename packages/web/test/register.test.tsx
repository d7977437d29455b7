import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, username = 'newbie') {
  await user.type(screen.getByLabelText('Email'), 'newbie@example.org');
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), 'a long password');
  await user.selectOptions(screen.getByLabelText('Year'), '1994');
  await user.selectOptions(screen.getByLabelText('Month'), '2');
  await user.selectOptions(screen.getByLabelText('Day'), '28');
  await user.type(screen.getByLabelText('First name (optional)'), 'Nora');
  await user.selectOptions(screen.getByLabelText('Country (optional)'), 'nz');
  await user.click(screen.getByLabelText('I agree to the Terms of Service'));
}

describe('the register page', () => {
  it('has every field of the spec, with years from this one back to 1900', async () => {
    renderApp('/register');
    // The page is loaded lazily: the first render of the file waits for its chunk.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up' }, { timeout: 5000 }),
    ).toBeDefined();
    for (const label of [
      'Email',
      'Username',
      'Password',
      'First name (optional)',
      'Last name (optional)',
      'Country (optional)',
      'I agree to the Terms of Service',
    ]) {
      expect(screen.getByLabelText(label)).toBeDefined();
    }
    const birthDate = screen.getByRole('group', { name: 'Birth date' });
    const years = within(birthDate)
      .getAllByRole('option')
      .filter((o) => o.closest('label')?.textContent?.startsWith('Year'))
      .map((o) => o.textContent);
    expect(years[0]).toBe('Year');
    expect(years[1]).toBe(String(new Date().getFullYear()));
    expect(years.at(-1)).toBe('1900');
  });

  it('shows each rule the form breaks, in the words of the spec', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    for (const message of [
      "We need your email. We won't spam you",
      'Please input your username',
      'Please input your password!',
      'Please input your birth date',
      'You must agree to this condition',
    ]) {
      expect(screen.getByText(message)).toBeDefined();
    }
    // The first field in error gets the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('updates the messages as the user corrects the form', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    const username = screen.getByLabelText('Username');
    await user.type(username, 'ab');
    expect(screen.getByText('Min username length is 3')).toBeDefined();
    await user.type(username, ' c');
    expect(screen.getByText('Valid characters are A-Z a-z 0-9 . _ -')).toBeDefined();
    await user.clear(username);
    await user.type(username, 'abc_');
    expect(screen.getByText('Username must start and end with a letter or digit')).toBeDefined();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Password should be at least 8 characters')).toBeDefined();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('This is not a valid email')).toBeDefined();
  });

  it('registers, logs the user in and sends them to the lobby', async () => {
    const server = fakeAccountServer();
    renderApp('/register', { transport: server.transport });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeDefined();
    expect(await screen.findByRole('button', { name: 'newbie' })).toBeDefined();
    expect(server.registered[0]).toMatchObject({
      username: 'newbie',
      email: 'newbie@example.org',
      birthDate: '1994-02-28',
      firstName: 'Nora',
      lastName: '',
      countryCode: 'nz',
    });
  });

  it("shows the server's message when registration fails", async () => {
    const server = fakeAccountServer();
    server.addUser('newbie', 'whatever1');
    renderApp('/register', { transport: server.transport });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That username is already taken');
  });

  it('sends a logged-in user away', async () => {
    renderApp('/register', { transport: fakeAccountServer({ loggedInAs: 'dora' }).transport });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby' })).toBeDefined();
  });

  it('opens the Log In modal from its link', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in here' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back, friend!' })).toBeDefined();
  });
});
