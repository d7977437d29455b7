import { createHash, createHmac, randomUUID } from 'node:crypto';
import { refuse } from '@tessera/protocol';
import type { Logger } from 'pino';
import type { MediaRelay, RelayStream } from './relay.ts';

/** Janus's HTTP replies and events, as far as this adapter reads them. */
interface JanusReply {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> & { error_code?: number; error?: string } };
  jsep?: { type: string; sdp: string };
}

const KEEPALIVE_MS = 25_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** error_code of the VideoRoom plugin: the room exists, the id is taken. */
const ROOM_EXISTS = 427;
const ID_EXISTS = 436;
const NO_SUCH_ROOM = 426;

/** A 48-bit number from a name: rooms and feeds get the same id in every server process. */
function idOf(name: string): number {
  return createHash('sha256').update(name).digest().readUIntBE(0, 6) || 1;
}
export const janusRoomOf = (tournamentId: string) => idOf(`room/${tournamentId}`);
export const janusFeedOf = (s: RelayStream) => idOf(`feed/${s.tournamentId}/${s.userId}/${s.type}`);

/**
 * The MediaRelay on Janus's VideoRoom plugin, over Janus's HTTP (REST) API.
 * One Janus session per server process, kept alive by a long poll (which
 * also carries the plugin's asynchronous replies) and a keep-alive; a room
 * per tournament, with a PIN and a secret derived from the server's secret
 * so that only Tessera can join or change it; one handle per published
 * stream (the participant uploads once) and one per viewing session (Janus
 * fans the stream out). JANUS_URL must be reachable by the server only.
 */
