import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import {
  decodeFrames,
  decodeSocketMessage,
  type ErrorKey,
  ErrorMessageSchema,
  errorMessage,
  MessageType,
  Refusal,
  SessionInfoSchema,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Bus } from '../bus/index.ts';
import { hasNul } from '../http/api-errors.ts';
import { clientAddressOf, type ProxyTrust, proxyTrustTest } from '../http/client-address.ts';
import { Connection, type SocketUser } from './connection.ts';

/**
 * The websocket layer, deliberately thin: it authenticates a connection from
 * its token, splits frames, decodes each message by its type and hands it to
 * the module that registered for that type. Fan-out to users and realms goes
 * through the bus, so a message published on any process reaches sockets on
 * every process.
 */
export type SocketHandler<M> = (conn: Connection, message: M) => Promise<void> | void;

export interface GatewayOptions {
  bus: Bus;
  log: Logger;
  authenticate(token: string): SocketUser | undefined;
  /**
   * Is a signed-in token's credential still current (no password change or
   * closure since it was issued)? Asked before the socket is accepted; a
   * token that is not is answered as a bad token.
   */
  credentialsCurrent?(token: string): Promise<boolean>;
  serverVersion: string;
  /** Largest websocket frame a client may send, in bytes. */
  maxFrameBytes?: number;
  /** Which proxies may say who the client is (X-Forwarded-For); none when unset. */
  trustProxy?: ProxyTrust;
  /**
   * Sockets this process takes from one client address without a sign-in,
   * and from one signed-in user: generous for a club's shared connection,
   * small next to a flood of connections.
   */
  socketsPerAddress: number;
  socketsPerUser: number;
  /** Told when a message's handler has finished (the operators' metrics). */
  onHandled?(type: MessageType, seconds: number, refused: boolean): void;
}

export const SOCKET_PATH = '/ws';
export const MAX_FRAME_BYTES = 64 * 1024;
/** Frames beyond this are cut off by the websocket library itself (close code 1009). */
const HARD_MAX_FRAME_BYTES = 1024 * 1024;
const MAX_PROTOCOL_ERRORS = 50;
/** Messages (not frames) a socket may send: a steady rate and a burst. */
const RATE = { perSecond: 20, burst: 40 };
/**
 * Messages of one socket waiting for their turn: they are handled one after
 * another, in order, so one socket never has more than one handler running.
 */
const MAX_QUEUED_MESSAGES = 60;

const CLOSE_BAD_TOKEN = 4001;
/** The user's password changed or the account closed: their sockets are signed out. */
const CLOSE_REVOKED = 4003;
const CLOSE_POLICY = 1008;

