import { renderError } from '@tessera/protocol';

export const summary = 'accounts and roles: create-admin, grant, revoke, roles';

const USAGE = `usage:
  tessera admin create-admin USERNAME EMAIL PASSWORD   create an account holding the Admin role
  tessera admin grant USERNAME ROLE                     give a role (quote names with spaces)
  tessera admin revoke USERNAME ROLE                    take a role away
  tessera admin roles                                   list the roles and their permissions`;

/**
 * Operator commands that work on the database directly (no server needed),
 * e.g. to create the first administrator of a fresh installation.
 */
export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { openCore, ROLES, isRoleName } = await import('@tessera/server');
  if (sub === 'roles') {
    for (const [role, perms] of Object.entries(ROLES)) console.log(`${role}: ${perms.join(', ')}`);
    return 0;
  }
  const need = { 'create-admin': 3, grant: 2, revoke: 2 }[sub ?? ''];
  if (need === undefined || rest.length !== need) {
    console.error(USAGE);
    return 2;
  }
  const core = await openCore({ logLevel: 'silent' });
  try {
    if (sub === 'create-admin') {
      const [username, email, password] = rest;
      const existing = await core.accounts.findByUsername(username);
      const account =
        existing ??
        (await core.accounts.register({
          username,
          email,
          password,
          birthDate: '1970-01-01',
          firstName: '',
          lastName: '',
          countryCode: '',
        }));
      await core.roles.grant(account.id, 'Admin');
      console.log(
        `${account.username} is an administrator${existing ? ' (existing account)' : ''}.`,
      );
      return 0;
    }
    const [username, role] = rest;
    if (!isRoleName(role)) {
      console.error(`unknown role '${role}'; roles: ${Object.keys(ROLES).join(', ')}`);
      return 2;
    }
    const account = await core.accounts.findByUsername(username);
    if (!account) {
      console.error(`no user named '${username}'`);
      return 1;
    }
    if (sub === 'grant') await core.roles.grant(account.id, role);
    else await core.roles.revoke(account.id, role);
    console.log(
      `${account.username}: ${(await core.roles.rolesOf(account.id)).join(', ') || 'no roles'}`,
    );
    return 0;
  } catch (e) {
    const raw = (e as { rawMessage?: string }).rawMessage;
    console.error(raw ? renderError(raw) : String(e));
    return 1;
  } finally {
    await core.close();
  }
}
