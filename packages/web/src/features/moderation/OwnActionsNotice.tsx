import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageType, ModActionType, ServerMessageSchema, type ModAction } from '@tessera/protocol';
import { useEffect } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { millis, when } from './action-labels.ts';
import { ownActionsQuery } from './mod-queries.ts';

function text(type: ModActionType, a: ModAction): string | undefined {
  const end = millis(a.endTime);
  const until = end ? `until ${when(end)}` : 'until a moderator lifts it';
  const reason = a.note ? ` Reason: ${a.note}` : '';
  switch (type) {
    case ModActionType.SUSPEND_GAMES:
      return `You cannot start new games ${until}.${reason}`;
    case ModActionType.SUSPEND_RATED_GAMES:
      return `You cannot play rated games ${until}; casual games are open to you.${reason}`;
    case ModActionType.MUTE:
      return `You are muted and cannot chat ${until}.${reason}`;
    // A suspended account is signed out; the others are done once and not "in force".
    case ModActionType.SUSPEND_ACCOUNT:
    case ModActionType.RESET_RATINGS:
    case ModActionType.RESET_STATS:
    case ModActionType.RESET_STATS_AND_RATINGS:
    case ModActionType.REMOVE_CHAT:
    case ModActionType.DELETE_ACCOUNT:
      return undefined;
  }
}

/**
 * What a moderator's action (or the automatic notoriety suspension) keeps
 * the signed-in user from doing, why and until when: shown in the lobby and
 * on the seek form. A server notice (an action applied, lifted or run out)
 * asks again at once.
 */
export function OwnActionsNotice({ only }: { only?: readonly ModActionType[] }) {
  const session = useSession();
  const { api, socket } = useServices();
  const queries = useQueryClient();
  const own = useQuery({ ...ownActionsQuery(api, session.userId), enabled: session.loggedIn });
  useEffect(
    () =>
      socket.on(MessageType.SERVER_MESSAGE, ServerMessageSchema, () => {
        void queries.invalidateQueries({ queryKey: ['moderation', 'getOwnActions'] });
      }),
    [socket, queries],
  );
  if (!session.loggedIn || !own.data) return null;
  const lines = Object.entries(own.data.actions)
    .map(([name, a]) => {
      const type = ModActionType[name as keyof typeof ModActionType];
      if (only && !only.includes(type)) return undefined;
      return text(type, a);
    })
    .filter((t): t is string => !!t);
  if (lines.length === 0) return null;
  return (
    <div className="mod-notice">
      <Alert kind="warning">
        {lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </Alert>
    </div>
  );
}
