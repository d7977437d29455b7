import { StreamType, type IceServer, type MonitoringSignal } from '@tessera/protocol';
import type { SocketClient } from '../../realtime/socket-client.ts';
import { STREAM_RETRIES, STREAM_TIMEOUT_MS } from './constants.ts';
import {
  gatheredSdp,
  Kind,
  onSignal,
  relayOnlyFromUrl,
  rtcConfig,
  sendPublish,
  sendSignal,
} from './signalling.ts';

type Listener = () => void;

/**
 * The participant's side: holds the captured camera and screen and answers
 * every director's offer with them, one peer connection per viewing session;
 * or, through a media relay (decision 0140), uploads each stream once to
 * the relay, which fans it out to the directors.
 * One per page, outside React, so a stream survives moving between the
 * tournament and game pages. Nothing is recorded.
 */
export class Publisher {
  private readonly media = new Map<StreamType, MediaStream>();
  private readonly peers = new Map<string, RTCPeerConnection>();
  private readonly listeners = new Set<Listener>();
  private unsubscribe?: () => void;
  private ice: IceServer[] = [];
  private relay = 'p2p';
  /** Through a relay: one upload per stream type, and its session id. */
  private readonly uploads = new Map<
    StreamType,
    { pc: RTCPeerConnection; session: string; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(
    private readonly socket: SocketClient,
    private readonly tournamentId: string,
    private readonly participantId: string,
    private readonly phoneKey = '',
  ) {
    this.unsubscribe = onSignal(socket, (m) => void this.onSignal(m));
    // A reconnected socket tells the server again that the streams are live.
    let connected = socket.getSnapshot().connected;
    socket.subscribe(() => {
      const now = socket.getSnapshot().connected;
      if (now && !connected) this.republish();
      connected = now;
    });
  }

  /** The servers and the way media flows, from the server's latest answer. */
  setIceServers(ice: IceServer[], relay = 'p2p'): void {
    this.ice = ice;
    this.relay = relay;
  }

  stream(type: StreamType): MediaStream | undefined {
    return this.media.get(type);
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Starts publishing a captured stream; its end (a stopped share) is told to the server. */
  publish(type: StreamType, stream: MediaStream): void {
    this.stop(type, false);
    this.media.set(type, stream);
    for (const t of stream.getTracks())
      t.addEventListener('ended', () => {
        if (this.media.get(type) === stream) this.stop(type, true);
      });
    sendPublish(this.socket, {
      tournamentId: this.tournamentId,
      streamType: type,
      live: true,
      phoneKey: this.phoneKey,
    });
    if (this.relay !== 'p2p') void this.upload(type, stream);
    this.emit();
  }

  /**
   * Through the relay: one sending connection per stream, offered via
   * Tessera's socket; started over when it fails or is not connected within
   * the timeout (a relay that was briefly away), 30 tries as for viewers (§4).
   */
  private async upload(type: StreamType, stream: MediaStream, tries = 1): Promise<void> {
    const old = this.uploads.get(type);
    if (old) {
      clearTimeout(old.timer);
      old.pc.close();
    }
    const pc = new RTCPeerConnection(rtcConfig(this.ice, relayOnlyFromUrl()));
    const session = crypto.randomUUID();
    const again = () => {
      if (this.uploads.get(type)?.pc !== pc || this.media.get(type) !== stream) return;
      if (tries < STREAM_RETRIES) void this.upload(type, stream, tries + 1);
    };
    const timer = setTimeout(() => {
      if (pc.connectionState !== 'connected') again();
    }, STREAM_TIMEOUT_MS);
    this.uploads.set(type, { pc, session, timer });
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') clearTimeout(timer);
      else if (pc.connectionState === 'failed') again();
    };
    for (const track of stream.getTracks())
      pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    await pc.setLocalDescription(await pc.createOffer());
    const sdp = await gatheredSdp(pc);
    if (this.uploads.get(type)?.pc !== pc) return;
    sendSignal(this.socket, {
      tournamentId: this.tournamentId,
      participantId: this.participantId,
      streamType: type,
      sessionId: session,
      kind: Kind.OFFER,
      payload: sdp,
      phoneKey: this.phoneKey,
    });
  }

  /** Ends a stream: tracks stopped, viewers hung up; `tell` says the server should hear it. */
  stop(type: StreamType, tell: boolean): void {
    const s = this.media.get(type);
    if (!s) return;
    this.media.delete(type);
    for (const t of s.getTracks()) t.stop();
    const upload = this.uploads.get(type);
    if (upload) {
      clearTimeout(upload.timer);
      upload.pc.close();
    }
    this.uploads.delete(type);
    for (const [key, pc] of this.peers)
      if (key.startsWith(`${type}/`)) {
        pc.close();
        this.peers.delete(key);
      }
    if (tell)
      sendPublish(this.socket, {
        tournamentId: this.tournamentId,
        streamType: type,
        live: false,
        phoneKey: this.phoneKey,
      });
    this.emit();
  }

  close(): void {
    for (const t of [...this.media.keys()]) this.stop(t, true);
    this.unsubscribe?.();
  }

  private republish(): void {
    for (const [type, stream] of this.media) {
      sendPublish(this.socket, {
        tournamentId: this.tournamentId,
        streamType: type,
        live: true,
        phoneKey: this.phoneKey,
      });
      if (this.relay !== 'p2p') void this.upload(type, stream);
    }
  }

  private async onSignal(m: MonitoringSignal): Promise<void> {
    if (m.tournamentId !== this.tournamentId || m.participantId !== this.participantId) return;
    if (m.fromUserId === this.participantId) return;
    const upload = this.uploads.get(m.streamType);
    if (m.kind === Kind.ANSWER) {
      // The relay's answer to this stream's upload.
      if (upload?.session === m.sessionId)
        await upload.pc.setRemoteDescription({ type: 'answer', sdp: m.payload });
      return;
    }
    const stream = this.media.get(m.streamType);
    const key = `${m.streamType}/${m.sessionId}`;
    if (m.kind === Kind.HANGUP) {
      this.peers.get(key)?.close();
      this.peers.delete(key);
      return;
    }
    if (!stream) return;
    if (m.kind === Kind.OFFER) {
      this.peers.get(key)?.close();
      const pc = new RTCPeerConnection(rtcConfig(this.ice, relayOnlyFromUrl()));
      this.peers.set(key, pc);
      const reply = (kind: Kind, payload: string) =>
        sendSignal(this.socket, {
          tournamentId: this.tournamentId,
          participantId: this.participantId,
          streamType: m.streamType,
          sessionId: m.sessionId,
          kind,
          payload,
          toUserId: m.fromUserId,
          phoneKey: this.phoneKey,
        });
      pc.onicecandidate = (e) => {
        if (e.candidate) reply(Kind.CANDIDATE, JSON.stringify(e.candidate.toJSON()));
      };
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
          if (this.peers.get(key) === pc) this.peers.delete(key);
        }
      };
      await pc.setRemoteDescription({ type: 'offer', sdp: m.payload });
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      reply(Kind.ANSWER, answer.sdp ?? '');
      return;
    }
    if (m.kind === Kind.CANDIDATE) {
      const pc = this.peers.get(key);
      if (pc)
        await pc.addIceCandidate(JSON.parse(m.payload) as RTCIceCandidateInit).catch(() => {});
    }
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

export const CAMERA = StreamType.CAMERA;
export const SCREEN = StreamType.SCREENSHOT;
