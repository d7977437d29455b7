import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

async function openLoginModal() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Log In' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Welcome back, friend!' }) };
}

describe('the Log In modal', () => {
  it('offers Log In and Sign Up to a logged-out visitor', async () => {
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
  });

  it('is titled "Welcome back, friend!" and asks for username and password', async () => {
    renderApp('/');
    const { dialog } = await openLoginModal();
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('maxlength')).toBe('20');
    expect(document.activeElement).toBe(username);
    expect(within(dialog).getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(
      within(dialog).getByRole('link', { name: 'Forgot password?' }).getAttribute('href'),
    ).toBe('/password/reset');
  });

  it('asks for the missing fields without calling the server', async () => {
    const server = fakeAccountServer();
    renderApp('/', { transport: server.transport });
    const { user, dialog } = await openLoginModal();
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(within(dialog).getByText('Please input your username!')).toBeDefined();
    expect(within(dialog).getByText('Please input your password!')).toBeDefined();
    expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(server.whoIsLoggedIn()).toBeNull();
  });

  it("shows the server's own message when the login fails", async () => {
    const server = fakeAccountServer();
    server.addUser('alice', 'right password');
    renderApp('/', { transport: server.transport });
    const { user, dialog } = await openLoginModal();
    await user.type(within(dialog).getByLabelText('Username'), 'alice');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Password incorrect or user not found',
    );
  });

  it('logs the user in, closes, and puts their name on the user menu', async () => {
    const server = fakeAccountServer();
    server.addUser('alice', 'right password');
    renderApp('/', { transport: server.transport });
    const { user, dialog } = await openLoginModal();
    await user.type(within(dialog).getByLabelText('Username'), 'alice');
    await user.type(within(dialog).getByLabelText('Password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('button', { name: 'alice' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
  });

  it('closes on Escape', async () => {
    renderApp('/');
    const { user } = await openLoginModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the user menu', () => {
  it('holds Profile, Settings, Clubs, Donate and Log out', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'bob' }).transport });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Profile',
      'Settings',
      'Clubs',
      'Donate',
      'Log out',
    ]);
    expect(document.activeElement).toBe(items[0]);
  });

  it('opens from the keyboard and closes on Escape, back on its button', async () => {
    renderApp('/', { transport: fakeAccountServer({ loggedInAs: 'bob' }).transport });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'bob' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeDefined();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('logs out and says "You have been logged out."', async () => {
    const server = fakeAccountServer({ loggedInAs: 'bob' });
    renderApp('/', { transport: server.transport });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('You have been logged out.')).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeDefined();
    await waitFor(() => expect(server.whoIsLoggedIn()).toBeNull());
  });
});
