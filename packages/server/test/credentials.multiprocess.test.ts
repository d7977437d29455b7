import { MessageType, renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, sessionCookie, TestSocket, useTestServer } from './harness.ts';

/**
 * Password checks are throttled even when they arrive all at once, and
 * credentials do not outlive a password change, a reset or a closure:
 * the API key is revoked and open sockets are signed out.
 */
const server = useTestServer();

const auth = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'AuthenticationService', method, body, { cookie });
const RATE_LIMITED = /^Too many attempts/;

describe('password throttling', () => {
  it('checks at most ten of thirty parallel wrong passwords for one account', async () => {
    const u = await registerUser(server);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        auth('Login', { username: u.username, password: 'wrong password' }),
      ),
    );
    const failed = answers.filter((a) => a.error === 'Password incorrect or user not found');
    const limited = answers.filter((a) => RATE_LIMITED.test(a.error ?? ''));
    expect(failed).toHaveLength(10);
    expect(limited).toHaveLength(20);
    // The right password is refused too while the account is throttled.
    expect((await auth('Login', { username: u.username, password: u.password })).error).toMatch(
      RATE_LIMITED,
    );
  });

  it('throttles the old password of a password change and the password of a closure', async () => {
    const u = await registerUser(server);
    const tries = await Promise.all(
      Array.from({ length: 15 }, () =>
        auth(
          'ChangePassword',
          { oldPassword: 'not mine', newPassword: 'brand new pass' },
          u.cookie,
        ),
      ),
    );
    expect(tries.filter((t) => RATE_LIMITED.test(t.error ?? ''))).toHaveLength(5);
    const closing = await auth('NotifyAccountClosure', { password: 'not mine' }, u.cookie);
    expect(closing.error).toMatch(RATE_LIMITED);
  });
});

describe('revoked credentials', () => {
  it('revokes the API key when the password changes', async () => {
    const u = await registerUser(server);
    const key = (await auth('GetAPIKey', {}, u.cookie)).body.key as string;
    const asScript = () =>
      rpc(server, 'AuthenticationService', 'GetSession', {}, { headers: { 'x-api-key': key } });
    expect((await asScript()).body.userId).toBe(u.userId);
    const changed = await auth(
      'ChangePassword',
      { oldPassword: u.password, newPassword: 'a new password' },
      u.cookie,
    );
    expect(changed.status).toBe(200);
    expect((await asScript()).body.userId ?? '').toBe('');
    const fresh = (await auth('GetAPIKey', {}, sessionCookie(changed))).body.key as string;
    expect(fresh).not.toBe(key);
  });

  it('signs out open sockets when the password changes or the account closes', async () => {
    const u = await registerUser(server);
    const open = async () => {
      const s = await TestSocket.withToken(server, u.cookie, '/');
      await s.next(MessageType.SESSION_INFO);
      return s;
    };
    const s1 = await open();
    const changed = await auth(
      'ChangePassword',
      { oldPassword: u.password, newPassword: 'another password' },
      u.cookie,
    );
    expect((await s1.waitClosed()).code).toBe(4003);
    const told = s1.received.find((r) => r.type === MessageType.ERROR_MESSAGE);
    expect(renderError(told?.message.message as string)).toMatch(/signed out/);

    const cookie = sessionCookie(changed);
    const s2 = await TestSocket.withToken(server, cookie, '/');
    await s2.next(MessageType.SESSION_INFO);
    await auth('NotifyAccountClosure', { password: 'another password' }, cookie);
    expect((await s2.waitClosed()).code).toBe(4003);
  });
});
