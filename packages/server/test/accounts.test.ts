import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  registerUser,
  rpc,
  sessionCookie,
  startTestServer,
  uniqueName,
  useTestServer,
} from './harness.ts';

const server = useTestServer();

const auth = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'AuthenticationService', method, body, { cookie });
const session = async (cookie: string) => (await auth('GetSession', {}, cookie)).body;

async function lastResetCode(email: string): Promise<string> {
  const mail = (await server.core.mailer.outbox(50)).find((m) => m.to === email);
  const code = /Your reset code: (\S+)/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset mail to ${email}`);
  return code;
}

describe('login and logout', () => {
  it('signs in with the right password and sets a session cookie kept in the database', async () => {
    const u = await registerUser(server);
    const r = await auth('Login', { username: u.username.toUpperCase(), password: u.password });
    expect(r.status).toBe(200);
    const cookie = sessionCookie(r);
    expect(r.setCookie[0]).toMatch(/HttpOnly; SameSite=Lax/);
    expect(await session(cookie)).toMatchObject({ loggedIn: true, username: u.username });
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions`.execute(
      server.core.database.db,
    );
    expect(rows.rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const u = await registerUser(server);
    const wrong = await auth('Login', { username: u.username, password: 'not it at all' });
    const nobody = await auth('Login', { username: uniqueName('ghost'), password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(wrong.error).toBe('Password incorrect or user not found');
    expect(nobody.error).toBe(wrong.error);
    expect(wrong.setCookie).toEqual([]);
  });

  it('asks for both fields', async () => {
    expect((await auth('Login', { username: '', password: 'x' })).error).toBe(
      'Please input your username',
    );
    expect((await auth('Login', { username: 'abc', password: '' })).error).toBe(
      'Please input your password!',
    );
  });

  it('ends the session on logout, so the old cookie no longer works', async () => {
    const u = await registerUser(server);
    expect(await session(u.cookie)).toMatchObject({ loggedIn: true });
    const out = await auth('Logout', {}, u.cookie);
    expect(out.setCookie[0]).toMatch(/^tessera_session=; .*Max-Age=0/);
    expect(await session(u.cookie)).toEqual({});
  });

  it('ignores forged and garbled cookies', async () => {
    expect(await session('tessera_session=forged')).toEqual({});
    expect(await session('tessera_session=%E0%A4%A')).toEqual({});
  });

  it('answers side-effect-free calls over GET too', async () => {
    const u = await registerUser(server);
    const res = await fetch(
      `${server.url}/api/tessera.v1.AuthenticationService/GetSession?connect=v1&encoding=json&message=%7B%7D`,
      { headers: { cookie: u.cookie } },
    );
    expect(await res.json()).toMatchObject({ loggedIn: true, username: u.username });
  });
});

describe('throttling', () => {
  it('locks an account after ten wrong passwords, even for the right one, and says how long', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 10; i++) {
      expect((await auth('Login', { username: u.username, password: `wrong${i}xx` })).status).toBe(
        401,
      );
    }
    const locked = await auth('Login', { username: u.username, password: u.password });
    expect(locked.status).toBe(429);
    expect(locked.error).toMatch(/^Too many attempts; please try again in \d+ seconds\.$/);
  });

  it('limits one address across many accounts', async () => {
    const addr = { 'x-forwarded-for': '203.0.113.9' };
    // The test server does not trust proxies, so every request counts against 127.0.0.1:
    // use a fresh server so earlier tests' failures do not count.
    const own = await startTestServer();
    try {
      for (let i = 0; i < 50; i++) {
        await rpc(
          own,
          'AuthenticationService',
          'Login',
          { username: `nobody${i}`, password: 'guessing1' },
          { headers: addr },
        );
      }
      const u = await registerUser(own);
      const r = await rpc(own, 'AuthenticationService', 'Login', {
        username: u.username,
        password: u.password,
      });
      expect(r.status).toBe(429);
    } finally {
      await own.dispose();
    }
  }, 60_000);
});

