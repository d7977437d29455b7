import type { ConnectRouter } from '@connectrpc/connect';
import { AdminService, refuse } from '@tessera/protocol';
import type { Accounts, AdminUserDetails } from '../auth/index.ts';
import type { Access } from '../roles/index.ts';

/** A partial e-mail must have this many characters, so one search cannot list everyone. */
export const EMAIL_SEARCH_MIN = 3;
/** At most this many accounts answer one e-mail search. */
export const EMAIL_SEARCH_LIMIT = 50;

const out = (u: AdminUserDetails) => ({
  uuid: u.id,
  username: u.username,
  email: u.email,
  created: u.created,
  birthDate: u.birthDate,
});

/** AdminService: the console's user search; both calls need can_see_user_details. */
export function adminRoutes(
  router: ConnectRouter,
  d: { accounts: Pick<Accounts, 'adminDetails'>; access: Access },
): void {
  router.service(AdminService, {
    async getUserDetails(req, ctx) {
      await d.access.requirePermission(ctx, 'can_see_user_details');
      const username = req.username.trim();
      if (!username) throw refuse('USER_DETAILS_QUERY_MISSING');
      const [user] = await d.accounts.adminDetails({ username });
      if (!user) throw refuse('USER_UNKNOWN');
      return { user: out(user) };
    },
    async searchEmail(req, ctx) {
      await d.access.requirePermission(ctx, 'can_see_user_details');
      const part = req.partialEmail.trim();
      if (!part) throw refuse('USER_DETAILS_QUERY_MISSING');
      if (part.length < EMAIL_SEARCH_MIN) throw refuse('EMAIL_SEARCH_TOO_SHORT', EMAIL_SEARCH_MIN);
      const users = await d.accounts.adminDetails({ emailPart: part, limit: EMAIL_SEARCH_LIMIT });
      return { users: users.map(out) };
    },
  });
}
