import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import {
  decodeFrames,
  decodeSocketMessage,
  encodeSocketMessage,
  LagMeasurementSchema,
  MessageType,
  SessionInfoSchema,
  type SessionInfo,
} from '@tessera/protocol';
import { Listeners } from '../stores/listeners.ts';

/**
 * The app's one realtime connection (docs/product/community.md §4.2, §9).
 *
 * - It asks for a token (empty means anonymous), opens /ws?token=..., and
 *   when the socket closes it tries again every RECONNECT_INTERVAL_MS,
 *   forever.
 * - Every LAG_INTERVAL_MS it sends a lag measurement; the answers both give
 *   the latency shown in the footer and keep the line from going silent. If
 *   nothing at all arrives for SILENCE_RECONNECT_MS the socket is presumed
 *   dead (a half-open TCP connection never fires `close`) and is replaced.
 * - CONNECTING_NOTICE_MS after it loses (or has not yet made) a connection,
 *   it raises `showConnectingNotice`.
 *
 * Feature code subscribes to one message type at a time with `on`; there is
 * no central switch over message kinds. State for React is read through
 * `subscribe`/`getSnapshot` (useSyncExternalStore).
 */

export const RECONNECT_INTERVAL_MS = 1_000;
export const SILENCE_RECONNECT_MS = 15_000;
export const CONNECTING_NOTICE_MS = 2_000;
export const LAG_INTERVAL_MS = 5_000;
/** How often the silence watchdog looks at the clock. */
const WATCHDOG_INTERVAL_MS = 1_000;
/** Lag probes older than this are forgotten (their answer will not come). */
const MAX_PENDING_PROBES = 8;

/** The part of the browser's WebSocket the client uses, so tests can supply their own. */
export interface SocketLike {
  binaryType: BinaryType;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: Uint8Array<ArrayBuffer>): void;
  close(): void;
}

export interface SocketClientOptions {
  /** The token for the next connection; '' connects anonymously. A rejection counts as a failed attempt. */
  getToken: () => Promise<string>;
  /** The websocket address for a token. */
  url: (token: string) => string;
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
}

export interface SocketState {
  connected: boolean;
  /** Round trip of the last lag measurement in ms; null before the first answer. */
  latencyMs: number | null;
  /** True once the app has been without a connection for CONNECTING_NOTICE_MS. */
  showConnectingNotice: boolean;
  /** The server's SESSION_INFO for the current connection. */
  sessionInfo: SessionInfo | null;
}

const INITIAL_STATE: SocketState = {
  connected: false,
  latencyMs: null,
  showConnectingNotice: false,
  sessionInfo: null,
};

type Handler = (message: MessageShape<DescMessage>) => void;

