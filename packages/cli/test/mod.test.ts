import { refusalText, Refusal } from '@tessera/protocol';
import { openCore, openOperatorServices } from '@tessera/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInDataDir } from './cli-runner.ts';

const { tessera, tesseraProcess } = cliInDataDir('tessera-cli-mod-');

const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';

/**
 * What the server's checks answer for `username` now: they read the same
 * database, wired as the server wires them (sign-in, the API key, chat).
 */
async function serverChecks(username: string, password: string, apiKey: string, session: string) {
  const core = await openCore({ logLevel: 'silent' });
  const ops = await openOperatorServices(core);
  const text = (p: Promise<unknown>) =>
    p.then(
      () => 'allowed',
      (e) => (e instanceof Refusal ? refusalText(e) : String(e)),
    );
  try {
    const account = (await core.accounts.findByUsername(username))!;
    const mute = await ops.services.moderation.muteRefusal(account.id);
    return {
      login: await text(core.accounts.login(username, password, '127.0.0.1')),
      apiKey: await text(core.accounts.apiKeyAccount(apiKey)),
      oldSession: !!(await core.accounts.sessionAccount(session)),
      chat: mute ? refusalText(mute) : 'allowed',
    };
  } finally {
    await ops.close();
    await core.close();
  }
}

describe('tessera mod', () => {
  let apiKey = '';
  let session = '';

  beforeAll(async () => {
    expect(
      (await tessera('admin', 'create-admin', 'boss', 'boss@example.com', 'long password')).code,
    ).toBe(0);
    const core = await openCore({ logLevel: 'silent' });
    try {
      for (const name of ['mia', 'bob']) {
        await core.accounts.register({
          username: name,
          email: `${name}@example.com`,
          password: 'long password',
          birthDate: '1990-01-01',
          firstName: '',
          lastName: '',
          countryCode: '',
        });
      }
      await core.roles.grant((await core.accounts.findByUsername('mia'))!.id, 'Moderator');
      const bob = (await core.accounts.findByUsername('bob'))!;
      apiKey = await core.accounts.apiKey(bob.id, true);
      session = await core.accounts.openSession(bob.id);
    } finally {
      await core.close();
    }
  }, 120_000);

  it('refuses bad usage, unknown users and authors who may not moderate', async () => {
    expect((await tessera('mod')).code).toBe(2);
    expect((await tessera('mod', 'frobnicate', 'bob')).code).toBe(2);
    expect((await tessera('mod', 'list')).code).toBe(2);
    expect((await tessera('mod', 'apply', 'bob')).code).toBe(2);
    expect(await tessera('mod', 'apply', 'bob', 'MUTE', '2')).toMatchObject({
      code: 2,
      err: 'tessera mod apply needs --as MODERATOR: the account the action is recorded under\n',
    });
    const badType = await tessera('mod', 'apply', 'bob', 'SHOUT', '--as', 'mia');
    expect(badType.code).toBe(2);
    expect(badType.err).toMatch(/^There is no mod action of type SHOUT\. Types: MUTE, /);
    expect((await tessera('mod', 'apply', 'bob', 'REMOVE_CHAT', '--as', 'mia')).err).toMatch(
      /Delete this message/,
    );
    expect(await tessera('mod', 'apply', 'bob', 'MUTE', '5000', '--as', 'mia')).toMatchObject({
      code: 2,
      err: 'The duration must be between 0 and 4320 hours.\n',
    });
    // A lasting action's hours are never a word (it would otherwise last until lifted).
    expect(await tessera('mod', 'apply', 'bob', 'MUTE', 'spam', '--as', 'mia')).toMatchObject({
      code: 2,
      err: 'The duration must be between 0 and 4320 hours.\n',
    });
    expect(
      await tessera('mod', 'apply', 'bob', 'MUTE', '1', 'x'.repeat(201), '--as', 'mia'),
    ).toMatchObject({ code: 2, err: 'The note can be at most 200 characters.\n' });
    expect((await tessera('mod', 'apply', 'bob', 'MUTE', '--as')).code).toBe(2);
    expect((await tessera('mod', 'remove', 'bob', 'MUTE', '3', '--as', 'mia')).code).toBe(2);

    expect(await tessera('mod', 'list', 'ghost')).toMatchObject({
      code: 1,
      err: "no user named 'ghost'\n",
    });
    expect(await tessera('mod', 'apply', 'ghost', 'MUTE', '1', '--as', 'mia')).toMatchObject({
      code: 1,
      err: "no user named 'ghost'\n",
    });
    expect(await tessera('mod', 'apply', 'bob', 'MUTE', '1', '--as', 'nobody')).toMatchObject({
      code: 1,
      err: "no user named 'nobody' (--as)\n",
    });
    expect(await tessera('mod', 'apply', 'mia', 'MUTE', '1', '--as', 'bob')).toMatchObject({
      code: 1,
      err: 'bob is not a moderator (needs can_moderate_users)\n',
    });
    // The service's own rules hold for the author named.
    expect(await tessera('mod', 'apply', 'boss', 'MUTE', '1', '--as', 'mia')).toMatchObject({
      code: 1,
      err: 'Only an administrator can act on an administrator.\n',
    });
    expect(await tessera('mod', 'apply', 'mia', 'MUTE', '1', '--as', 'mia')).toMatchObject({
      code: 1,
      err: 'You cannot apply or remove a mod action on yourself.\n',
    });
    expect(await tessera('mod', 'remove', 'bob', 'MUTE', '--as', 'mia')).toMatchObject({
      code: 1,
      err: 'There is no active MUTE action on this user.\n',
    });
    expect(await tessera('mod', 'list', 'bob')).toMatchObject({
      code: 0,
      out: 'bob: no actions in force\n',
    });
  }, 300_000);

  it('applies, lists, lifts and shows the history, and the server checks bite at once', async () => {
    // One real process, as an operator types it.
    const muted = await tesseraProcess(
      'mod',
      'apply',
      'bob',
      'MUTE',
      '2',
      'spam in the lobby',
      '--as',
      'mia',
    );
    expect(muted.err).toBe('');
    expect(muted.out).toMatch(new RegExp(`^bob: MUTE until ${ISO} \\(UTC\\), by mia\\n$`));
    const end = /until (\S+)/.exec(muted.out)![1];
    const hours = (Date.parse(end) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const suspended = await tessera('mod', 'apply', 'BOB', 'suspend_account', '24', '--as', 'boss');
    expect(suspended.code).toBe(0);
    expect(suspended.out).toMatch(
      new RegExp(
        `^bob: SUSPEND_ACCOUNT until ${ISO} \\(UTC\\), by boss\\n` +
          'Sign-in and the API key are refused now\\. Open sockets close at their next check',
      ),
    );
    const suspendedEnd = /until (\S+)/.exec(suspended.out)![1];

    const list = await tessera('mod', 'list', 'bob');
    expect(list.out).toBe(
      `MUTE until ${end} (UTC), by mia: spam in the lobby\n` +
        `SUSPEND_ACCOUNT until ${suspendedEnd} (UTC), by boss\n`,
    );
    expect(await serverChecks('bob', 'long password', apiKey, session)).toEqual({
      login: `Your account is suspended until ${suspendedEnd}.`,
      apiKey: `Your account is suspended until ${suspendedEnd}.`,
      oldSession: false,
      chat: `You are muted and cannot chat until ${end}.`,
    });

    expect(await tessera('mod', 'remove', 'bob', 'SUSPEND_ACCOUNT', '--as', 'mia')).toMatchObject({
      code: 0,
      out: 'bob: SUSPEND_ACCOUNT lifted by mia\n',
    });
    // An indefinite mute replaces the timed one.
    expect((await tessera('mod', 'apply', 'bob', 'MUTE', '--as', 'boss')).out).toBe(
      'bob: MUTE until lifted, by boss\n',
    );
    expect(
      (await tessera('mod', 'apply', 'bob', 'RESET_RATINGS', 'new start', '--as', 'mia')).out,
    ).toBe('bob: RESET_RATINGS done, by mia\n');
    expect((await tessera('mod', 'list', 'bob')).out).toBe('MUTE until lifted, by boss\n');
    const checks = await serverChecks('bob', 'long password', apiKey, session);
    expect(checks).toMatchObject({
      login: 'allowed',
      apiKey: 'allowed',
      chat: 'You are muted and cannot chat until a moderator lifts it.',
    });

    const history = (await tessera('mod', 'history', 'bob')).out.trimEnd().split('\n');
    expect(history).toHaveLength(4);
    const line = (s: string) => new RegExp(`^${ISO} ${s}$`);
    expect(history[0]).toMatch(line('RESET_RATINGS, by mia: new start'));
    expect(history[1]).toMatch(line('MUTE until lifted, by boss'));
    expect(history[2]).toMatch(
      line(`SUSPEND_ACCOUNT until ${suspendedEnd} \\(UTC\\), by boss; removed ${ISO} by mia`),
    );
    expect(history[3]).toMatch(
      line(`MUTE until ${end} \\(UTC\\), by mia; removed ${ISO} by boss: spam in the lobby`),
    );
    expect((await tessera('mod', 'history', 'mia')).out).toBe('mia: no actions ever\n');
  }, 300_000);
});
