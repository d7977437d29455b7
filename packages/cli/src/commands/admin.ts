import { Refusal, refusalText, renderError } from '@tessera/protocol';

export const summary =
  'accounts, roles, memberships and announcements: create-admin, grant, revoke, roles, membership, announce';

const USAGE = `usage:
  tessera admin create-admin USERNAME EMAIL PASSWORD   create an account holding the Admin role
  tessera admin grant USERNAME ROLE                     give a role (quote names with spaces)
  tessera admin revoke USERNAME ROLE                    take a role away
  tessera admin roles                                   list the roles and their permissions
  tessera admin membership USERNAME [TIER [ACCOUNT]]    show, set or (TIER none) end a membership;
                                                        ACCOUNT links the membership platform's account
  tessera admin announce list                           print the lobby's announcements
  tessera admin announce add TITLE [LINK] [TEXT]        add an announcement at the end
  tessera admin announce remove N                       remove announcement N (from 1)
  tessera admin announce clear                          remove every announcement`;

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
  if (sub === 'announce') return announce(rest);
  if (sub === 'membership') return membership(rest);
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
    console.error(e instanceof Refusal ? renderError(e.message) : String(e));
    return 1;
  } finally {
    await core.close();
  }
}

/**
 * A user's membership tier, which opens the top bot for a monthly number of
 * games once the membership platform's account is linked.
 */
async function membership(args: string[]): Promise<number> {
  if (args.length < 1 || args.length > 3) {
    console.error(USAGE);
    return 2;
  }
  const [username, tier, linked] = args;
  const { openCore, Memberships, isTier, TIER_ALLOWANCES } = await import('@tessera/server');
  if (tier !== undefined && tier !== 'none' && !isTier(tier)) {
    console.error(
      `unknown tier '${tier}'; tiers: ${Object.keys(TIER_ALLOWANCES).join(', ')}, none`,
    );
    return 2;
  }
  const core = await openCore({ logLevel: 'silent' });
  try {
    const account = await core.accounts.findByUsername(username);
    if (!account) {
      console.error(`no user named '${username}'`);
      return 1;
    }
    const store = new Memberships(core.database.db);
    if (tier !== undefined)
      await store.set(account.id, tier === 'none' ? null : tier, linked ?? null);
    const m = await store.get(account.id);
    if (!m) console.log(`${account.username}: no membership`);
    else {
      const used = await store.used(account.id);
      const link = m.linkedAccount ? `linked to ${m.linkedAccount}` : 'not linked (no bot games)';
      console.log(
        `${account.username}: ${m.tier}, ${link}; ${used} of ${TIER_ALLOWANCES[m.tier]} games this month`,
      );
    }
    return 0;
  } finally {
    await core.close();
  }
}

/** The lobby's announcements, edited in the database the server reads them from. */
async function announce(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const counts: Record<string, [number, number]> = {
    list: [0, 0],
    add: [1, 3],
    remove: [1, 1],
    clear: [0, 0],
  };
  const range = counts[action ?? ''];
  if (!range || rest.length < range[0] || rest.length > range[1]) {
    console.error(USAGE);
    return 2;
  }
  const { openCore, Announcements, announcementProblem } = await import('@tessera/server');
  const core = await openCore({ logLevel: 'silent' });
  try {
    const store = new Announcements(core.database.db);
    let list = await store.list();
    if (action === 'add') {
      const [title, link = '', body = ''] = rest;
      list = [...list, { title, link, body }];
    } else if (action === 'remove') {
      const n = Number(rest[0]);
      if (!Number.isInteger(n) || n < 1 || n > list.length) {
        console.error(`there is no announcement ${rest[0]} (there are ${list.length})`);
        return 1;
      }
      list = list.filter((_, i) => i !== n - 1);
    } else if (action === 'clear') {
      list = [];
    }
    if (action !== 'list') {
      const problem = announcementProblem(list);
      if (problem) {
        console.error(refusalText(problem));
        return 1;
      }
      await store.replace(list);
      list = await store.list();
    }
    if (list.length === 0) console.log('No announcements.');
    list.forEach((a, i) =>
      console.log(
        `${i + 1}. ${a.title}${a.link ? ` <${a.link}>` : ''}${a.body ? `\n   ${a.body}` : ''}`,
      ),
    );
    return 0;
  } finally {
    await core.close();
  }
}
