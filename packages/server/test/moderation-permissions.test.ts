import { describe, expect, it } from 'vitest';
import { registerUser, rpc, useTestServer } from './harness.ts';
import { ROLES, type RoleName } from '../src/modules/roles/index.ts';

/**
 * Every ModService method, called by every kind of caller: a visitor, a
 * player without a role, and a holder of each role. Only holders of
 * can_moderate_users get past the check; a player may only report and read
 * their own actions.
 */
const server = useTestServer();

type Caller = 'visitor' | 'player' | RoleName;
const CALLERS: Caller[] = ['visitor', 'player', ...(Object.keys(ROLES) as RoleName[])];

/** Methods open to every signed-in user (their own actions, reports). */
const PLAYER_METHODS = new Set(['GetOwnActions', 'ReportUser']);
const METHODS = [
  'ApplyActions',
  'RemoveActions',
  'GetActions',
  'GetActionHistory',
  'GetNotoriety',
  'ResetNotoriety',
  'GetOwnActions',
  'ReportUser',
  'GetReports',
  'CloseReport',
] as const;

const moderates = (c: Caller) =>
  c !== 'visitor' &&
  c !== 'player' &&
  (ROLES[c] as readonly string[]).includes('can_moderate_users');

describe('ModService permissions', () => {
  it('refuses every method to callers without the permission, for every role', async () => {
    const target = await registerUser(server);
    const rows: string[] = [];
    for (const caller of CALLERS) {
      const me = caller === 'visitor' ? undefined : await registerUser(server);
      if (me && caller !== 'player' && caller !== 'visitor')
        await server.core.roles.grant(me.userId, caller);
      for (const method of METHODS) {
        // A well-formed request, so only the permission can refuse it
        // (actions the caller may take leave nothing behind: an unknown report, an action to lift that is not there).
        const body: Record<string, unknown> = {
          ApplyActions: { actions: [{ userId: target.userId, type: 'MUTE', duration: 1 }] },
          RemoveActions: { actions: [{ userId: target.userId, type: 'SUSPEND_GAMES' }] },
          GetActions: { userId: target.userId },
          GetActionHistory: { userId: target.userId },
          GetNotoriety: { userId: target.userId },
          ResetNotoriety: { userId: target.userId },
          GetOwnActions: {},
          ReportUser: { userId: target.userId, reason: `from ${caller}` },
          GetReports: {},
          CloseReport: { id: '999999999', outcome: 'nothing' },
        }[method];
        const r = await rpc(server, 'ModService', method, body, { cookie: me?.cookie });
        const allowed = moderates(caller) || (caller !== 'visitor' && PLAYER_METHODS.has(method));
        const expected = caller === 'visitor' ? 401 : allowed ? 'not refused' : 403;
        const got = r.status === 401 || r.status === 403 ? r.status : 'not refused';
        rows.push(`${caller} ${method}: ${got}`);
        expect(got, `${caller} ${method}: ${JSON.stringify(r.body)}`).toBe(expected);
      }
    }
    expect(rows).toHaveLength(CALLERS.length * METHODS.length);
  }, 120_000);
});
