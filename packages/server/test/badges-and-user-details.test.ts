import { describe, expect, it } from 'vitest';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();

const authz = <T = Record<string, unknown>>(method: string, body: unknown, cookie?: string) =>
  rpc<T>(server, 'AuthorizationService', method, body, { cookie });
const admin = <T = Record<string, unknown>>(method: string, body: unknown, cookie?: string) =>
  rpc<T>(server, 'AdminService', method, body, { cookie });

async function administrator() {
  const a = await registerUser(server);
  await server.core.roles.grant(a.userId, 'Admin');
  return a;
}

describe('badges', () => {
  it('an administrator gives and takes a badge; the profile and the public holder list show it', async () => {
    const a = await administrator();
    const p = await registerUser(server);
    const meta = await authz<{ badges: Record<string, string> }>('GetBadgesMetadata', {});
    expect(meta.status).toBe(200);
    expect(Object.keys(meta.body.badges)).toContain('supporter');

    expect(
      (await authz('AddBadge', { username: p.username, code: 'supporter' }, a.cookie)).status,
    ).toBe(200);
    expect(
      (await authz('AddBadge', { username: p.username, code: 'champion' }, a.cookie)).status,
    ).toBe(200);
    const again = await authz('AddBadge', { username: p.username, code: 'supporter' }, a.cookie);
    expect(again.error).toBe(`${p.username} already has the badge supporter.`);

    const users = await authz<{ usernames: string[] }>(
      'GetUsersForBadge',
      { code: 'supporter' },
      a.cookie,
    );
    expect(users.body.usernames).toContain(p.username);
    const holders = await authz<{
      holders: { userId: string; username: string; codes: string[] }[];
    }>('GetBadgeHolders', {});
    expect(holders.body.holders).toContainEqual({
      userId: p.userId,
      username: p.username,
      codes: ['supporter', 'champion'],
    });
    const profile = await rpc<{ badgeCodes?: string[] }>(
      server,
      'ProfileService',
      'GetProfile',
      { username: p.username },
      { cookie: a.cookie },
    );
    expect(profile.body.badgeCodes).toEqual(['supporter', 'champion']);

    expect(
      (await authz('RemoveBadge', { username: p.username, code: 'supporter' }, a.cookie)).status,
    ).toBe(200);
    const gone = await authz('RemoveBadge', { username: p.username, code: 'supporter' }, a.cookie);
    expect(gone.error).toBe(`${p.username} does not have the badge supporter.`);
    expect(
      (await authz<{ usernames?: string[] }>('GetUsersForBadge', { code: 'supporter' }, a.cookie))
        .body.usernames ?? [],
    ).not.toContain(p.username);
  });

  it('names an unknown badge or user', async () => {
    const a = await administrator();
    expect(
      (await authz('AddBadge', { username: a.username, code: 'emperor' }, a.cookie)).error,
    ).toBe('Unknown badge emperor');
    expect(
      (await authz('AddBadge', { username: 'nobody-zz-q', code: 'supporter' }, a.cookie)).error,
    ).toBe('User not found.');
  });
});

describe('roles table and role refusals', () => {
  it('pages the table by user, sorted by username, and refuses a role held or not held', async () => {
    const a = await administrator();
    const p = await registerUser(server);
    expect(
      (await authz('AddRole', { username: p.username, roleName: 'Moderator' }, a.cookie)).status,
    ).toBe(200);
    expect(
      (await authz('AddRole', { username: p.username, roleName: 'Tournament Manager' }, a.cookie))
        .status,
    ).toBe(200);
    expect(
      (await authz('AddRole', { username: p.username, roleName: 'Moderator' }, a.cookie)).error,
    ).toBe(`${p.username} already has the role Moderator.`);
    const all = await authz<{
      userAndRoleObjs: { username: string; roleName: string }[];
      total: number;
    }>('GetUsersWithRoles', { limit: 100 }, a.cookie);
    const names = [...new Set(all.body.userAndRoleObjs.map((r) => r.username))];
    expect(all.body.total).toBe(names.length);
    expect(names).toEqual(
      [...names].sort(
        (x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' }) || x.localeCompare(y),
      ),
    );
    expect(
      all.body.userAndRoleObjs.filter((r) => r.username === p.username).map((r) => r.roleName),
    ).toEqual(['Moderator', 'Tournament Manager']);
    // A page of one user holds both of that user's rows.
    const at = names.indexOf(p.username);
    const one = await authz<{ userAndRoleObjs: { username: string }[] }>(
      'GetUsersWithRoles',
      { limit: 1, offset: at },
      a.cookie,
    );
    expect(one.body.userAndRoleObjs.map((r) => r.username)).toEqual([p.username, p.username]);

    expect(
      (await authz('RemoveRole', { username: p.username, roleName: 'Moderator' }, a.cookie)).status,
    ).toBe(200);
    expect(
      (await authz('RemoveRole', { username: p.username, roleName: 'Moderator' }, a.cookie)).error,
    ).toBe(`${p.username} does not have the role Moderator.`);
    expect(
      (await authz('RemoveRole', { username: a.username, roleName: 'Admin' }, a.cookie)).error,
    ).toBe('You cannot remove your own Admin role; ask another administrator.');
  });
});

describe('user details', () => {
  it('finds a user by username or part of the e-mail address', async () => {
    const a = await administrator();
    const p = await registerUser(server);
    const d = await admin<{ user: Record<string, string> }>(
      'GetUserDetails',
      { username: p.username.toUpperCase() },
      a.cookie,
    );
    expect(d.status).toBe(200);
    expect(d.body.user).toMatchObject({ uuid: p.userId, username: p.username });
    expect(d.body.user.email).toContain('@');
    expect(Date.parse(d.body.user.created)).toBeGreaterThan(Date.now() - 3_600_000);

    const part = d.body.user.email.split('@')[0].slice(-6).toUpperCase();
    const found = await admin<{ users: { uuid: string }[] }>(
      'SearchEmail',
      { partialEmail: part },
      a.cookie,
    );
    expect(found.body.users.map((u) => u.uuid)).toContain(p.userId);

    expect((await admin('GetUserDetails', { username: 'nobody-zz-q' }, a.cookie)).error).toBe(
      'User not found.',
    );
    expect((await admin('GetUserDetails', { username: ' ' }, a.cookie)).error).toBe(
      'Enter a username or part of an e-mail address.',
    );
    expect((await admin('SearchEmail', { partialEmail: 'ab' }, a.cookie)).error).toBe(
      'Enter at least 3 characters of the e-mail address.',
    );
    // "%" and "_" are characters to find, not wildcards.
    expect(
      (await admin<{ users?: unknown[] }>('SearchEmail', { partialEmail: '%%%' }, a.cookie)).body
        .users ?? [],
    ).toEqual([]);
  });
});
