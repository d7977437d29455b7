import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminService,
  AuthorizationService,
  ConfigService,
  errorMessage,
  type Announcement,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../src/features/admin/admin-tabs.tsx';
import { fakeAccountServer } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';

const LAZY = { timeout: 10_000 };
const ADMIN_PERMS = [
  'adm',
  'can_moderate_users',
  'can_manage_roles',
  'can_manage_tournaments',
  'can_manage_announcements',
  'can_manage_badges',
  'can_manage_puzzles',
  'can_see_user_details',
];

/**
 * The console's side of ConfigService, AdminService and AuthorizationService:
 * a small in-memory site with the server's rules and refusals (codes, not words).
 */
function consoleServer(perms: string[]) {
  let announcements: Announcement[] = [];
  const roles = new Map<string, Set<string>>([
    ['zed', new Set(['Moderator'])],
    ['amy', new Set(['Admin', 'Tournament Manager'])],
  ]);
  const badges = new Map<string, Set<string>>([['supporter', new Set(['amy'])]]);
  const known = ['amy', 'zed', 'bob'];
  const saved: Announcement[][] = [];
  const refuse = (code: Code, ...args: Parameters<typeof errorMessage>) =>
    new ConnectError(errorMessage(...args), code);
  const user = (name: string) => {
    if (!known.includes(name)) throw refuse(Code.NotFound, 'USER_UNKNOWN');
    return name;
  };
  const extra = (router: ConnectRouter) => {
    router.service(ConfigService, {
      getAnnouncements: () => ({ announcements }),
      setAnnouncements(req) {
        for (const a of req.announcements) {
          if (!a.title) throw refuse(Code.InvalidArgument, 'ANNOUNCEMENT_MISSING_TITLE');
          if (!a.link) throw refuse(Code.InvalidArgument, 'ANNOUNCEMENT_MISSING_LINK');
          if (!a.body) throw refuse(Code.InvalidArgument, 'ANNOUNCEMENT_MISSING_BODY');
        }
        announcements = req.announcements;
        saved.push(req.announcements);
        return {};
      },
    });
    router.service(AdminService, {
      getUserDetails(req) {
        const name = user(req.username);
        return {
          user: {
            uuid: `uuid-${name}`,
            username: name,
            email: `${name}@example.com`,
            created: '2025-01-02T03:04:05.000Z',
            birthDate: '1990-05-06',
          },
        };
      },
      searchEmail(req) {
        if (req.partialEmail.length < 3)
          throw refuse(Code.InvalidArgument, 'EMAIL_SEARCH_TOO_SHORT', 3);
        return { users: [] };
      },
    });
    router.service(AuthorizationService, {
      getModList: () => ({ adminUserIds: [], modUserIds: [] }),
      getRoleMetadata: () => ({
        rolesWithPermissions: [
          { roleName: 'Admin', permissions: ['adm', 'can_manage_roles'] },
          { roleName: 'Moderator', permissions: ['mod', 'can_moderate_users'] },
        ],
      }),
      getUsersWithRoles(req) {
        const users = [...roles]
          .filter(([, r]) => r.size > 0)
          .sort(([a], [b]) => a.localeCompare(b));
        const page = users.slice(req.offset, req.offset + req.limit);
        return {
          userAndRoleObjs: page.flatMap(([username, r]) =>
            [...r].sort().map((roleName) => ({ username, roleName })),
          ),
          total: users.length,
        };
      },
      addRole(req) {
        const held = roles.get(user(req.username)) ?? new Set();
        if (held.has(req.roleName))
          throw refuse(Code.AlreadyExists, 'ROLE_ALREADY_HELD', req.username, req.roleName);
        roles.set(req.username, held.add(req.roleName));
        return {};
      },
      removeRole(req) {
        if (!roles.get(user(req.username))?.delete(req.roleName))
          throw refuse(Code.NotFound, 'ROLE_NOT_HELD', req.username, req.roleName);
        return {};
      },
      getBadgesMetadata: () => ({
        badges: { supporter: 'Supporter: donated', champion: 'Champion: won a major' },
      }),
      getBadgeHolders: () => ({ holders: [] }),
      getUsersForBadge: (req) => ({ usernames: [...(badges.get(req.code) ?? [])].sort() }),
      addBadge(req) {
        const held = badges.get(req.code) ?? new Set();
        if (held.has(user(req.username)))
          throw refuse(Code.AlreadyExists, 'BADGE_ALREADY_HELD', req.username, req.code);
        badges.set(req.code, held.add(req.username));
        return {};
      },
      removeBadge(req) {
        if (!badges.get(req.code)?.delete(user(req.username)))
          throw refuse(Code.NotFound, 'BADGE_NOT_HELD', req.username, req.code);
        return {};
      },
    });
  };
  const server = fakeAccountServer({ loggedInAs: 'root', perms, extra });
  return { ...server, saved, roles, badges };
}

async function open(perms: string[], tab?: string) {
  const server = consoleServer(perms);
  renderApp('/admin', { transport: server.transport });
  const user = userEvent.setup();
  if (tab) await user.click(await screen.findByRole('tab', { name: tab }, LAZY));
  return { server, user };
}

