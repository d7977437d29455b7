import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  MessageType,
  NewGameEventSchema,
  SeekDeclinedSchema,
  SeekRequestSchema,
} from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';

export const DECLINED_TEXT = 'Your match request was declined.';

/**
 * Seek events that matter on every page (docs/product/gameplay.md §4 "Seek
 * states"): a new game takes this connection to it when it asked for or
 * accepted the game; a declined match request is said; a match request
 * arriving away from the lobby is announced. Mounted once, by the layout.
 */
export function useSeekEvents(): void {
  const { socket, notifications, session } = useServices();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const offNew = socket.on(MessageType.NEW_GAME_EVENT, NewGameEventSchema, (m) => {
      const cid = socket.getSnapshot().sessionInfo?.connectionId;
      if (!cid || (m.requesterCid !== cid && m.accepterCid !== cid)) return;
      const to = `/game/${encodeURIComponent(m.gameId)}`;
      if (where.current !== to) navigate(to);
    });
    const offDeclined = socket.on(MessageType.SEEK_DECLINED, SeekDeclinedSchema, () =>
      notifications.show('info', DECLINED_TEXT),
    );
    const offRequest = socket.on(MessageType.SEEK_REQUEST, SeekRequestSchema, (m) => {
      const me = session.getSnapshot().userId;
      if (!m.receiverIsPermanent || m.rematchFor || !me || m.receivingUser?.userId !== me) return;
      if (where.current === '/') return;
      notifications.show(
        'info',
        `${m.user?.displayName ?? 'Someone'} sent you a match request. Answer it in the lobby.`,
        { ms: 10_000 },
      );
    });
    return () => {
      offNew();
      offDeclined();
      offRequest();
    };
  }, [socket, notifications, session, navigate]);
}
