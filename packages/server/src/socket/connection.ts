import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { encodeSocketMessage, type MessageType } from '@tessera/protocol';
import type { WebSocket } from 'ws';

/** Who is behind a socket: a signed-in user, or an anonymous visitor (empty user id). */
export interface SocketUser {
  userId: string;
  username: string;
  perms: string[];
  anonymous: boolean;
}

/** Unsent bytes a socket may hold before it counts as a client that stopped reading. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** One open websocket on this process. */
export class Connection {
  /** Realms this socket receives fan-out for ("lobby", "game.<id>" ...): change them with enter/leaveAll. */
  readonly realms = new Set<string>();
  /** Set by the gateway: told when this socket enters or leaves a realm. */
  realmListener?: (conn: Connection, realm: string, entered: boolean) => void;
  path = '/';
  lagMs = 0;
  protocolErrors = 0;
  /** Messages received and not yet handled. */
  queued = 0;
  private tokens: number;
  private refilledAt = Date.now();
  private work: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly user: SocketUser,
    private readonly ws: WebSocket,
    private readonly rate: { perSecond: number; burst: number },
  ) {
    this.tokens = rate.burst;
  }

  enter(realm: string): void {
    if (this.realms.has(realm)) return;
    this.realms.add(realm);
    this.realmListener?.(this, realm, true);
  }

  leave(realm: string): void {
    if (!this.realms.delete(realm)) return;
    this.realmListener?.(this, realm, false);
  }

  leaveAll(): void {
    for (const realm of [...this.realms]) {
      this.realms.delete(realm);
      this.realmListener?.(this, realm, false);
    }
  }

  send<D extends DescMessage>(type: MessageType, schema: D, value: MessageInitShape<D>): void {
    this.sendBytes(encodeSocketMessage(type, schema, value as never));
  }

  /**
   * Sends unless the client has stopped reading: a socket whose unsent bytes
   * pass MAX_BUFFERED_BYTES is cut off rather than left to grow the server's
   * memory (its client reconnects and gets a fresh state).
   */
  sendBytes(bytes: Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount + bytes.length > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(bytes);
  }

  /** Runs `task` after every message received before it has been handled. */
  enqueue(task: () => Promise<void>): void {
    this.queued++;
    this.work = this.work
      .then(task)
      .catch(() => undefined)
      .finally(() => {
        this.queued--;
      });
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /** Token bucket: a message costs one token; tokens refill at a steady rate up to the burst size. */
  takeToken(now = Date.now()): boolean {
    this.tokens = Math.min(
      this.rate.burst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.rate.perSecond,
    );
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
