import type { ConnectRouter } from '@connectrpc/connect';
import { AutocompleteService, refuse } from '@tessera/protocol';
import type { Accounts } from '../auth/index.ts';

/** Names offered per search (the boxes show a short list under the field). */
export const COMPLETION_LIMIT = 10;
/** A prefix longer than a username can be matches nothing; refuse it instead. */
export const MAX_PREFIX_LENGTH = 20;
const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;

/**
 * AutocompleteService.GetCompletion: players whose name starts with a prefix.
 * Public, like profiles; an empty, oversized or impossible prefix is the
 * caller's mistake (INVALID_REQUEST), not an empty answer.
 */
export function completionRoutes(router: ConnectRouter, d: { accounts: Accounts }): void {
  router.service(AutocompleteService, {
    async getCompletion(req) {
      const prefix = req.prefix.trim();
      if (prefix.length === 0) throw refuse('INVALID_REQUEST', 'empty prefix');
      if (prefix.length > MAX_PREFIX_LENGTH) {
        throw refuse('INVALID_REQUEST', `prefix longer than ${MAX_PREFIX_LENGTH} characters`);
      }
      if (!USERNAME_CHARACTERS.test(prefix)) return { users: [] };
      const rows = await d.accounts.completeUsername(prefix, COMPLETION_LIMIT);
      return { users: rows.map((r) => ({ uuid: r.id, username: r.username })) };
    },
  });
}
