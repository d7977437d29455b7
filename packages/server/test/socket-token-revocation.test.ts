import { MessageType, renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, sessionCookie, TestSocket, useTestServer } from './harness.ts';

/**
 * Issue 37, item 5: a socket token lives a minute, but one fetched before a
 * password change, a reset by mail or a closure no longer opens a signed-in
 * socket after it. A token fetched afterwards works.
 */
const server = useTestServer();

const auth = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'AuthenticationService', method, body, { cookie });

const tokenOf = async (cookie: string) => {
  const r = await rpc<{ token: string }>(
    server,
    'AuthenticationService',
    'GetSocketToken',
    {},
    { cookie },
  );
  expect(r.status).toBe(200);
  return r.body.token;
};

/** Opens a socket with the token: its session info when signed in, or the refusal. */
async function openWith(token: string) {
  const s = await TestSocket.open(server, `?token=${token}&path=%2F`);
  await s.until(
    () =>
      !!s.closed ||
      s.received.some(
        (r) => r.type === MessageType.SESSION_INFO || r.type === MessageType.ERROR_MESSAGE,
      ),
  );
  const info = s.received.find((r) => r.type === MessageType.SESSION_INFO)?.message;
  const error = s.received.find((r) => r.type === MessageType.ERROR_MESSAGE)?.message;
  s.close();
  return {
    userId: (info?.userId as string | undefined) ?? '',
    error: error ? renderError(error.message as string) : '',
  };
}

async function resetCode(email: string): Promise<string> {
  const mail = (await server.core.mailer.outbox(50)).find((m) => m.to === email);
  const code = /Your reset code: (\S+)/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset mail to ${email}`);
  return code;
}

describe('socket tokens', () => {
  it('fetched before a password change are refused after it', async () => {
    const u = await registerUser(server);
    const early = await tokenOf(u.cookie);
    expect((await openWith(early)).userId).toBe(u.userId);
    const changed = await auth(
      'ChangePassword',
      { oldPassword: u.password, newPassword: 'a changed password' },
      u.cookie,
    );
    expect(changed.status).toBe(200);
    const refused = await openWith(early);
    expect(refused.userId).toBe('');
    expect(refused.error).not.toBe('');
    // The new session's token opens a signed-in socket.
    expect((await openWith(await tokenOf(sessionCookie(changed)))).userId).toBe(u.userId);
  });

  it('fetched before a reset by mail are refused after it', async () => {
    const u = await registerUser(server);
    const email = `${u.username}@example.com`;
    const early = await tokenOf(u.cookie);
    expect((await auth('ResetPasswordStep1', { email })).status).toBe(200);
    const code = await resetCode(email);
    expect(
      (await auth('ResetPasswordStep2', { resetCode: code, password: 'reset password!' })).status,
    ).toBe(200);
    expect((await openWith(early)).userId).toBe('');
    const login = await auth('Login', { username: u.username, password: 'reset password!' });
    expect((await openWith(await tokenOf(sessionCookie(login)))).userId).toBe(u.userId);
  });

  it('fetched before the account closed are refused after it', async () => {
    const u = await registerUser(server);
    const early = await tokenOf(u.cookie);
    expect((await auth('NotifyAccountClosure', { password: u.password }, u.cookie)).status).toBe(
      200,
    );
    expect((await openWith(early)).userId).toBe('');
  });
});
