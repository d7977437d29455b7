import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from './fakes.ts';
import { renderApp } from './render-app.tsx';

describe('password reset (community.md §4.4)', () => {
  it('is where "Forgot password?" in the Log In modal leads', async () => {
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome back, friend!' });
    await user.click(within(dialog).getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('step 1 checks the address, then says a code was sent', async () => {
    const server = fakeAccountServer();
    renderApp('/password/reset', { transport: server.transport });
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send reset code' });
    await user.click(send);
    expect(screen.getByText("We need your email. We won't spam you")).toBeDefined();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(send);
    expect(screen.getByText('This is not a valid email')).toBeDefined();
    expect(server.resetRequests).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.click(send);
    expect(
      (await screen.findByText('Please check your email; a reset code was sent.')).textContent,
    ).toBe('Please check your email; a reset code was sent.');
    expect(server.resetRequests).toEqual(['ada@example.org']);
  });

  it('step 2 (?t=) wants two equal passwords, then says to log in with the new one', async () => {
    const server = fakeAccountServer();
    server.addUser('ada', 'the old password');
    server.issueResetCode('ada', 'code123');
    renderApp('/password/reset?t=code123', { transport: server.transport });
    const user = userEvent.setup();
    const change = await screen.findByRole('button', { name: 'Change password' });
    // The code comes from the link: no field for it.
    expect(screen.queryByLabelText('Reset code')).toBeNull();
    await user.click(change);
    expect(
      screen.getAllByText('Please input your password!', { selector: '.field-error' }),
    ).toHaveLength(2);

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(change);
    expect(screen.getByText('Password should be at least 8 characters')).toBeDefined();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passwort');
    await user.click(change);
    expect(screen.getByText('New passwords must match')).toBeDefined();
    expect(server.passwordOf('ada')).toBe('the old password');

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(change);
    await screen.findByText(
      'Your password was successfully changed. Please Log In with your new password.',
    );
    expect(server.passwordOf('ada')).toBe('a brand new password');
    const page = screen.getByRole('region', { name: 'Choose a new password' });
    await user.click(within(page).getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back, friend!' })).toBeDefined();
  });

  it("/password/new takes the e-mail's ?t= too, and shows the server's words for a used code", async () => {
    const server = fakeAccountServer();
    server.addUser('ada', 'the old password');
    renderApp('/password/new?t=spent', { transport: server.transport });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That reset code is invalid or has expired',
    );
  });

  it('/password/new without a link asks for the code', async () => {
    const server = fakeAccountServer();
    server.addUser('ada', 'the old password');
    server.issueResetCode('ada', 'typed-code');
    renderApp('/password/new', { transport: server.transport });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reset code'), 'typed-code');
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText(
      'Your password was successfully changed. Please Log In with your new password.',
    );
    expect(server.passwordOf('ada')).toBe('a brand new password');
  });
});
