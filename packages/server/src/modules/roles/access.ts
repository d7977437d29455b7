import { refuse } from '@tessera/protocol';
import type { HandlerContext } from '@connectrpc/connect';
import type { Account, SessionResolver } from '../auth/index.ts';
import type { Permission, Roles } from './roles.ts';

/** The one permission check every service uses. */
export interface Access {
  /** The signed-in caller, or NOT_LOGGED_IN. */
  requireUser(ctx: HandlerContext): Promise<Account>;
  /** The signed-in caller if they hold `perm`, else NOT_LOGGED_IN or PERMISSION_DENIED. */
  requirePermission(ctx: HandlerContext, perm: Permission): Promise<Account>;
}

export function createAccess(sessions: SessionResolver, roles: Roles): Access {
  return {
    requireUser: (ctx) => sessions.requireUser(ctx),
    async requirePermission(ctx, perm) {
      const user = await sessions.requireUser(ctx);
      if (!(await roles.permsOf(user.id)).includes(perm)) {
        throw refuse('PERMISSION_DENIED');
      }
      return user;
    },
  };
}
