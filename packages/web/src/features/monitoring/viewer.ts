import type { IceServer, MonitoringSignal, StreamType } from '@tessera/protocol';
import type { SocketClient } from '../../realtime/socket-client.ts';
import { STREAM_RETRIES, STREAM_TIMEOUT_MS } from './constants.ts';
import {
  gatheredSdp,
  Kind,
  onSignal,
  relayOnlyFromUrl,
  rtcConfig,
  sendSignal,
} from './signalling.ts';

export type ViewerState = 'connecting' | 'playing' | 'retrying' | 'failed' | 'closed';

/**
 * A director's side of one stream: offers to receive video (and the
 * screen's audio), plays what comes, and starts over when the connection
 * fails or nothing arrives within the timeout: 30 tries (§4). Through a
 * media relay (decision 0140) the roles turn: the viewer asks with an empty
 * offer, the relay offers its copy of the stream, the viewer answers.
 */
export class Viewer {
  private pc?: RTCPeerConnection;
  private session = '';
  private tries = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly unsubscribe: () => void;
  state: ViewerState = 'connecting';

  constructor(
    private readonly socket: SocketClient,
    private readonly o: {
      tournamentId: string;
      participantId: string;
      streamType: StreamType;
      ice: IceServer[];
      /** "p2p" or the media relay's name. */
      relay: string;
      onStream: (s: MediaStream) => void;
      onState: (s: ViewerState, tries: number) => void;
    },
  ) {
    this.unsubscribe = onSignal(socket, (m) => void this.onSignal(m));
    void this.connect();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.hangUp();
    this.unsubscribe();
    this.set('closed');
  }

  private set(s: ViewerState): void {
    this.state = s;
    this.o.onState(s, this.tries);
  }

  private send(kind: Kind, payload: string): void {
    sendSignal(this.socket, {
      tournamentId: this.o.tournamentId,
      participantId: this.o.participantId,
      streamType: this.o.streamType,
      sessionId: this.session,
      kind,
      payload,
    });
  }

  private hangUp(): void {
    if (this.pc) {
      this.pc.close();
      this.send(Kind.HANGUP, '');
    }
    this.pc = undefined;
  }

  private async connect(): Promise<void> {
    this.hangUp();
    this.tries++;
    this.session = crypto.randomUUID();
    const pc = new RTCPeerConnection(rtcConfig(this.o.ice, relayOnlyFromUrl()));
    this.pc = pc;
    const viaRelay = this.o.relay !== 'p2p';
    if (!viaRelay) {
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    const remote = new MediaStream();
    pc.ontrack = (e) => {
      remote.addTrack(e.track);
      this.o.onStream(remote);
    };
    pc.onicecandidate = (e) => {
      if (e.candidate) this.send(Kind.CANDIDATE, JSON.stringify(e.candidate.toJSON()));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        if (this.timer) clearTimeout(this.timer);
        this.set('playing');
      } else if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') {
        this.retry();
      }
    };
    this.set(this.tries > 1 ? 'retrying' : 'connecting');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.pc === pc && pc.connectionState !== 'connected') this.retry();
    }, STREAM_TIMEOUT_MS);
    if (viaRelay) {
      this.send(Kind.OFFER, '');
      return;
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send(Kind.OFFER, offer.sdp ?? '');
  }

  private retry(): void {
    if (this.state === 'closed') return;
    if (this.tries >= STREAM_RETRIES) {
      this.hangUp();
      this.set('failed');
      return;
    }
    void this.connect();
  }

  private async onSignal(m: MonitoringSignal): Promise<void> {
    if (m.sessionId !== this.session || !this.pc) return;
    if (m.kind === Kind.OFFER && this.o.relay !== 'p2p') {
      // The relay's offer: answer it with every candidate in the SDP.
      const pc = this.pc;
      await pc.setRemoteDescription({ type: 'offer', sdp: m.payload });
      await pc.setLocalDescription(await pc.createAnswer());
      const sdp = await gatheredSdp(pc);
      if (this.pc === pc) this.send(Kind.ANSWER, sdp);
    } else if (m.kind === Kind.ANSWER)
      await this.pc.setRemoteDescription({ type: 'answer', sdp: m.payload });
    else if (m.kind === Kind.CANDIDATE)
      await this.pc.addIceCandidate(JSON.parse(m.payload) as RTCIceCandidateInit).catch(() => {});
    else if (m.kind === Kind.HANGUP) this.retry();
  }
}