describe('passwords', () => {
  it('changes the password when the old one is right, and signs out other devices', async () => {
    const u = await registerUser(server);
    const other = sessionCookie(
      await auth('Login', { username: u.username, password: u.password }),
    );
    expect(
      (
        await auth(
          'ChangePassword',
          { oldPassword: 'wrong one!', newPassword: 'brand new pw' },
          u.cookie,
        )
      ).error,
    ).toBe('Your old password is incorrect');
    expect(
      (await auth('ChangePassword', { oldPassword: u.password, newPassword: 'short' }, u.cookie))
        .error,
    ).toBe('Password should be at least 8 characters');
    expect(
      (await auth('ChangePassword', { oldPassword: '', newPassword: '' }, u.cookie)).error,
    ).toBe('Both the old and the new password are required');
    const ok = await auth(
      'ChangePassword',
      { oldPassword: u.password, newPassword: 'brand new pw' },
      u.cookie,
    );
    expect(ok.status).toBe(200);
    expect(await session(sessionCookie(ok))).toMatchObject({ loggedIn: true });
    expect(await session(other)).toEqual({});
    expect((await auth('Login', { username: u.username, password: u.password })).status).toBe(401);
    expect((await auth('Login', { username: u.username, password: 'brand new pw' })).status).toBe(
      200,
    );
  });

  it('needs a login to change a password', async () => {
    const r = await auth('ChangePassword', { oldPassword: 'a', newPassword: 'bbbbbbbbbb' });
    expect(r.status).toBe(401);
    expect(r.error).toBe('You must be logged in to do that.');
  });

  it('resets a password with the mailed code exactly once', async () => {
    const u = await registerUser(server);
    const email = `${u.username}@example.com`;
    expect((await auth('ResetPasswordStep1', { email: email.toUpperCase() })).status).toBe(200);
    const code = await lastResetCode(email);
    const mail = (await server.core.mailer.outbox(50)).find((m) => m.to === email)!;
    expect(mail.body).toContain(`/password/new?t=${code}`);
    expect((await auth('ResetPasswordStep2', { resetCode: code, password: 'short' })).error).toBe(
      'Password should be at least 8 characters',
    );
    expect(
      (await auth('ResetPasswordStep2', { resetCode: code, password: 'reset worked' })).status,
    ).toBe(200);
    expect((await auth('Login', { username: u.username, password: 'reset worked' })).status).toBe(
      200,
    );
    const again = await auth('ResetPasswordStep2', { resetCode: code, password: 'second time!' });
    expect(again.error).toBe('That reset code is invalid or has expired');
    expect((await auth('Login', { username: u.username, password: 'second time!' })).status).toBe(
      401,
    );
  });

  it('refuses an expired reset code', async () => {
    const u = await registerUser(server);
    const email = `${u.username}@example.com`;
    await auth('ResetPasswordStep1', { email });
    const code = await lastResetCode(email);
    await sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`.execute(
      server.core.database.db,
    );
    const r = await auth('ResetPasswordStep2', { resetCode: code, password: 'too late now' });
    expect(r.error).toBe('That reset code is invalid or has expired');
    expect((await auth('Login', { username: u.username, password: u.password })).status).toBe(200);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const before = (await server.core.mailer.outbox(500)).length;
    expect((await auth('ResetPasswordStep1', { email: 'nobody-here@example.com' })).status).toBe(
      200,
    );
    expect((await server.core.mailer.outbox(500)).length).toBe(before);
  });

  it('throttles reset requests per address', async () => {
    const u = await registerUser(server);
    const email = `${u.username}@example.com`;
    for (let i = 0; i < 3; i++)
      expect((await auth('ResetPasswordStep1', { email })).status).toBe(200);
    expect((await auth('ResetPasswordStep1', { email })).status).toBe(429);
  });

  it('refuses a garbage reset code', async () => {
    expect(
      (await auth('ResetPasswordStep2', { resetCode: "' OR 1=1 --", password: 'whatever123' }))
        .error,
    ).toBe('That reset code is invalid or has expired');
  });
});

describe('account closure and API keys', () => {
  it('closes an account with the right password and signs it out for good', async () => {
    const u = await registerUser(server);
    expect((await auth('NotifyAccountClosure', { password: 'wrong pass' }, u.cookie)).error).toBe(
      'Your password is incorrect',
    );
    expect((await auth('NotifyAccountClosure', { password: u.password }, u.cookie)).status).toBe(
      200,
    );
    expect(await session(u.cookie)).toEqual({});
    const login = await auth('Login', { username: u.username, password: u.password });
    expect(login.error).toBe('This account has been closed');
  });

  it('keeps one API key until it is reset, and the key identifies the user', async () => {
    const u = await registerUser(server);
    const k1 = (await auth('GetAPIKey', {}, u.cookie)).body.key as string;
    expect(k1).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await auth('GetAPIKey', {}, u.cookie)).body.key).toBe(k1);
    const k2 = (await auth('GetAPIKey', { reset: true }, u.cookie)).body.key as string;
    expect(k2).not.toBe(k1);
    const viaKey = await rpc(
      server,
      'AuthenticationService',
      'GetSession',
      {},
      { headers: { 'x-api-key': k2 } },
    );
    expect(viaKey.body).toMatchObject({ loggedIn: true, username: u.username });
    const oldKey = await rpc(
      server,
      'AuthenticationService',
      'GetSession',
      {},
      { headers: { 'x-api-key': k1 } },
    );
    expect(oldKey.body).toEqual({});
    expect((await auth('GetAPIKey', {})).status).toBe(401);
  });
});