describe('the admin console’s tabs', () => {
  it('shows an administrator the spec’s seven tabs in its order, then the reports queue', async () => {
    await open(ADMIN_PERMS);
    const list = await screen.findByRole('tablist', { name: 'Admin tools' }, LAZY);
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Edit Tournament',
      'New Tournament',
      'Edit Announcements',
      'Puzzle Generator',
      'See User Details',
      'User Permissions and Roles',
      'Assign User Badges',
      'Reports',
    ]);
    expect(ADMIN_TABS.map((t) => t.name)).toHaveLength(8);
  });

  it('shows a moderator only See User Details and the reports queue', async () => {
    await open(['mod', 'can_moderate_users', 'can_see_user_details']);
    const list = await screen.findByRole('tablist', { name: 'Admin tools' }, LAZY);
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['See User Details', 'Reports']);
  });
});

describe('Edit Announcements', () => {
  it('says which field is missing with the catalogue’s words, then saves the list', async () => {
    const { server, user } = await open(ADMIN_PERMS, 'Edit Announcements');
    await user.click(await screen.findByRole('button', { name: 'Add announcement' }));
    await user.click(screen.getByRole('button', { name: 'Save announcements' }));
    const item = screen.getByRole('group', { name: 'Announcement 1' });
    expect(within(item).getByText('Missing title')).toBeDefined();
    expect(within(item).getByText('Missing link')).toBeDefined();
    expect(within(item).getByText('Missing body')).toBeDefined();
    expect(server.saved).toHaveLength(0);

    await user.type(within(item).getByLabelText('Title'), 'Spring open');
    await user.type(within(item).getByLabelText('Link'), '/tournament/spring');
    await user.type(within(item).getByLabelText('Body'), 'Sign up by Friday.');
    await user.click(screen.getByRole('button', { name: 'Save announcements' }));
    expect(await screen.findByText('Announcements saved.')).toBeDefined();
    expect(server.saved[0]).toEqual([
      expect.objectContaining({
        title: 'Spring open',
        link: '/tournament/spring',
        body: 'Sign up by Friday.',
      }),
    ]);
  });
});

describe('See User Details', () => {
  it('shows username, e-mail, joined date, birth date and UUID, and the server’s refusals', async () => {
    const { user } = await open(ADMIN_PERMS, 'See User Details');
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const row = (await screen.findByText('bob@example.com')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('bob');
    expect(cells[3]).toBe('1990-05-06');
    expect(cells[4]).toBe('uuid-bob');
    expect(cells[2]).toBe(new Date('2025-01-02T03:04:05.000Z').toLocaleString());

    await user.clear(screen.getByRole('textbox', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Error: User not found.')).toBeDefined();

    await user.click(screen.getByRole('radio', { name: 'Part of the e-mail' }));
    await user.clear(screen.getByLabelText('E-mail contains'));
    await user.type(screen.getByLabelText('E-mail contains'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Error: Enter at least 3 characters of the e-mail address.'),
    ).toBeDefined();
  });
});

describe('User Permissions and Roles', () => {
  it('lists users with their roles joined by comma, shows the buttons only when both are chosen, and reports failures', async () => {
    const { server, user } = await open(ADMIN_PERMS, 'User Permissions and Roles');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['amy', 'Admin, Tournament Manager'],
      ['zed', 'Moderator'],
    ]);
    const perms = screen.getByRole('list', { name: 'Permissions of Moderator' });
    expect(
      within(perms)
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['mod', 'can_moderate_users']);

    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'bob');
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Role'), 'Moderator');
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('bob now has the role Moderator.')).toBeDefined();
    expect([...server.roles.get('bob')!]).toEqual(['Moderator']);
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('bob')).toBeDefined());

    await user.click(screen.getByRole('button', { name: 'Add role' }));
    expect(
      await screen.findByText('Error adding role: bob already has the role Moderator.'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove role' }));
    expect(await screen.findByText('bob no longer has the role Moderator.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove role' }));
    expect(
      await screen.findByText('Error removing role: bob does not have the role Moderator.'),
    ).toBeDefined();
  });
});

describe('Assign User Badges', () => {
  it('shows the badges with their descriptions, lists holders, adds and removes, and reports failures', async () => {
    const { server, user } = await open(ADMIN_PERMS, 'Assign User Badges');
    const choices = await screen.findByRole('list', { name: 'Choose a badge' });
    const supporter = within(choices).getByRole('button', { name: /supporter/ });
    expect(supporter.getAttribute('title')).toBe('Supporter: donated');
    expect(within(supporter).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe(
      '/badges/supporter.svg',
    );
    expect(screen.queryByRole('button', { name: 'List users with this badge' })).toBeNull();

    await user.click(supporter);
    expect(screen.getByText('Supporter: donated')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'List users with this badge' }));
    const holders = await screen.findByRole('list', { name: 'Users with the badge supporter' });
    expect(
      within(holders)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['amy']);

    expect(screen.queryByRole('button', { name: 'Add badge' })).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Add badge' }));
    expect(await screen.findByText('bob now wears the badge supporter.')).toBeDefined();
    expect([...server.badges.get('supporter')!]).toEqual(['amy', 'bob']);
    await user.click(screen.getByRole('button', { name: 'Add badge' }));
    expect(
      await screen.findByText('Error adding badge: bob already has the badge supporter.'),
    ).toBeDefined();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Remove badge' }));
    expect(await screen.findByText('Error removing badge: User not found.')).toBeDefined();
  });
});
