import {
  MessageType,
  MonitoringPublishSchema,
  MonitoringSignal_Kind as Kind,
  MonitoringSignalSchema,
  type IceServer,
  type MonitoringSignal,
  type StreamType,
} from '@tessera/protocol';
import type { SocketClient } from '../../realtime/socket-client.ts';

export { Kind };

/** What both ends of a stream's peer connection send through Tessera's socket. */
export interface SignalOut {
  tournamentId: string;
  participantId: string;
  streamType: StreamType;
  sessionId: string;
  kind: Kind;
  payload: string;
  toUserId?: string;
  phoneKey?: string;
}

export function sendSignal(socket: SocketClient, s: SignalOut): boolean {
  return socket.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
    ...s,
    toUserId: s.toUserId ?? '',
    phoneKey: s.phoneKey ?? '',
  });
}

export function onSignal(socket: SocketClient, handler: (m: MonitoringSignal) => void) {
  return socket.on(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, handler);
}

export function sendPublish(
  socket: SocketClient,
  p: {
    tournamentId: string;
    streamType?: StreamType;
    live?: boolean;
    watch?: boolean;
    phoneKey?: string;
  },
): boolean {
  return socket.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
    tournamentId: p.tournamentId,
    streamType: p.streamType ?? 0,
    live: p.live ?? false,
    watch: p.watch ?? false,
    phoneKey: p.phoneKey ?? '',
  });
}

/** RTCPeerConnection's configuration from the server's ICE servers (with per-session TURN credentials). */
export function rtcConfig(servers: IceServer[], relayOnly = false): RTCConfiguration {
  return {
    iceServers: servers.map((s) => ({
      urls: s.urls,
      ...(s.username ? { username: s.username, credential: s.credential } : {}),
    })),
    // A test (or an operator who must hide addresses) can force media through TURN.
    ...(relayOnly ? { iceTransportPolicy: 'relay' as const } : {}),
  };
}

/** ?relay-only=true on the page forces TURN (the relay test proves media crosses it). */
export function relayOnlyFromUrl(): boolean {
  return new URLSearchParams(window.location.search).get('ice-relay-only') === 'true';
}

/**
 * Through a media relay SDPs carry every candidate (no trickle): the local
 * description once gathering is complete, or after `ms` with what was found.
 */
export async function gatheredSdp(pc: RTCPeerConnection, ms = 5000): Promise<string> {
  if (pc.iceGatheringState !== 'complete')
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      }
      function check() {
        if (pc.iceGatheringState === 'complete') done();
      }
      pc.addEventListener('icegatheringstatechange', check);
    });
  return pc.localDescription?.sdp ?? '';
}