export class JanusRelay implements MediaRelay {
  readonly name = 'janus';
  private session?: Promise<number>;
  /** The live session's number: a long poll of an older one stops by itself. */
  private current?: number;
  /** Publications under way, which a subscription to the same stream waits for. */
  private readonly publishing = new Map<string, Promise<string>>();
  private readonly waiting = new Map<
    string,
    { resolve: (r: JanusReply) => void; reject: (e: unknown) => void }
  >();
  private readonly publishers = new Map<string, number>();
  private readonly viewers = new Map<string, number>();
  private readonly rooms = new Set<number>();
  private keepalive?: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly secretKey: string,
    private readonly log: Logger,
  ) {}

  async publish(stream: RelayStream, offerSdp: string): Promise<string> {
    const key = streamKey(stream);
    const done = this.publishOnce(stream, offerSdp);
    this.publishing.set(key, done);
    try {
      return await done;
    } finally {
      if (this.publishing.get(key) === done) this.publishing.delete(key);
    }
  }

  private async publishOnce(stream: RelayStream, offerSdp: string): Promise<string> {
    await this.unpublish(stream);
    const room = await this.room(stream.tournamentId);
    const handle = await this.attach();
    this.publishers.set(streamKey(stream), handle);
    const feed = janusFeedOf(stream);
    const join = {
      request: 'join',
      ptype: 'publisher',
      room,
      pin: this.pin(room),
      id: feed,
      display: streamKey(stream),
    };
    let joined = await this.message(handle, join);
    if (joined.plugindata?.data.error_code === ID_EXISTS) {
      // A publication left behind by an earlier handle (another tab, a restart): replaced.
      await this.message(handle, {
        request: 'kick',
        room,
        secret: this.secret(room),
        id: feed,
      });
      joined = await this.message(handle, join);
    }
    this.pluginOk(joined);
    const r = this.pluginOk(
      await this.message(handle, { request: 'publish' }, { type: 'offer', sdp: offerSdp }),
    );
    if (!r.jsep?.sdp) throw refuse('MONITORING_RELAY_FAILED');
    return r.jsep.sdp;
  }

  async subscribe(stream: RelayStream, session: string): Promise<string> {
    await this.leave(session);
    // A director who asks while the participant's upload is being set up gets it once ready.
    await this.publishing.get(streamKey(stream))?.catch(() => {});
    const room = await this.room(stream.tournamentId);
    const handle = await this.attach();
    this.viewers.set(session, handle);
    const r = this.pluginOk(
      await this.message(handle, {
        request: 'join',
        ptype: 'subscriber',
        room,
        pin: this.pin(room),
        streams: [{ feed: janusFeedOf(stream) }],
      }),
    );
    if (!r.jsep?.sdp) throw refuse('MONITORING_RELAY_FAILED');
    return r.jsep.sdp;
  }

  async start(session: string, answerSdp: string): Promise<void> {
    const handle = this.viewers.get(session);
    if (handle === undefined) throw refuse('MONITORING_RELAY_NO_SESSION');
    this.pluginOk(
      await this.message(handle, { request: 'start' }, { type: 'answer', sdp: answerSdp }),
    );
  }

  async leave(session: string): Promise<void> {
    const handle = this.viewers.get(session);
    this.viewers.delete(session);
    if (handle !== undefined) await this.detach(handle);
  }

  async unpublish(stream: RelayStream): Promise<void> {
    const key = streamKey(stream);
    const handle = this.publishers.get(key);
    this.publishers.delete(key);
    if (handle !== undefined) await this.detach(handle);
  }

  /** The tournament finished: its room goes, and every publication and viewer with it. */
  async closeTournament(tournamentId: string): Promise<void> {
    const room = janusRoomOf(tournamentId);
    for (const [key, handle] of this.publishers)
      if (key.startsWith(`${tournamentId}/`)) {
        this.publishers.delete(key);
        await this.detach(handle);
      }
    const handle = await this.attach();
    try {
      const r = await this.message(handle, { request: 'destroy', room, secret: this.secret(room) });
      // Never created (nobody streamed through the relay): nothing to destroy.
      if (r.plugindata?.data.error_code !== NO_SUCH_ROOM) this.pluginOk(r);
      this.rooms.delete(room);
    } finally {
      await this.detach(handle);
    }
  }

  /** How many feeds publish in a tournament's room (operators, tests). */
  async publishersOf(tournamentId: string): Promise<{ id: number; display: string }[]> {
    const room = await this.room(tournamentId);
    const handle = await this.attach();
    try {
      const r = this.pluginOk(await this.message(handle, { request: 'listparticipants', room }));
      const list = (r.plugindata?.data.participants ?? []) as {
        id: number;
        display: string;
        publisher: boolean;
      }[];
      return list.filter((p) => p.publisher).map(({ id, display }) => ({ id, display }));
    } finally {
      await this.detach(handle);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.keepalive) clearInterval(this.keepalive);
    const s = await this.session?.catch(() => undefined);
    this.session = undefined;
    if (s !== undefined)
      await this.post(`/${s}`, { janus: 'destroy', transaction: randomUUID() }).catch(() => {});
    for (const w of this.waiting.values()) w.reject(refuse('MONITORING_RELAY_FAILED'));
    this.waiting.clear();
  }

  // ---- Janus's HTTP API ----------------------------------------------------

  private pin(room: number): string {
    return createHmac('sha256', this.secretKey)
      .update(`janus-pin/${room}`)
      .digest('hex')
      .slice(0, 24);
  }

  private secret(room: number): string {
    return createHmac('sha256', this.secretKey).update(`janus-secret/${room}`).digest('hex');
  }

  private async room(tournamentId: string): Promise<number> {
    const room = janusRoomOf(tournamentId);
    if (this.rooms.has(room)) return room;
    const handle = await this.attach();
    try {
      const r = await this.message(handle, {
        request: 'create',
        room,
        description: `tessera ${tournamentId}`,
        pin: this.pin(room),
        secret: this.secret(room),
        is_private: true,
        publishers: 256,
        audiocodec: 'opus',
        videocodec: 'vp8,h264',
      });
      if (r.plugindata?.data.error_code !== ROOM_EXISTS) this.pluginOk(r);
      this.rooms.add(room);
      return room;
    } finally {
      await this.detach(handle);
    }
  }

  private pluginOk(r: JanusReply): JanusReply {
    const d = r.plugindata?.data;
    if (r.janus === 'error' || d?.error_code) {
      this.log.warn({ janus: r.error ?? d }, 'janus refused a request');
      throw refuse('MONITORING_RELAY_FAILED');
    }
    return r;
  }

  private async post(path: string, body: object): Promise<JanusReply> {
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      this.log.warn({ err, url: this.url }, 'janus unreachable');
      throw refuse('MONITORING_RELAY_FAILED');
    }
    if (!res.ok) throw refuse('MONITORING_RELAY_FAILED');
    return (await res.json()) as JanusReply;
  }

  private sessionId(): Promise<number> {
    if (this.closed) return Promise.reject(refuse('MONITORING_RELAY_FAILED'));
    this.session ??= (async () => {
      const r = await this.post('', { janus: 'create', transaction: randomUUID() });
      if (r.janus !== 'success' || !r.data) throw refuse('MONITORING_RELAY_FAILED');
      const id = r.data.id;
      this.current = id;
      void this.poll(id);
      this.keepalive ??= setInterval(() => {
        void this.session
          ?.then((s) => this.post(`/${s}`, { janus: 'keepalive', transaction: randomUUID() }))
          .catch(() => {});
      }, KEEPALIVE_MS);
      this.keepalive.unref();
      return id;
    })().catch((err: unknown) => {
      this.session = undefined;
      throw err;
    });
    return this.session;
  }

  /** The long poll: the plugin's asynchronous replies, matched by transaction. */
  private async poll(session: number): Promise<void> {
    while (!this.closed && this.current === session) {
      let events: JanusReply[];
      try {
        const res = await fetch(`${this.url}/${session}?maxev=10&rid=${Date.now()}`, {
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await res.json()) as JanusReply | JanusReply[];
        events = Array.isArray(body) ? body : [body];
      } catch (err) {
        this.lost(session, err);
        return;
      }
      for (const e of events) {
        if (e.janus === 'error' && e.error?.code === 458) {
          // Janus forgot the session (it timed out): start over with a new one.
          this.lost(session, e.error);
          return;
        }
        const w = e.transaction ? this.waiting.get(e.transaction) : undefined;
        if (w && (e.janus === 'event' || e.janus === 'error')) {
          this.waiting.delete(e.transaction!);
          w.resolve(e);
        }
      }
    }
  }

  /** The session is gone: every handle with it; the next call makes a new one. */
  private lost(session: number, reason: unknown): void {
    if (this.closed || this.current !== session) return;
    this.log.warn({ reason }, 'janus session lost');
    this.session = undefined;
    this.current = undefined;
    this.publishers.clear();
    this.viewers.clear();
    this.rooms.clear();
    for (const w of this.waiting.values()) w.reject(refuse('MONITORING_RELAY_FAILED'));
    this.waiting.clear();
  }

  private async attach(): Promise<number> {
    const s = await this.sessionId();
    const r = await this.post(`/${s}`, {
      janus: 'attach',
      plugin: 'janus.plugin.videoroom',
      transaction: randomUUID(),
    });
    if (r.janus !== 'success' || !r.data) throw refuse('MONITORING_RELAY_FAILED');
    return r.data.id;
  }

  private async detach(handle: number): Promise<void> {
    const s = await this.session?.catch(() => undefined);
    if (s === undefined) return;
    await this.post(`/${s}/${handle}`, { janus: 'detach', transaction: randomUUID() }).catch(
      () => {},
    );
  }

  /** A plugin message: answered at once ("success") or later on the long poll ("ack"). */
  private async message(
    handle: number,
    body: object,
    jsep?: { type: string; sdp: string },
  ): Promise<JanusReply> {
    const s = await this.sessionId();
    const transaction = randomUUID();
    const later = new Promise<JanusReply>((resolve, reject) => {
      this.waiting.set(transaction, { resolve, reject });
      setTimeout(() => {
        if (this.waiting.delete(transaction)) reject(refuse('MONITORING_RELAY_FAILED'));
      }, REQUEST_TIMEOUT_MS).unref();
    });
    later.catch(() => {});
    const r = await this.post(`/${s}/${handle}`, {
      janus: 'message',
      transaction,
      body,
      ...(jsep ? { jsep: { ...jsep, trickle: false } } : {}),
    }).catch((err: unknown) => {
      this.waiting.delete(transaction);
      throw err;
    });
    if (r.janus === 'ack') return later;
    this.waiting.delete(transaction);
    return r;
  }
}

const streamKey = (s: RelayStream) => `${s.tournamentId}/${s.userId}/${s.type}`;
