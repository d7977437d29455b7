import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, type RpcResult, useTestServer } from './harness.ts';

/**
 * Issue 37, item 8 (decision 0118): wrong passwords are still throttled, but a
 * stranger's failures no longer lock the owner out. The owner's browser holds
 * the account's signed device cookie (set at sign-in and by a reset) and is
 * counted apart, with growing delays for its own failures; a reset by mail
 * unlocks the account everywhere.
 */
const server = useTestServer();

const RATE_LIMITED = /^Too many attempts; please try again in (\d+) seconds\.$/;
const FAILED = 'Password incorrect or user not found';

const login = (username: string, password: string, cookie?: string) =>
  rpc(server, 'AuthenticationService', 'Login', { username, password }, { cookie });

/** "name=value" of the device cookie a response set. */
function deviceCookie(r: RpcResult): string {
  const c = r.setCookie.find((h) => h.startsWith('tessera_device='));
  if (!c) throw new Error(`no device cookie in ${JSON.stringify(r.setCookie)}`);
  return c.split(';')[0];
}

/**
 * Moves every recorded login attempt of this user's own devices `seconds`
 * into the past: the delays are measured from those rows, so this is the
 * time passing for the throttle without the test waiting for it.
 */
async function age(userId: string, seconds: number): Promise<void> {
  await sql`UPDATE auth_attempts SET at = at - make_interval(secs => ${seconds})
    WHERE key LIKE ${`login:device:${userId}:%`}`.execute(server.core.database.db);
}

async function resetCode(email: string): Promise<string> {
  const mail = (await server.core.mailer.outbox(50)).find((m) => m.to === email);
  const code = /Your reset code: (\S+)/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset mail to ${email}`);
  return code;
}

describe('a stranger guessing passwords', () => {
  it('is throttled, while the owner signs in from their own browser, and a reset unlocks the rest', async () => {
    const owner = await registerUser(server);
    const signedIn = await login(owner.username, owner.password);
    expect(signedIn.status).toBe(200);
    const device = deviceCookie(signedIn);

    // The stranger (no device cookie): ten wrong passwords are checked, the rest refused.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(owner.username, `guess number ${i}`)),
    );
    expect(guesses.filter((g) => g.error === FAILED)).toHaveLength(10);
    expect(guesses.filter((g) => RATE_LIMITED.test(g.error ?? ''))).toHaveLength(20);
    // Even the right password is refused to the stranger's browser now.
    expect((await login(owner.username, owner.password)).error).toMatch(RATE_LIMITED);

    // The owner, from the browser that signed in before, is not locked out.
    const owners = await login(owner.username, owner.password, device);
    expect(owners.status).toBe(200);
    expect(owners.setCookie.some((h) => h.startsWith('tessera_device='))).toBe(false);

    // A forged cookie, or another account's, counts as a stranger's browser.
    const other = await registerUser(server);
    const otherDevice = deviceCookie(await login(other.username, other.password));
    expect((await login(owner.username, owner.password, otherDevice)).error).toMatch(RATE_LIMITED);
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await login(owner.username, owner.password, forged)).error).toMatch(RATE_LIMITED);

    // The owner on a new browser is refused like the stranger, until a reset by mail.
    const email = `${owner.username}@example.com`;
    const reset = await rpc(server, 'AuthenticationService', 'ResetPasswordStep1', { email });
    expect(reset.status).toBe(200);
    const done = await rpc(server, 'AuthenticationService', 'ResetPasswordStep2', {
      resetCode: await resetCode(email),
      password: 'after the reset',
    });
    expect(done.status).toBe(200);
    // The browser that completed the reset is the owner's from now on.
    expect(deviceCookie(done)).toMatch(/^tessera_device=/);
    expect((await login(owner.username, 'after the reset')).status).toBe(200);
  });
});

describe('the owner’s own browser', () => {
  it('waits longer after each of its own failures, but is never locked', async () => {
    const owner = await registerUser(server);
    const device = deviceCookie(await login(owner.username, owner.password));
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.username, `mistyped ${i}`, device)).error).toBe(FAILED);
    }
    const first = await login(owner.username, owner.password, device);
    expect(first.error).toMatch(RATE_LIMITED);
    expect(Number(RATE_LIMITED.exec(first.error!)![1])).toBe(1);
    // The delay after the sixth failure is one second: a second later, checked again.
    await age(owner.userId, 1.1);
    expect((await login(owner.username, 'mistyped again', device)).error).toBe(FAILED);
    const second = await login(owner.username, owner.password, device);
    expect(Number(RATE_LIMITED.exec(second.error ?? '')?.[1])).toBe(2);
    // Two seconds later the right password gets in.
    await age(owner.userId, 2.1);
    expect((await login(owner.username, owner.password, device)).status).toBe(200);
  });
});
