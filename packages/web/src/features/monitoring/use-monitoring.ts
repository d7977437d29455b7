import {
  MessageType,
  MonitoringStatusSchema,
  StreamStatus,
  StreamType,
  type IceServer,
  type MonitoringParticipant,
} from '@tessera/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import type { SocketClient } from '../../realtime/socket-client.ts';
import { Publisher } from './publisher.ts';

export const ownKey = (tournamentId: string) => ['monitoring', 'own', tournamentId] as const;
export const dashboardKey = (tournamentId: string) =>
  ['monitoring', 'dashboard', tournamentId] as const;

export interface Own {
  participant: MonitoringParticipant;
  iceServers: IceServer[];
  /** "p2p" or the media relay's name (decision 0140). */
  relay: string;
}

/** Pending or active: the stream is on its way or on (§4). */
export const isLive = (s: StreamStatus) => s === StreamStatus.PENDING || s === StreamStatus.ACTIVE;

const publishers = new Map<string, Publisher>();

/** The page-wide publisher of this participant's streams (survives page changes). */
export function publisherFor(
  socket: SocketClient,
  tournamentId: string,
  userId: string,
  phoneKey = '',
): Publisher {
  const k = `${tournamentId}/${userId}/${phoneKey ? 'phone' : 'web'}`;
  let p = publishers.get(k);
  if (!p) {
    p = new Publisher(socket, tournamentId, userId, phoneKey);
    publishers.set(k, p);
  }
  return p;
}

export function usePublisher(p: Publisher) {
  return useSyncExternalStore(
    (l) => p.subscribe(l),
    () => `${p.stream(StreamType.CAMERA)?.id ?? ''}/${p.stream(StreamType.SCREENSHOT)?.id ?? ''}`,
  );
}

/**
 * The participant's own keys and states: InitializeMonitoringKeys once,
 * then MONITORING_UPDATE pushes; a reset (back to NOT_STARTED) or a stop
 * ends the local capture too.
 */
export function useOwnMonitoring(tournamentId: string, enabled: boolean) {
  const { api, socket } = useServices();
  const session = useSession();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ownKey(tournamentId),
    enabled: enabled && session.loggedIn && !!tournamentId,
    staleTime: Infinity,
    queryFn: async (): Promise<Own> => {
      const r = await api.monitoring.initializeMonitoringKeys({ tournamentId });
      return { participant: r.participant!, iceServers: r.iceServers, relay: r.relay };
    },
  });
  const publisher =
    session.loggedIn && tournamentId
      ? publisherFor(socket, tournamentId, session.userId)
      : undefined;
  useEffect(() => {
    if (q.data && publisher) publisher.setIceServers(q.data.iceServers, q.data.relay);
  }, [q.data, publisher]);
  useEffect(
    () =>
      socket.on(MessageType.MONITORING_UPDATE, MonitoringStatusSchema, (m) => {
        if (m.tournamentId !== tournamentId || m.participant?.userId !== session.userId) return;
        const p = m.participant;
        qc.setQueryData<Own>(ownKey(tournamentId), (old) =>
          old ? { ...old, participant: p } : old,
        );
        // A director's reset ends the capture; the player starts again.
        if (publisher) {
          if (!isLive(p.cameraStatus)) publisher.stop(StreamType.CAMERA, false);
          if (!isLive(p.screenshotStatus)) publisher.stop(StreamType.SCREENSHOT, false);
        }
      }),
    [socket, qc, tournamentId, session.userId, publisher],
  );
  return { ...q, publisher };
}
