import { describe, expect, it } from 'vitest';
import { rpc, uniqueName, useTestServer } from './harness.ts';

const server = useTestServer();

const base = () => {
  const username = uniqueName('reg');
  return {
    username,
    password: 'long enough',
    email: `${username}@example.com`,
    birthDate: '1985-02-28',
    firstName: 'Ada',
    lastName: 'Lovelace',
    countryCode: 'gb',
  };
};

const register = (fields: Record<string, unknown>) =>
  rpc(server, 'RegistrationService', 'Register', fields);

describe('registration', () => {
  it('logs the new user in with an HttpOnly, SameSite session cookie', async () => {
    const r = await register(base());
    expect(r.status).toBe(200);
    const cookie = r.setCookie.find((c) => c.startsWith('tessera_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http on localhost
    const session = await rpc(
      server,
      'AuthenticationService',
      'GetSession',
      {},
      { cookie: cookie.split(';')[0] },
    );
    expect(session.body).toMatchObject({ loggedIn: true });
  });

  it.each([
    ['username', '', 'Please input your username'],
    ['username', 'ab', 'Min username length is 3'],
    ['username', 'a'.repeat(21), 'Max username length is 20'],
    ['username', 'bad name', 'Valid characters are A-Z a-z 0-9 . _ -'],
    ['username', 'émile', 'Valid characters are A-Z a-z 0-9 . _ -'],
    ['username', "x'; DROP TABLE users;--", 'Max username length is 20'],
    ['username', 'ab;cd', 'Valid characters are A-Z a-z 0-9 . _ -'],
    ['username', '_abc', 'Username must start and end with a letter or digit'],
    ['username', 'abc.', 'Username must start and end with a letter or digit'],
    ['email', '', "We need your email. We won't spam you"],
    ['email', 'not-an-email', 'This is not a valid email'],
    ['email', 'a@b', 'This is not a valid email'],
    ['email', 'a b@example.com', 'This is not a valid email'],
    ['password', '', 'Please input your password!'],
    ['password', 'short', 'Password should be at least 8 characters'],
    ['birthDate', '', 'Please input your birth date'],
    ['birthDate', '2001-02-29', 'Please input your birth date'],
    ['birthDate', '1899-12-31', 'Please input your birth date'],
    ['birthDate', '2999-01-01', 'Please input your birth date'],
    ['birthDate', '1990-13-01', 'Please input your birth date'],
    ['birthDate', '17/05/1990', 'Please input your birth date'],
    ['firstName', 'x'.repeat(51), 'Names can be at most 50 characters'],
    ['countryCode', 'xyz', 'Unknown country code'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const r = await register({ ...base(), [field]: value });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_argument');
    expect(r.error).toBe(message);
    expect(r.setCookie).toEqual([]);
  });

  it('accepts the edge cases the rules allow', async () => {
    for (const username of ['abc', 'a'.repeat(20), 'a.b_c-d', '9lives']) {
      const r = await register({ ...base(), username, email: `${username}@example.org` });
      expect(r.status, username).toBe(200);
    }
    const leap = await register({ ...base(), birthDate: '2000-02-29' });
    expect(leap.status).toBe(200);
  });

  it('treats usernames and e-mail addresses case-insensitively when checking they are free', async () => {
    const first = base();
    expect((await register(first)).status).toBe(200);
    const sameName = await register({ ...base(), username: first.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.error).toBe('That username is already taken');
    const sameEmail = await register({ ...base(), email: first.email.toUpperCase() });
    expect(sameEmail.error).toBe('That email is already registered');
  });

  it('answers malformed requests with a clear error and keeps serving', async () => {
    const badJson = await rpc(server, 'RegistrationService', 'Register', null, {
      raw: '{"username":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('invalid_argument');
    const wrongType = await rpc(server, 'RegistrationService', 'Register', null, {
      raw: '{"username":{"$ne":1}}',
    });
    expect(wrongType.body.code).toBe('invalid_argument');
    const binary = await fetch(`${server.url}/api/tessera.v1.RegistrationService/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/proto' },
      body: new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]),
    });
    expect(binary.status).toBe(400);
    expect(((await binary.json()) as { code: string }).code).toBe('invalid_argument');
    const huge = await rpc(server, 'RegistrationService', 'Register', {
      ...base(),
      firstName: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    // The same sent in pieces, with no length given: refused on the limit too.
    const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const streamed = await fetch(`${server.url}/api/tessera.v1.RegistrationService/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent++ < 40) c.enqueue(piece);
          else c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBeGreaterThanOrEqual(400);
    expect(streamed.status).toBeLessThan(500);
    // Still healthy, and nothing half-written.
    const ok = await register(base());
    expect(ok.status).toBe(200);
  });

  it('stores hostile strings verbatim without breaking anything', async () => {
    const f = { ...base(), firstName: "Robert'); DROP TABLE users;--", lastName: '\u0000<script>' };
    const r = await register(f);
    // NUL cannot be stored in PostgreSQL text: refused cleanly or stored without it, never a 500.
    expect(r.status).toBeLessThan(500);
    const again = await register({ ...base(), firstName: "Robert'); DROP TABLE users;--" });
    expect(again.status).toBe(200);
    const login = await rpc(server, 'AuthenticationService', 'Login', {
      username: f.username,
      password: f.password,
    });
    expect([200, 401]).toContain(login.status);
  });
});
