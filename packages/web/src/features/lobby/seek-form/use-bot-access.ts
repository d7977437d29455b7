import { useQuery } from '@tanstack/react-query';
import { ERRORS, renderError } from '@tessera/protocol';
import { useServices, useSession } from '../../../app/services.tsx';
import { botAccessQuery } from '../../../rpc/queries.ts';

export interface BotRefusal {
  /** What the server would answer a request for this bot. */
  text: string;
  /** A short tag for the bot's entry in the list. */
  tag: string;
}

/**
 * Why the user cannot play each bot now (BotService.GetBotAccess), so the
 * form says so before the request is sent. Bots missing from the map are
 * open, as they are while the answer is on its way or if it failed: the
 * server still refuses a request it cannot seat.
 */
export function useBotAccess(enabled: boolean): ReadonlyMap<string, BotRefusal> {
  const { api } = useServices();
  const session = useSession();
  const { data } = useQuery({ ...botAccessQuery(api, session.userId), enabled });
  const out = new Map<string, BotRefusal>();
  for (const b of data?.bots ?? []) {
    if (!b.refusal) continue;
    const quota = b.refusal.startsWith(`${ERRORS.BOT_QUOTA.code};`);
    out.set(b.botType, {
      text: renderError(b.refusal),
      tag: quota ? 'no games left this month' : 'locked',
    });
  }
  return out;
}
