import { describe, expect, it } from 'vitest';
import { issueHandoverToken } from '../src/modules/auth/handover.ts';
import { issueSocketToken } from '../src/modules/auth/socket-token.ts';
import { registerUser, rpc, sessionCookie, useTestServer } from './harness.ts';

const server = useTestServer();

const handover = (method: string, body: unknown, cookie?: string) =>
  rpc<{ jwt?: string; username?: string }>(server, 'SignedCookieService', method, body, {
    cookie,
  });
const session = async (cookie: string) =>
  (await rpc(server, 'AuthenticationService', 'GetSession', {}, { cookie })).body;

describe('the signed-cookie handover (community.md §4.6)', () => {
  it('carries a login: the token installs a session of its own for the same account', async () => {
    const u = await registerUser(server);
    const got = await handover('GetSignedCookie', {}, u.cookie);
    expect(got.status).toBe(200);
    const installed = await handover('InstallSignedCookie', { jwt: got.body.jwt });
    expect(installed.status).toBe(200);
    expect(installed.body.username).toBe(u.username);
    const cookie = sessionCookie(installed);
    expect(cookie).not.toBe(u.cookie);
    expect(await session(cookie)).toMatchObject({ loggedIn: true, username: u.username });
  });

  it('refuses a visitor with the words the handover page recognises', async () => {
    const r = await handover('GetSignedCookie', {});
    expect(r.status).toBe(401);
    expect(r.error).toBe('authentication is needed for this endpoint');
  });

  it('refuses a forged, an expired and a socket token, and one whose session was closed', async () => {
    const u = await registerUser(server);
    const { jwt } = (await handover('GetSignedCookie', {}, u.cookie)).body;
    const [h, b] = jwt!.split('.');
    const forged = await handover('InstallSignedCookie', { jwt: `${h}.${b}.AAAA` });
    expect(forged.error).toBe('That sign-in link is invalid or has expired');
    expect(forged.setCookie).toEqual([]);

    const session = u.cookie.split('=')[1];
    const old = issueHandoverToken(u.userId, session, server.core.config.secretKey, 0);
    expect((await handover('InstallSignedCookie', { jwt: old })).error).toBe(
      'That sign-in link is invalid or has expired',
    );

    const socket = issueSocketToken(
      { unn: u.username, uid: u.userId, cid: 'c', perms: [] },
      server.core.config.secretKey,
    );
    expect((await handover('InstallSignedCookie', { jwt: socket })).status).toBe(400);

    await rpc(server, 'AuthenticationService', 'Logout', {}, { cookie: u.cookie });
    const afterLogout = await handover('InstallSignedCookie', { jwt });
    expect(afterLogout.error).toBe('That sign-in link is invalid or has expired');
  });
});
