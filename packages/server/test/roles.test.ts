import { describe, expect, it } from 'vitest';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();

const authz = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'AuthorizationService', method, body, { cookie });
const tokenClaims = async (cookie: string) => {
  const t = await rpc<{ token: string }>(
    server,
    'AuthenticationService',
    'GetSocketToken',
    {},
    { cookie },
  );
  return JSON.parse(Buffer.from(t.body.token.split('.')[1], 'base64url').toString());
};

describe('roles and permissions', () => {
  it('lets an administrator grant and remove roles, and the perms travel in the socket token', async () => {
    const admin = await registerUser(server);
    const player = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    expect((await tokenClaims(admin.cookie)).perms).toContain('adm');

    expect(
      (await authz('AddRole', { username: player.username, roleName: 'Moderator' }, admin.cookie))
        .status,
    ).toBe(200);
    const claims = await tokenClaims(player.cookie);
    expect(claims.perms).toEqual(expect.arrayContaining(['mod', 'can_moderate_users']));
    expect(claims.perms).not.toContain('adm');
    expect((await authz('GetSelfRoles', {}, player.cookie)).body).toEqual({ roles: ['Moderator'] });

    const mods = (await authz('GetModList', {})).body;
    expect(mods).toMatchObject({ adminUserIds: [admin.userId], modUserIds: [player.userId] });

    const table = (await authz('GetUsersWithRoles', {}, admin.cookie)).body as {
      userAndRoleObjs: { username: string; roleName: string }[];
    };
    expect(table.userAndRoleObjs).toEqual(
      expect.arrayContaining([{ username: player.username, roleName: 'Moderator' }]),
    );

    await authz('RemoveRole', { username: player.username, roleName: 'Moderator' }, admin.cookie);
    expect((await tokenClaims(player.cookie)).perms).toEqual([]);
  });

  it('refuses role changes from anyone but an administrator', async () => {
    const mod = await registerUser(server);
    const other = await registerUser(server);
    await server.core.roles.grant(mod.userId, 'Moderator');
    const r = await authz('AddRole', { username: mod.username, roleName: 'Admin' }, mod.cookie);
    expect(r.status).toBe(403);
    expect(r.error).toBe('You do not have permission to do that.');
    expect((await authz('AddRole', { username: other.username, roleName: 'Admin' })).status).toBe(
      401,
    );
    expect(await server.core.roles.rolesOf(mod.userId)).toEqual(['Moderator']);
  });

  it('names an unknown role or user in the error', async () => {
    const admin = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    expect(
      (await authz('AddRole', { username: admin.username, roleName: 'Emperor' }, admin.cookie))
        .error,
    ).toBe('Unknown role Emperor');
    expect(
      (await authz('AddRole', { username: 'nobody-at-all', roleName: 'Moderator' }, admin.cookie))
        .error,
    ).toBe('User not found.');
  });

  it('lists every role with its permission strings', async () => {
    const meta = (await authz('GetRoleMetadata', {})).body as {
      rolesWithPermissions: { roleName: string; permissions: string[] }[];
    };
    expect(meta.rolesWithPermissions.map((r) => r.roleName)).toEqual([
      'Admin',
      'Moderator',
      'Tournament Manager',
      'Special Access Player',
    ]);
    expect(meta.rolesWithPermissions[3].permissions).toEqual(['can_play_special_bots']);
  });
});