/** The address of /ws on the page's own host, ws: or wss: to match the page. */
export function sameOriginSocketUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}/ws${query}`;
}

export class SocketClient {
  private state: SocketState = INITIAL_STATE;
  private readonly listeners = new Listeners();
  private readonly handlers = new Map<number, Set<Handler>>();

  private started = false;
  private socket: SocketLike | null = null;
  private open = false;
  /** True while waiting for a token, before a socket exists. */
  private connecting = false;
  /** Incremented for every connection attempt, so stale async steps can tell they are stale. */
  private attempt = 0;
  private lastHeardAt = 0;
  private readonly pendingProbes: bigint[] = [];

  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private lagTimer: ReturnType<typeof setInterval> | null = null;

  private readonly createSocket: (url: string) => SocketLike;
  private readonly now: () => number;

  constructor(private readonly options: SocketClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.now = options.now ?? Date.now;
    this.on(MessageType.SESSION_INFO, SessionInfoSchema, (info) =>
      this.update({ sessionInfo: info }),
    );
    this.on(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, (lag) => this.onLag(lag));
  }

  getSnapshot = (): SocketState => this.state;

  subscribe = this.listeners.subscribe;

  /** Calls `handler` for every incoming message of `type`; returns the unsubscribe. */
  on<D extends DescMessage>(
    type: MessageType,
    _schema: D,
    handler: (message: MessageShape<D>) => void,
  ): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  /** Sends one message if connected; returns whether it went out. */
  send<D extends DescMessage>(
    type: MessageType,
    schema: D,
    value: MessageShape<D> | MessageInitShape<D>,
  ): boolean {
    if (!this.socket || !this.open) return false;
    this.socket.send(encodeSocketMessage(type, schema, value) as Uint8Array<ArrayBuffer>);
    return true;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.armConnectingNotice();
    this.watchdogTimer = setInterval(() => this.checkSilence(), WATCHDOG_INTERVAL_MS);
    this.lagTimer = setInterval(() => this.sendLagProbe(), LAG_INTERVAL_MS);
    void this.connect();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.attempt++;
    this.dropSocket();
    for (const t of [this.reconnectTimer, this.noticeTimer]) if (t !== null) clearTimeout(t);
    for (const t of [this.watchdogTimer, this.lagTimer]) if (t !== null) clearInterval(t);
    this.reconnectTimer = this.noticeTimer = this.watchdogTimer = this.lagTimer = null;
    this.update(INITIAL_STATE);
  }

  /** Replaces the connection now, e.g. after login or logout changed who the token names. */
  reconnect(): void {
    if (!this.started) return;
    this.lose();
    if (this.reconnectTimer !== null) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    void this.connect();
  }

  private async connect(): Promise<void> {
    const attempt = ++this.attempt;
    this.connecting = true;
    this.lastHeardAt = this.now();
    let token: string;
    try {
      token = await this.options.getToken();
    } catch {
      if (attempt === this.attempt) {
        this.connecting = false;
        this.scheduleReconnect();
      }
      return;
    }
    if (attempt !== this.attempt || !this.started) return;
    this.connecting = false;

    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.open = false;
    this.lastHeardAt = this.now();

    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.open = true;
      this.lastHeardAt = this.now();
      this.clearConnectingNotice();
      this.update({ connected: true, showConnectingNotice: false });
      this.sendLagProbe();
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      this.lastHeardAt = this.now();
      this.receive(ev.data);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.lose();
      this.scheduleReconnect();
    };
    // A failed socket also fires close, which does the work.
    socket.onerror = () => {};
  }

  private receive(data: unknown): void {
    if (!(data instanceof ArrayBuffer)) return;
    const frames = decodeFrames(new Uint8Array(data));
    if (!Array.isArray(frames)) {
      console.warn('socket: undecodable frame', frames);
      return;
    }
    for (const frame of frames) {
      const decoded = decodeSocketMessage(frame.type, frame.payload);
      if (!decoded.ok) {
        console.warn(`socket: ${decoded.reason} message of type ${decoded.type}`);
        continue;
      }
      for (const handler of this.handlers.get(decoded.type) ?? []) handler(decoded.message);
    }
  }

  /**
   * Our own probe comes back: the latency is the round trip we timed
   * ourselves (fresher than any figure the server reports). A probe we did
   * not send is the server measuring us: echo it back.
   */
  private onLag(lag: MessageShape<typeof LagMeasurementSchema>): void {
    const i = this.pendingProbes.indexOf(lag.timestampMs);
    if (i < 0) {
      this.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
        timestampMs: lag.timestampMs,
      });
      return;
    }
    this.pendingProbes.splice(0, i + 1);
    const roundTrip = this.now() - Number(lag.timestampMs);
    this.update({ latencyMs: Math.max(0, Math.round(roundTrip)) });
  }

  private sendLagProbe(): void {
    const timestampMs = BigInt(this.now());
    if (this.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, { timestampMs })) {
      this.pendingProbes.push(timestampMs);
      if (this.pendingProbes.length > MAX_PENDING_PROBES) this.pendingProbes.shift();
    }
  }

  private checkSilence(): void {
    // Covers a silent open socket, a socket stuck connecting and a token request that hangs.
    const waiting = this.socket !== null || this.connecting;
    if (waiting && this.now() - this.lastHeardAt > SILENCE_RECONNECT_MS) this.reconnect();
  }

  /** Forgets the current socket and marks the app disconnected. */
  private lose(): void {
    this.dropSocket();
    this.armConnectingNotice();
    if (this.state.connected || this.state.sessionInfo) {
      this.update({ connected: false, sessionInfo: null });
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.connecting = false;
    this.open = false;
    this.pendingProbes.length = 0;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private scheduleReconnect(): void {
    if (!this.started || this.reconnectTimer !== null) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, RECONNECT_INTERVAL_MS);
  }

  private armConnectingNotice(): void {
    if (!this.started || this.noticeTimer !== null || this.state.showConnectingNotice) return;
    this.noticeTimer = setTimeout(() => {
      this.noticeTimer = null;
      if (!this.state.connected) this.update({ showConnectingNotice: true });
    }, CONNECTING_NOTICE_MS);
  }

  private clearConnectingNotice(): void {
    if (this.noticeTimer !== null) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
  }

  private update(patch: Partial<SocketState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.notify();
  }
}
