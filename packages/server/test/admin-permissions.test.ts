import { describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '../src/modules/roles/index.ts';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();

/**
 * Every admin-console and badge call, the permission it needs and a request
 * that fails validation after the permission check: a caller allowed in gets
 * a 400 or 404 and changes nothing; everyone else gets 401 or 403.
 */
const METHODS: { service: string; method: string; perm: string; body: object }[] = [
  {
    service: 'AuthorizationService',
    method: 'GetUsersWithRoles',
    perm: 'can_manage_roles',
    body: {},
  },
  {
    service: 'AuthorizationService',
    method: 'AddRole',
    perm: 'can_manage_roles',
    body: { username: 'nobody-zz', roleName: 'Moderator' },
  },
  {
    service: 'AuthorizationService',
    method: 'RemoveRole',
    perm: 'can_manage_roles',
    body: { username: 'nobody-zz', roleName: 'Moderator' },
  },
  {
    service: 'AuthorizationService',
    method: 'GetUsersForBadge',
    perm: 'can_manage_badges',
    body: { code: 'no-such-badge' },
  },
  {
    service: 'AuthorizationService',
    method: 'AddBadge',
    perm: 'can_manage_badges',
    body: { username: 'nobody-zz', code: 'supporter' },
  },
  {
    service: 'AuthorizationService',
    method: 'RemoveBadge',
    perm: 'can_manage_badges',
    body: { username: 'nobody-zz', code: 'supporter' },
  },
  {
    service: 'AdminService',
    method: 'GetUserDetails',
    perm: 'can_see_user_details',
    body: { username: 'nobody-zz' },
  },
  {
    service: 'AdminService',
    method: 'SearchEmail',
    perm: 'can_see_user_details',
    body: { partialEmail: 'x' },
  },
  {
    service: 'ConfigService',
    method: 'SetAnnouncements',
    perm: 'can_manage_announcements',
    body: { announcements: [{ title: '', link: '', body: '' }] },
  },
  { service: 'ConfigService', method: 'GetCorrespondenceGameCount', perm: 'adm', body: {} },
  { service: 'PuzzleService', method: 'GetPuzzleJobLogs', perm: 'adm', body: { limit: 1 } },
];

type Caller = 'visitor' | 'player' | RoleName;
const CALLERS: Caller[] = ['visitor', 'player', ...(Object.keys(ROLES) as RoleName[])];

describe('admin and badge calls need their permission', () => {
  it('answers each caller of each method by the role it holds', async () => {
    const cookies = new Map<Caller, string | undefined>([['visitor', undefined]]);
    for (const caller of CALLERS) {
      if (caller === 'visitor') continue;
      const u = await registerUser(server);
      if (caller !== 'player') await server.core.roles.grant(u.userId, caller);
      cookies.set(caller, u.cookie);
    }
    const seen: string[] = [];
    const expected: string[] = [];
    for (const m of METHODS) {
      for (const caller of CALLERS) {
        const perms: readonly string[] =
          caller === 'visitor' || caller === 'player' ? [] : ROLES[caller];
        const r = await rpc(server, m.service, m.method, m.body, { cookie: cookies.get(caller) });
        const allowed = perms.includes(m.perm);
        const want = caller === 'visitor' ? '401 1001' : allowed ? 'let in' : '403 1002';
        const got =
          r.status === 401 || r.status === 403
            ? `${r.status} ${String(r.body.message).split(';')[0]}`
            : r.status < 500
              ? 'let in'
              : `error ${r.status}`;
        expected.push(`${m.method} by ${caller}: ${want}`);
        seen.push(`${m.method} by ${caller}: ${got}`);
      }
    }
    expect(seen).toEqual(expected);
    // The table covers every role, and an administrator may use every call.
    expect(seen.filter((s) => s.includes(' by Admin: let in'))).toHaveLength(METHODS.length);
  }, 120_000);
});
