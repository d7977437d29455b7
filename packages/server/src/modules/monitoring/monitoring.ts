import type { HandlerContext } from '@connectrpc/connect';
import {
  MessageType,
  MonitoringSignal_Kind as Kind,
  MonitoringSignalSchema,
  MonitoringStatusSchema,
  refuse,
  StreamStatus,
  StreamType,
  encodeSocketMessage,
  type MonitoringParticipant,
  type MonitoringPublish,
  type MonitoringSignal,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import type { Connection } from '../../socket/connection.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { TournamentApi, TournamentState } from '../tournament/index.ts';
import { iceServersFor, type IceConfig } from './ice.ts';
import { makePhoneKey, readPhoneKey } from './phone-key.ts';
import type { MediaRelay, RelayStream } from './relay.ts';
import { STREAM_TYPES, type Stream, type StreamStore } from './store.ts';

/** An SDP is a few kilobytes; a candidate a few hundred bytes. */
export const MAX_SIGNAL_PAYLOAD = 16 * 1024;
const MAX_SESSION_ID = 64;

export interface MonitoringDeps {
  store: StreamStore;
  gateway: Gateway;
  sessions: SessionResolver;
  accounts: Accounts;
  tournaments: TournamentApi;
  ice: IceConfig;
  secretKey: string;
  processId: string;
  log: Logger;
  /** Where media flows: undefined for peer to peer (the default), else the SFU (decision 0140). */
  relay?: MediaRelay;
}

/** The realm of a tournament's dashboards (entered with MONITORING_PUBLISH watch). */
export const watchRealm = (tournamentId: string) => `monitoring.${tournamentId}`;
/** The realm of a participant's phone camera page (it is not signed in). */
export const phoneRealm = (tournamentId: string, userId: string) =>
  `monitoring.phone.${tournamentId}.${userId}`;

type Who = { id: string; username: string };

/**
 * Remote invigilation: stream keys and states (§3, §4), who may see them
 * (§6), and WebRTC signalling between a participant and the directors.
 */
export class Monitoring {
  /** A connection's open viewing sessions on the relay (left when it closes). */
  private readonly relaySessions = new Map<string, Set<string>>();

  constructor(private readonly d: MonitoringDeps) {}

  /** "p2p" or the relay's name, in every answer: the client publishes and views accordingly. */
  get relayName(): string {
    return this.d.relay?.name ?? 'p2p';
  }

  // ---- who is who -------------------------------------------------------

  /** A monitored, unfinished tournament. */
  async monitored(tournamentId: string): Promise<TournamentState> {
    const s = tournamentId ? await this.d.tournaments.state(tournamentId) : undefined;
    if (!s) throw refuse('TOURNAMENT_NOT_FOUND');
    if (!s.meta.monitored) throw refuse('MONITORING_NOT_MONITORED');
    if (s.finished) throw refuse('MONITORING_FINISHED');
    return s;
  }

  /** The player's division, or undefined for someone who plays in none. */
  divisionOf(s: TournamentState, userId: string): string | undefined {
    for (const d of s.divisions)
      if (d.players.some((p) => !p.removed && p.id.startsWith(`${userId}:`))) return d.name;
    return undefined;
  }

  async isDirector(s: TournamentState, who: Who | undefined): Promise<boolean> {
    return (await this.d.tournaments.role(s, who)) !== 'none';
  }

  private async requireDirector(s: TournamentState, who: Who): Promise<void> {
    if (!(await this.isDirector(s, who))) throw refuse('MONITORING_NOT_DIRECTOR');
  }

  private requireParticipant(s: TournamentState, userId: string): string {
    const division = this.divisionOf(s, userId);
    if (division === undefined) throw refuse('MONITORING_NOT_PARTICIPANT');
    return division;
  }

  private streamType(t: StreamType): StreamType {
    if (t !== StreamType.CAMERA && t !== StreamType.SCREENSHOT)
      throw refuse('MONITORING_BAD_STREAM_TYPE');
    return t;
  }

  // ---- calls (§7) -------------------------------------------------------

  async initializeKeys(ctx: HandlerContext, tournamentId: string) {
    const me = await this.d.sessions.requireUser(ctx);
    const s = await this.monitored(tournamentId);
    const division = this.requireParticipant(s, me.id);
    const rows = await this.d.store.ensureKeys(s.id, me.id, me.username);
    return this.answer(participantOf(rows, me.id, me.username, division), me.id);
  }

  async requestStream(
    ctx: HandlerContext,
    tournamentId: string,
    type: StreamType,
    phoneKey: string,
  ) {
    const who = await this.publisher(ctx, tournamentId, phoneKey);
    const s = await this.monitored(tournamentId);
    const division = this.requireParticipant(s, who.id);
    this.streamType(type);
    if (phoneKey && type !== StreamType.CAMERA) throw refuse('MONITORING_SIGNAL_FORBIDDEN');
    if (!(await this.d.store.get(s.id, who.id, type))) throw refuse('MONITORING_NO_KEYS');
    // Again from any state: "click again if the window did not open" (§4).
    await this.d.store.setStatus(
      { tournamentId: s.id, userId: who.id, type },
      StreamStatus.PENDING,
      {
        bind: null,
      },
    );
    const p = await this.participant(s.id, who.id, division);
    this.push(s.id, p);
    return this.answer(p, who.id);
  }

  async resetStream(ctx: HandlerContext, tournamentId: string, userId: string, type: StreamType) {
    const me = await this.d.sessions.requireUser(ctx);
    const s = await this.monitored(tournamentId);
    await this.requireDirector(s, me);
    this.streamType(type);
    const row = await this.d.store.get(s.id, userId, type);
    if (!row) throw refuse('MONITORING_NO_KEYS');
    const changed = await this.d.store.setStatus(
      { tournamentId: s.id, userId, type },
      StreamStatus.NOT_STARTED,
      { from: [StreamStatus.PENDING, StreamStatus.ACTIVE], bind: null },
    );
    if (!changed) throw refuse('MONITORING_NOT_RESETTABLE');
    await this.unpublish([{ tournamentId: s.id, userId, type }]);
    this.push(s.id, await this.participant(s.id, userId, this.divisionOf(s, userId) ?? ''));
  }

  async tournamentMonitoring(ctx: HandlerContext, tournamentId: string) {
    const me = await this.d.sessions.requireUser(ctx);
    const s = await this.monitored(tournamentId);
    await this.requireDirector(s, me);
    const rows = await this.d.store.ofTournament(s.id);
    const byUser = new Map<string, Stream[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const participants: MonitoringParticipant[] = [];
    // Every player of the tournament, with or without keys, in division order.
    for (const d of s.divisions)
      for (const p of d.players) {
        if (p.removed) continue;
        const i = p.id.indexOf(':');
        const userId = p.id.slice(0, i);
        participants.push(
          participantOf(byUser.get(userId) ?? [], userId, p.id.slice(i + 1), d.name),
        );
      }
    return {
      participants,
      iceServers: iceServersFor(this.d.ice, me.id),
      relay: this.relayName,
    };
  }

  async phoneKey(ctx: HandlerContext, tournamentId: string) {
    const me = await this.d.sessions.requireUser(ctx);
    const s = await this.monitored(tournamentId);
    this.requireParticipant(s, me.id);
    if (!(await this.d.store.get(s.id, me.id, StreamType.CAMERA)))
      throw refuse('MONITORING_NO_KEYS');
    return makePhoneKey(this.d.secretKey, s.id, me.id);
  }

  // ---- socket -------------------------------------------------------------

  /** MONITORING_PUBLISH: a publisher's stream went live or ended; a director watches. */
  async onPublish(conn: Connection, m: MonitoringPublish): Promise<void> {
    const s = await this.monitored(m.tournamentId);
    if (m.watch) {
      const who = this.signedIn(conn);
      await this.requireDirector(s, who);
      conn.enter(watchRealm(s.id));
      return;
    }
    const who = this.socketPublisher(conn, s.id, m.phoneKey);
    const division = this.requireParticipant(s, who.id);
    const type = this.streamType(m.streamType);
    if (m.phoneKey) {
      if (type !== StreamType.CAMERA) throw refuse('MONITORING_SIGNAL_FORBIDDEN');
      conn.enter(phoneRealm(s.id, who.id));
    }
    const key = { tournamentId: s.id, userId: who.id, type };
    const changed = m.live
      ? // STOPPED too: a publisher whose socket dropped and came back carries on.
        await this.d.store.setStatus(key, StreamStatus.ACTIVE, {
          from: [StreamStatus.PENDING, StreamStatus.ACTIVE, StreamStatus.STOPPED],
          bind: { connId: conn.id, processId: this.d.processId },
        })
      : await this.d.store.setStatus(key, StreamStatus.STOPPED, {
          from: [StreamStatus.PENDING, StreamStatus.ACTIVE],
          bind: null,
        });
    if (!changed) {
      if (m.live) throw refuse('MONITORING_NOT_STARTED');
      return;
    }
    if (!m.live) await this.unpublish([key]);
    this.push(s.id, await this.participant(s.id, who.id, division));
  }

  /**
   * MONITORING_SIGNAL: an offer, answer, ICE candidate or hang-up. A
   * director may signal a participant's pending or active stream; the
   * participant (or their phone, for the camera) may signal a director.
   * Nobody else, and nothing else.
   */
  async onSignal(conn: Connection, m: MonitoringSignal): Promise<void> {
    if (m.payload.length > MAX_SIGNAL_PAYLOAD)
      throw refuse('MONITORING_SIGNAL_INVALID', `payload longer than ${MAX_SIGNAL_PAYLOAD} bytes`);
    if (!m.sessionId || m.sessionId.length > MAX_SESSION_ID)
      throw refuse('MONITORING_SIGNAL_INVALID', 'session id');
    if (m.kind < Kind.OFFER || m.kind > Kind.HANGUP)
      throw refuse('MONITORING_SIGNAL_INVALID', 'kind');
    const type = this.streamType(m.streamType);
    const s = await this.monitored(m.tournamentId);
    const sender = m.phoneKey
      ? this.socketPublisher(conn, s.id, m.phoneKey)
      : conn.user.anonymous
        ? undefined
        : { id: conn.user.userId, username: conn.user.username };
    if (!sender) throw refuse('MONITORING_SIGNAL_FORBIDDEN');
    const own = sender.id === m.participantId && (m.phoneKey ? type === StreamType.CAMERA : true);
    if (this.d.relay) return this.relaySignal(conn, s, m, sender, own, type);
    if (own) {
      // The participant answers one director.
      if (m.kind === Kind.OFFER) throw refuse('MONITORING_SIGNAL_INVALID', 'the viewer offers');
      const to = m.toUserId ? await this.userOf(m.toUserId) : undefined;
      if (!to || !(await this.isDirector(s, to))) throw refuse('MONITORING_SIGNAL_FORBIDDEN');
      this.d.gateway.toUser(to.id, this.signalBytes(s.id, m, sender.id, to.id));
      return;
    }
    if (m.phoneKey || !(await this.isDirector(s, sender)))
      throw refuse('MONITORING_SIGNAL_FORBIDDEN');
    // A director to a participant's stream, which must be live.
    if (m.kind === Kind.ANSWER) throw refuse('MONITORING_SIGNAL_INVALID', 'the publisher answers');
    const row = await this.d.store.get(s.id, m.participantId, type);
    if (!row) throw refuse('MONITORING_NO_KEYS');
    if (row.status !== StreamStatus.PENDING && row.status !== StreamStatus.ACTIVE)
      if (m.kind !== Kind.HANGUP) throw refuse('MONITORING_STREAM_NOT_LIVE');
    const bytes = this.signalBytes(s.id, m, sender.id, m.participantId);
    this.d.gateway.toUser(m.participantId, bytes);
    if (type === StreamType.CAMERA)
      this.d.gateway.toRealm(phoneRealm(s.id, m.participantId), bytes);
  }

  /**
   * Through the relay: the participant offers each stream once and the
   * relay answers; a director asks for a stream (an empty offer), the relay
   * offers, the director answers, or hangs up. Replies go back on the
   * asking connection only. Candidates travel inside the SDPs.
   */
  private async relaySignal(
    conn: Connection,
    s: TournamentState,
    m: MonitoringSignal,
    sender: Who,
    own: boolean,
    type: StreamType,
  ): Promise<void> {
    const relay = this.d.relay!;
    const stream: RelayStream = { tournamentId: s.id, userId: m.participantId, type };
    const reply = (kind: Kind, payload: string) =>
      conn.sendBytes(
        this.signalBytes(s.id, { ...m, kind, payload }, own ? '' : m.participantId, sender.id),
      );
    if (own) {
      if (m.kind === Kind.CANDIDATE) return;
      if (m.kind === Kind.HANGUP) return relay.unpublish(stream);
      if (m.kind !== Kind.OFFER || !m.payload)
        throw refuse('MONITORING_SIGNAL_INVALID', 'the participant offers to the relay');
      const row = await this.d.store.get(s.id, m.participantId, type);
      if (!row) throw refuse('MONITORING_NO_KEYS');
      if (row.status !== StreamStatus.PENDING && row.status !== StreamStatus.ACTIVE)
        throw refuse('MONITORING_STREAM_NOT_LIVE');
      reply(Kind.ANSWER, await relay.publish(stream, m.payload));
      return;
    }
    if (m.phoneKey || !(await this.isDirector(s, sender)))
      throw refuse('MONITORING_SIGNAL_FORBIDDEN');
    const session = `${sender.id}/${m.sessionId}`;
    const open = this.relaySessions.get(conn.id) ?? new Set<string>();
    this.relaySessions.set(conn.id, open);
    if (m.kind === Kind.HANGUP) {
      open.delete(session);
      return relay.leave(session);
    }
    if (m.kind === Kind.CANDIDATE) return;
    if (m.kind === Kind.ANSWER) {
      if (!open.has(session)) throw refuse('MONITORING_RELAY_NO_SESSION');
      return relay.start(session, m.payload);
    }
    const row = await this.d.store.get(s.id, m.participantId, type);
    if (!row) throw refuse('MONITORING_NO_KEYS');
    if (row.status !== StreamStatus.PENDING && row.status !== StreamStatus.ACTIVE)
      throw refuse('MONITORING_STREAM_NOT_LIVE');
    open.add(session);
    reply(Kind.OFFER, await relay.subscribe(stream, session));
  }

  /** Streams that ended leave the relay (their viewers see the end). */
  private async unpublish(streams: RelayStream[]): Promise<void> {
    const relay = this.d.relay;
    if (!relay) return;
    for (const st of streams)
      await relay
        .unpublish(st)
        .catch((err: unknown) => this.d.log.warn({ err }, 'relay unpublish failed'));
  }

  /** A closed socket hangs up every stream it published, within the second. */
  async onClose(conn: Connection): Promise<void> {
    const open = this.relaySessions.get(conn.id);
    this.relaySessions.delete(conn.id);
    for (const session of open ?? []) await this.d.relay?.leave(session).catch(() => {});
    const stopped = await this.d.store.stopConnection(conn.id);
    await this.announce(stopped);
    await this.unpublish(
      stopped.map((r) => ({
        tournamentId: r.tournament_id,
        userId: r.user_id,
        type: r.stream_type,
      })),
    );
  }

  async onProcessGone(processId: string): Promise<void> {
    await this.announce(await this.d.store.stopProcess(processId));
  }

  async onFinished(tournamentId: string, monitored: boolean): Promise<void> {
    await this.d.store.dropTournament(tournamentId);
    if (!monitored) return;
    await this.d.relay
      ?.closeTournament(tournamentId)
      .catch((err: unknown) => this.d.log.warn({ err }, 'relay close failed'));
  }

  // ---- helpers ------------------------------------------------------------

  private async announce(rows: Stream[]): Promise<void> {
    const seen = new Set<string>();
    for (const r of rows) {
      const k = `${r.tournament_id}/${r.user_id}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const s = await this.d.tournaments.state(r.tournament_id);
      this.push(
        r.tournament_id,
        await this.participant(
          r.tournament_id,
          r.user_id,
          s ? (this.divisionOf(s, r.user_id) ?? '') : '',
        ),
      );
    }
  }

  private signedIn(conn: Connection): Who {
    if (conn.user.anonymous) throw refuse('NOT_LOGGED_IN');
    return { id: conn.user.userId, username: conn.user.username };
  }

  private async userOf(userId: string): Promise<Who | undefined> {
    const username = (await this.d.accounts.usernames([userId])).get(userId);
    return username ? { id: userId, username } : undefined;
  }

  /** The signed-in caller, or the participant a phone key stands for. */
  private async publisher(ctx: HandlerContext, tournamentId: string, phoneKey: string) {
    if (!phoneKey) return this.d.sessions.requireUser(ctx);
    const claim = readPhoneKey(this.d.secretKey, phoneKey);
    if (!claim || claim.tournamentId !== tournamentId) throw refuse('MONITORING_PHONE_KEY_INVALID');
    const who = await this.userOf(claim.userId);
    if (!who) throw refuse('MONITORING_PHONE_KEY_INVALID');
    return who;
  }

  private socketPublisher(conn: Connection, tournamentId: string, phoneKey: string): Who {
    if (!phoneKey) return this.signedIn(conn);
    const claim = readPhoneKey(this.d.secretKey, phoneKey);
    if (!claim || claim.tournamentId !== tournamentId) throw refuse('MONITORING_PHONE_KEY_INVALID');
    return { id: claim.userId, username: '' };
  }

  private signalBytes(tournamentId: string, m: MonitoringSignal, from: string, to: string) {
    return encodeSocketMessage(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
      tournamentId,
      participantId: m.participantId,
      streamType: m.streamType,
      sessionId: m.sessionId,
      kind: m.kind,
      payload: m.payload,
      toUserId: to,
      fromUserId: from,
    });
  }

  private async participant(tournamentId: string, userId: string, division: string) {
    const rows = await this.d.store.ofUser(tournamentId, userId);
    return participantOf(rows, userId, rows[0]?.username ?? '', division);
  }

  private answer(p: MonitoringParticipant, userId: string) {
    return { participant: p, iceServers: iceServersFor(this.d.ice, userId), relay: this.relayName };
  }

  /** Pushed to the watching dashboards and to the participant's own pages. */
  private push(tournamentId: string, participant: MonitoringParticipant): void {
    const bytes = encodeSocketMessage(MessageType.MONITORING_UPDATE, MonitoringStatusSchema, {
      tournamentId,
      participant,
    });
    this.d.gateway.toRealm(watchRealm(tournamentId), bytes);
    this.d.gateway.toUser(participant.userId, bytes);
    this.d.gateway.toRealm(phoneRealm(tournamentId, participant.userId), bytes);
  }
}

/** §3's shape from a participant's rows (none yet: NOT_STARTED without keys). */
export function participantOf(
  rows: Stream[],
  userId: string,
  username: string,
  division: string,
): MonitoringParticipant {
  const by = new Map(rows.map((r) => [r.stream_type, r]));
  const cam = by.get(StreamType.CAMERA);
  const scr = by.get(StreamType.SCREENSHOT);
  return {
    $typeName: 'tessera.v1.MonitoringParticipant',
    userId,
    username: username || rows[0]?.username || '',
    division,
    cameraKey: cam?.stream_key ?? '',
    screenshotKey: scr?.stream_key ?? '',
    cameraStatus: cam?.status ?? StreamStatus.NOT_STARTED,
    cameraTimestamp: cam ? stamp(cam.status_at) : undefined,
    screenshotStatus: scr?.status ?? StreamStatus.NOT_STARTED,
    screenshotTimestamp: scr ? stamp(scr.status_at) : undefined,
  } as MonitoringParticipant;
}

function stamp(d: Date) {
  const ms = d.getTime();
  return {
    $typeName: 'tessera.v1.Timestamp' as const,
    seconds: BigInt(Math.floor(ms / 1000)),
    nanos: (ms % 1000) * 1_000_000,
  };
}

export { STREAM_TYPES };
