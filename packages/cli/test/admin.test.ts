import { describe, expect, it } from 'vitest';
import { cliInDataDir } from './cli-runner.ts';

const { tessera, tesseraProcess } = cliInDataDir('tessera-cli-');

describe('tessera admin and outbox', () => {
  it('creates the first administrator, grants roles and shows an empty outbox', async () => {
    const created = await tesseraProcess(
      'admin',
      'create-admin',
      'boss',
      'boss@example.com',
      'long password',
    );
    expect(created).toMatchObject({ code: 0, out: 'boss is an administrator.\n' });
    const granted = await tessera('admin', 'grant', 'BOSS', 'Special Access Player');
    expect(granted.out).toBe('boss: Admin, Special Access Player\n');
    expect((await tessera('admin', 'grant', 'boss', 'Emperor')).code).toBe(2);
    expect((await tessera('admin', 'grant', 'nobody', 'Admin')).err).toBe(
      "no user named 'nobody'\n",
    );
    const bad = await tessera('admin', 'create-admin', 'x', 'x@example.com', 'long password');
    expect(bad).toMatchObject({ code: 1, err: 'Min username length is 3\n' });
    expect((await tesseraProcess('outbox', '--json')).out).toBe('[]\n');
  }, 120_000);

  it('sets, shows and ends memberships', async () => {
    await tessera('admin', 'create-admin', 'member', 'member@example.com', 'long password');
    expect((await tessera('admin', 'membership', 'member')).out).toBe('member: no membership\n');
    expect((await tessera('admin', 'membership', 'member', 'Chihuahua')).out).toBe(
      'member: Chihuahua, not linked (no bot games); 0 of 4 games this month\n',
    );
    expect((await tessera('admin', 'membership', 'member', 'Dalmatian', 'acct-9')).out).toBe(
      'member: Dalmatian, linked to acct-9; 0 of 50 games this month\n',
    );
    expect((await tessera('admin', 'membership', 'member', 'Poodle')).code).toBe(2);
    expect((await tessera('admin', 'membership', 'ghost', 'Dalmatian')).code).toBe(1);
    expect((await tessera('admin', 'membership', 'member', 'none')).out).toBe(
      'member: no membership\n',
    );
  }, 120_000);

  it('edits the lobby announcements', async () => {
    expect((await tessera('admin', 'announce', 'list')).out).toBe('No announcements.\n');
    const added = await tessera('admin', 'announce', 'add', 'Spring open', '/events', 'Sign up');
    expect(added).toMatchObject({
      code: 0,
      out: '1. Spring open </events>\n   Sign up\n',
      err: '',
    });
    expect(await tessera('admin', 'announce', 'add', 'Bad', 'javascript:x', 'text')).toMatchObject({
      code: 1,
      err: 'Announcement 2: the link must be an http(s) address or a path on this site.\n',
    });
    // Title, link and body are all required (docs/product/community.md §2.6).
    expect(await tessera('admin', 'announce', 'add', 'No body', '/events')).toMatchObject({
      code: 1,
      err: 'Missing body\n',
    });
    expect((await tessera('admin', 'announce', 'remove', '2')).code).toBe(1);
    expect((await tessera('admin', 'announce', 'remove', '1')).out).toBe('No announcements.\n');
    expect((await tessera('admin', 'announce')).code).toBe(2);
  }, 120_000);
});
