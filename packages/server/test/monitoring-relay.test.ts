import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  MessageType,
  MonitoringPublishSchema,
  MonitoringSignal_Kind as Kind,
  MonitoringSignalSchema,
  StreamType,
  type ErrorKey,
} from '@tessera/protocol';
import { parseMediaRelay } from '../src/config.ts';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

/** A loopback port nobody listens on: the relay is configured but unreachable. */
const deadPort = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
});
const server = useTestServer({
  mediaRelay: { kind: 'janus', url: `http://127.0.0.1:${deadPort}/janus` },
});

type User = Awaited<ReturnType<typeof registerUser>>;
type Body = Record<string, unknown>;
const code = (key: ErrorKey) => String(ERRORS[key].code);
const codeOf = (m: Body) => String(m.message ?? '').split(';')[0];

async function ok(method: string, body: unknown, cookie: string): Promise<Body> {
  const r = await rpc<Body>(server, 'MonitoringService', method, body, { cookie });
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function event() {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('mr'), name: 'MR' });
  await rpc(
    server,
    'TournamentService',
    'SetTournamentMetadata',
    { metadata: { id, monitored: true }, setOnlySpecified: true },
    { cookie: td.cookie },
  );
  const [p1, p2, outsider] = await Promise.all(
    Array.from({ length: 3 }, () => registerUser(server)),
  );
  await setUpDivision(server, td, id, {
    persons: [p1!, p2!].map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: [{ pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' }],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    },
  });
  return { id, td, p1: p1!, p2: p2!, outsider: outsider! };
}

async function errorAfter(s: TestSocket, send: () => void): Promise<string | undefined> {
  const from = s.received.length;
  send();
  await s.barrier();
  const err = s.received.slice(from).find((m) => m.type === MessageType.ERROR_MESSAGE);
  return err ? codeOf(err.message) : undefined;
}

describe('MEDIA_RELAY: the operator’s choice', () => {
  it('p2p by default; janus needs an http(s) JANUS_URL; nothing else is accepted', () => {
    expect(parseMediaRelay(undefined, undefined)).toEqual({ kind: 'p2p' });
    expect(parseMediaRelay('P2P', 'http://x')).toEqual({ kind: 'p2p' });
    expect(parseMediaRelay('janus', 'http://127.0.0.1:8088/janus/')).toEqual({
      kind: 'janus',
      url: 'http://127.0.0.1:8088/janus',
    });
    expect(() => parseMediaRelay('janus', undefined)).toThrow(/JANUS_URL/);
    expect(() => parseMediaRelay('janus', 'ws://127.0.0.1:8188')).toThrow(/JANUS_URL/);
    expect(() => parseMediaRelay('mediasoup', '')).toThrow(/MEDIA_RELAY/);
  });
});

describe('monitoring through a media relay: Tessera still decides who publishes and watches', () => {
  it('answers name the relay; signals are checked before the relay is asked; a dead relay is a catalogue refusal', async () => {
    const e = await event();
    const { id } = e;
    const keys = await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p1.cookie);
    expect(keys.relay).toBe('janus');
    const dash = await ok('GetTournamentMonitoring', { tournamentId: id }, e.td.cookie);
    expect(dash.relay).toBe('janus');

    const sockets = new Map<string, TestSocket>();
    const socketOf = async (u: User | undefined, name: string) => {
      const s = await TestSocket.withToken(server, u?.cookie);
      sockets.set(name, s);
      return s;
    };
    const signal = (s: TestSocket, kind: Kind, over: Body = {}) =>
      errorAfter(s, () =>
        s.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
          tournamentId: id,
          participantId: e.p1.userId,
          streamType: StreamType.CAMERA,
          sessionId: 'session-1',
          kind,
          payload: kind === Kind.OFFER ? '' : 'v=0',
          ...over,
        }),
      );
    const p1 = await socketOf(e.p1, 'p1');
    const td = await socketOf(e.td, 'td');
    // Not live yet: neither the participant's upload nor a director's request reaches the relay.
    expect(await signal(p1, Kind.OFFER, { payload: 'v=0' })).toBe(
      code('MONITORING_STREAM_NOT_LIVE'),
    );
    expect(await signal(td, Kind.OFFER)).toBe(code('MONITORING_STREAM_NOT_LIVE'));

    await ok(
      'RequestMonitoringStream',
      { tournamentId: id, streamType: 'STREAM_TYPE_CAMERA' },
      e.p1.cookie,
    );
    expect(
      await errorAfter(p1, () =>
        p1.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
          tournamentId: id,
          streamType: StreamType.CAMERA,
          live: true,
        }),
      ),
    ).toBeUndefined();

    // Who may ask the relay for p1's camera: the directors only.
    const table: [string, User | undefined, string][] = [
      ['anonymous', undefined, code('MONITORING_SIGNAL_FORBIDDEN')],
      ['outsider', e.outsider, code('MONITORING_SIGNAL_FORBIDDEN')],
      ['the other player', e.p2, code('MONITORING_SIGNAL_FORBIDDEN')],
      // Allowed, but the relay is down: the refusal says so.
      ['Tournament Manager', e.td, code('MONITORING_RELAY_FAILED')],
    ];
    for (const [name, u, want] of table) {
      const s = name === 'Tournament Manager' ? td : await socketOf(u, name);
      expect(await signal(s, Kind.OFFER), `${name} asks to watch`).toBe(want);
    }
    // A director's answer belongs to a session the relay opened for that director.
    expect(await signal(td, Kind.ANSWER, { sessionId: 'never-opened' })).toBe(
      code('MONITORING_RELAY_NO_SESSION'),
    );
    expect(await signal(await socketOf(e.p2, 'p2b'), Kind.ANSWER)).toBe(
      code('MONITORING_SIGNAL_FORBIDDEN'),
    );
    // The participant uploads an SDP offer, nothing else; a dead relay refuses it with a code.
    expect(await signal(p1, Kind.ANSWER)).toBe(code('MONITORING_SIGNAL_INVALID'));
    expect(await signal(p1, Kind.OFFER, { payload: '' })).toBe(code('MONITORING_SIGNAL_INVALID'));
    expect(await signal(p1, Kind.OFFER, { payload: 'v=0' })).toBe(code('MONITORING_RELAY_FAILED'));
    for (const s of sockets.values()) s.close();
  });
});
