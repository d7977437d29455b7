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

/** One open websocket on this process. */
export class Connection {
  /** Realms this socket receives fan-out for ("lobby", "game.<id>" ...): change them with enter/leaveAll. */
  readonly realms = new Set<string>();
  /** Set by the gateway: told when this socket enters or leaves a realm. */
  realmListener?: (conn: Connection, realm: string, entered: boolean) => void;
  path = '/';
  lagMs = 0;
  protocolErrors = 0;
  private tokens: number;
  private refilledAt = Date.now();

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

  leaveAll(): void {
    for (const realm of [...this.realms]) {
      this.realms.delete(realm);
      this.realmListener?.(this, realm, false);
    }
  }

  send<D extends DescMessage>(type: MessageType, schema: D, value: MessageInitShape<D>): void {
    this.sendBytes(encodeSocketMessage(type, schema, value as never));
  }

  sendBytes(bytes: Uint8Array): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(bytes);
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