/** A join's own work (a game room's lookup and refresher) may finish after it returns. */
type JoinListener = (conn: Connection, path: string) => void | Promise<void>;

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_FRAME_BYTES });
  private readonly handlers = new Map<number, SocketHandler<never>>();
  private readonly local = new Map<string, Connection>();
  /** This gateway's own bus subject for its sockets: other processes never receive it. */
  private readonly connSubject = `sock.conn.${randomUUID()}`;
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Local sockets per realm, so a realm's fan-out does not visit every socket. */
  private readonly byRealm = new Map<string, Set<Connection>>();
  /** Open anonymous sockets per client address. */
  private readonly anonymousByAddress = new Map<string, number>();
  /** Signed-in sockets whose credential is being checked, per user (they count against the cap). */
  private readonly checking = new Map<string, number>();
  private readonly joinListeners: JoinListener[] = [];
  private readonly closeListeners: ((conn: Connection) => void)[] = [];
  private readonly recheckListeners: ((conn: Connection) => void | Promise<void>)[] = [];
  private readonly realmListeners: ((conn: Connection, realm: string, entered: boolean) => void)[] =
    [];
  private readonly unsubscribe: (() => void)[] = [];
  private readonly maxFrameBytes: number;

  constructor(private readonly o: GatewayOptions) {
    this.maxFrameBytes = o.maxFrameBytes ?? MAX_FRAME_BYTES;
    this.unsubscribe.push(
      o.bus.subscribe('sock.user.>', (subject, data) => {
        for (const c of this.byUser.get(subject.slice('sock.user.'.length)) ?? [])
          c.sendBytes(data);
      }),
      o.bus.subscribe('sock.realm.>', (subject, data) => {
        for (const c of this.byRealm.get(subject.slice('sock.realm.'.length)) ?? [])
          c.sendBytes(data);
      }),
      // A realm's message in two forms: one for signed-in sockets, one for visitors.
      o.bus.subscribe('sock.realmsigned.>', (subject, data) => {
        for (const c of this.byRealm.get(subject.slice('sock.realmsigned.'.length)) ?? [])
          if (!c.user.anonymous) c.sendBytes(data);
      }),
      o.bus.subscribe('sock.realmanon.>', (subject, data) => {
        for (const c of this.byRealm.get(subject.slice('sock.realmanon.'.length)) ?? [])
          if (c.user.anonymous) c.sendBytes(data);
      }),
      // A realm's signed-in form for the sockets not also in an inner realm
      // (the inner realm's name leads the data: two bytes of length, then UTF-8).
      o.bus.subscribe('sock.realmouter.>', (subject, data) => {
        const length = (data[0] << 8) | data[1];
        const inner = new TextDecoder().decode(data.subarray(2, 2 + length));
        const bytes = data.subarray(2 + length);
        for (const c of this.byRealm.get(subject.slice('sock.realmouter.'.length)) ?? [])
          if (!c.user.anonymous && !c.realms.has(inner)) c.sendBytes(bytes);
      }),
      // One socket, reached through the bus like the subjects above, so an
      // answer published here arrives after everything published before it.
      o.bus.subscribe(`${this.connSubject}.>`, (subject, data) => {
        this.local.get(subject.slice(this.connSubject.length + 1))?.sendBytes(data);
      }),
      // A user's rights changed: every module looks again at what their sockets may see.
      o.bus.subscribe('sock.recheck.>', (subject) => {
        for (const c of this.byUser.get(subject.slice('sock.recheck.'.length)) ?? [])
          for (const listener of this.recheckListeners)
            void Promise.resolve(listener(c)).catch(() => undefined);
      }),
      o.bus.subscribe('sock.revoke.>', (subject) => {
        for (const c of this.byUser.get(subject.slice('sock.revoke.'.length)) ?? []) {
          c.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
            message: errorMessage('SESSION_REVOKED'),
          });
          c.close(CLOSE_REVOKED, 'signed out');
        }
      }),
    );
  }

  /** Registers the module that answers one message type; the schema decodes its payload. */
  on<D extends DescMessage>(
    type: MessageType,
    _schema: D,
    handler: SocketHandler<MessageShape<D>>,
  ): void {
    if (this.handlers.has(type))
      throw new Error(`socket message type ${type} already has a handler`);
    this.handlers.set(type, handler as SocketHandler<never>);
  }

  /** Told whenever a local socket moves to a page (after it has left its old realms). */
  onJoin(listener: JoinListener): void {
    this.joinListeners.push(listener);
  }

  /**
   * A module's realms: for a page path, the realms of its own that a socket
   * on that page belongs to. Realms whose membership needs a lookup (a game
   * room: players or observers) use `onJoin` instead.
   */
  realms(forPath: (path: string) => string[]): void {
    this.onJoin((conn, path) => {
      for (const realm of forPath(path)) conn.enter(realm);
    });
  }

  /** Told whenever a local socket enters or leaves a realm (presence). */
  onRealm(listener: (conn: Connection, realm: string, entered: boolean) => void): void {
    this.realmListeners.push(listener);
  }

  onClose(listener: (conn: Connection) => void): void {
    this.closeListeners.push(listener);
  }

  /** Sends already framed bytes to every socket of a user, on every process. */
  toUser(userId: string, bytes: Uint8Array): void {
    this.o.bus.publish(`sock.user.${userId}`, bytes);
  }

  /** Sends already framed bytes to one socket of this process, through the bus. */
  toConnection(conn: Connection, bytes: Uint8Array): void {
    this.o.bus.publish(`${this.connSubject}.${conn.id}`, bytes);
  }

  /**
   * Closes every socket of a user on every process (their credentials were
   * revoked); the client reconnects with whatever its session now allows.
   */
  disconnectUser(userId: string): void {
    this.o.bus.publish(`sock.revoke.${userId}`, new Uint8Array());
  }

  /**
   * Tells every process that a user's rights changed (a director removed
   * from a tournament): each of their sockets is handed to the `onRecheck`
   * listeners, which leave the realms it may no longer be in.
   */
  recheckUser(userId: string): void {
    this.o.bus.publish(`sock.recheck.${userId}`, new Uint8Array());
  }

  /** Told of each local socket of a user whose rights changed (see `recheckUser`). */
  onRecheck(listener: (conn: Connection) => void | Promise<void>): void {
    this.recheckListeners.push(listener);
  }

  /** Sends already framed bytes to every socket in a realm, on every process. */
  toRealm(realm: string, bytes: Uint8Array): void {
    this.o.bus.publish(`sock.realm.${realm}`, bytes);
  }

  /**
   * Sends a realm one form of a message for its signed-in sockets and another
   * for its anonymous visitors (a tournament game's tiles, which visitors may not see).
   */
  toRealmBySignIn(realm: string, signedIn: Uint8Array, anonymous: Uint8Array): void {
    this.o.bus.publish(`sock.realmsigned.${realm}`, signedIn);
    this.o.bus.publish(`sock.realmanon.${realm}`, anonymous);
  }

  /**
   * Like toRealmBySignIn, but the signed-in form skips the sockets that are
   * also in `inner`, which are sent their own form (a tournament game's
   * directors, who watch it free of observer restrictions).
   */
  toRealmWithInner(
    realm: string,
    forms: { signedIn: Uint8Array; anonymous: Uint8Array; inner: string; innerForm: Uint8Array },
  ): void {
    const name = new TextEncoder().encode(forms.inner);
    const data = new Uint8Array(2 + name.length + forms.signedIn.length);
    data[0] = name.length >> 8;
    data[1] = name.length & 0xff;
    data.set(name, 2);
    data.set(forms.signedIn, 2 + name.length);
    this.o.bus.publish(`sock.realmouter.${realm}`, data);
    this.o.bus.publish(`sock.realmanon.${realm}`, forms.anonymous);
    this.o.bus.publish(`sock.realm.${forms.inner}`, forms.innerForm);
  }

  /** Has this process an open socket of the user? */
  hasLocalUser(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  /** Realms with a socket on this process. */
  realmCount(): number {
    return this.byRealm.size;
  }

  localCount(): number {
    return this.local.size;
  }

  localConnections(): IterableIterator<Connection> {
    return this.local.values();
  }

  /** This process's sockets of one user (none: empty). */
  userConnections(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** How many of this process's sockets are in a realm. */
  realmSize(realm: string): number {
    return this.byRealm.get(realm)?.size ?? 0;
  }

  /** This process's sockets in one realm, without visiting the others. */
  realmConnections(realm: string): Connection[] {
    return [...(this.byRealm.get(realm) ?? [])];
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== SOCKET_PATH) {
        socket.destroy();
        return;
      }
      const address = this.clientAddress(req);
      const token = url.searchParams.get('token');
      const user = token ? this.o.authenticate(token) : anonymous();
      // A bad token is let through to be told so (accept sends BAD_TOKEN).
      const full =
        user &&
        (user.anonymous
          ? (this.anonymousByAddress.get(address) ?? 0) >= this.o.socketsPerAddress
          : (this.byUser.get(user.userId)?.size ?? 0) + (this.checking.get(user.userId) ?? 0) >=
            this.o.socketsPerUser);
      if (full) {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
        return;
      }
      const path = url.searchParams.get('path') ?? '/';
      const current = this.o.credentialsCurrent;
      if (!token || !user || user.anonymous || !current) {
        this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, user, address, path));
        return;
      }
      const uid = user.userId;
      this.checking.set(uid, (this.checking.get(uid) ?? 0) + 1);
      const done = () => {
        const n = (this.checking.get(uid) ?? 1) - 1;
        if (n > 0) this.checking.set(uid, n);
        else this.checking.delete(uid);
      };
      current(token).then(
        (ok) => {
          done();
          if (socket.destroyed) return;
          this.wss.handleUpgrade(req, socket, head, (ws) =>
            this.accept(ws, ok ? user : undefined, address, path),
          );
        },
        (err: unknown) => {
          done();
          this.o.log.warn({ err }, 'socket credential check failed');
          socket.destroy();
        },
      );
    });
  }

  /** The client as the HTTP routes see it (Fastify's req.ip), from the same trust. */
  private clientAddress(req: IncomingMessage): string {
    this.trusted ??= proxyTrustTest(this.o.trustProxy ?? 0);
    return clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trusted);
  }
  private trusted?: (address: string, hop: number) => boolean;

  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    for (const c of this.local.values()) c.close(1001, 'server shutting down');
    await new Promise<void>((r) => this.wss.close(() => r()));
  }

  private accept(ws: WebSocket, user: SocketUser | undefined, address: string, path: string): void {
    const conn = new Connection(randomUUID(), user ?? anonymous(), ws, RATE);
    if (!user) {
      conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
        message: errorMessage('BAD_TOKEN'),
      });
      conn.close(CLOSE_BAD_TOKEN, 'bad token');
      return;
    }
    conn.realmListener = (c, realm, entered) => {
      let members = this.byRealm.get(realm);
      if (entered) {
        if (!members) this.byRealm.set(realm, (members = new Set()));
        members.add(c);
      } else if (members) {
        members.delete(c);
        if (members.size === 0) this.byRealm.delete(realm);
      }
      for (const l of this.realmListeners) l(c, realm, entered);
    };
    this.local.set(conn.id, conn);
    if (user.anonymous) {
      this.anonymousByAddress.set(address, (this.anonymousByAddress.get(address) ?? 0) + 1);
      ws.once('close', () => {
        const left = (this.anonymousByAddress.get(address) ?? 1) - 1;
        if (left > 0) this.anonymousByAddress.set(address, left);
        else this.anonymousByAddress.delete(address);
      });
    } else {
      if (!this.byUser.has(user.userId)) this.byUser.set(user.userId, new Set());
      this.byUser.get(user.userId)!.add(conn);
    }
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer, isBinary: boolean) => this.receive(conn, data, isBinary));
    ws.on('close', () => this.drop(conn));
    ws.on('error', (err) => this.o.log.debug({ err, conn: conn.id }, 'socket error'));
    conn.send(MessageType.SESSION_INFO, SessionInfoSchema, {
      connectionId: conn.id,
      userId: user.userId,
      username: user.username,
      anonymous: user.anonymous,
      perms: user.perms,
      serverVersion: this.o.serverVersion,
    });
    void this.join(conn, path);
  }

  /**
   * Moves a connection to the realms of the page it is on; resolves once the
   * join listeners' own work is done (a listener that fails is logged and
   * answers the client itself).
   */
  async join(conn: Connection, path: string): Promise<void> {
    conn.path = path;
    conn.leaveAll();
    const work = this.joinListeners.map(async (l) => l(conn, path));
    for (const failed of await Promise.allSettled(work))
      if (failed.status === 'rejected')
        this.o.log.error({ err: failed.reason, conn: conn.id }, 'join failed');
  }

  private drop(conn: Connection): void {
    conn.leaveAll();
    this.local.delete(conn.id);
    const mine = this.byUser.get(conn.user.userId);
    mine?.delete(conn);
    if (mine?.size === 0) this.byUser.delete(conn.user.userId);
    for (const l of this.closeListeners) l(conn);
  }

  private reject(conn: Connection, key: ErrorKey, ...params: (string | number)[]): void {
    conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
      message: errorMessage(key, ...params),
    });
    if (++conn.protocolErrors >= MAX_PROTOCOL_ERRORS)
      conn.close(CLOSE_POLICY, 'too many bad messages');
  }

  private receive(conn: Connection, data: Buffer, isBinary: boolean): void {
    if (!isBinary) return this.reject(conn, 'MALFORMED_FRAME', 'text frames are not accepted');
    if (data.length > this.maxFrameBytes) {
      return this.reject(conn, 'FRAME_TOO_LARGE', data.length, this.maxFrameBytes);
    }
    const frames = decodeFrames(new Uint8Array(data.buffer, data.byteOffset, data.length));
    if (!Array.isArray(frames)) {
      return this.reject(
        conn,
        'MALFORMED_FRAME',
        `${frames.code} message at byte ${frames.offset}`,
      );
    }
    // Every message costs a token, however many share a frame; the rest of a
    // frame that runs out is dropped with one refusal.
    for (const frame of frames) {
      if (!conn.takeToken() || conn.queued >= MAX_QUEUED_MESSAGES) {
        this.reject(conn, 'RATE_LIMITED', 1);
        break;
      }
      const handler = this.handlers.get(frame.type);
      const decoded = decodeSocketMessage(frame.type, frame.payload);
      if (!handler || (!decoded.ok && decoded.reason === 'unknown-type')) {
        this.reject(conn, 'UNKNOWN_MESSAGE_TYPE', frame.type);
        continue;
      }
      if (!decoded.ok) {
        this.reject(conn, 'MALFORMED_MESSAGE', frame.type);
        continue;
      }
      // As over HTTP: no stored text may hold NUL (PostgreSQL refuses it).
      if (hasNul(decoded.message)) {
        this.reject(conn, 'INVALID_REQUEST', 'text must not contain NUL characters');
        continue;
      }
      const type = frame.type as MessageType;
      conn.enqueue(() => this.dispatch(conn, type, handler, decoded.message as never));
    }
  }

  private async dispatch(
    conn: Connection,
    type: MessageType,
    handler: SocketHandler<never>,
    message: never,
  ) {
    const start = performance.now();
    try {
      await handler(conn, message);
      this.o.onHandled?.(type, (performance.now() - start) / 1000, false);
    } catch (err) {
      this.o.onHandled?.(type, (performance.now() - start) / 1000, true);
      // The socket edge of a refusal: its catalogue form, "<code>;<params>".
      if (err instanceof Refusal) {
        conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, { message: err.message });
      } else {
        this.o.log.error({ err, conn: conn.id }, 'socket handler failed');
        conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
          message: errorMessage('INTERNAL'),
        });
      }
    }
  }
}

function anonymous(): SocketUser {
  return { userId: '', username: '', perms: [], anonymous: true };
}
