import { createHmac } from 'node:crypto';
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
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

const TURN_SECRET = 'coturn-shared-secret';
const server = useTestServer({
  ice: {
    urls: ['stun:stun.example.org:3478', 'turn:turn.example.org:3478?transport=udp'],
    turnSecret: TURN_SECRET,
    turnTtlSeconds: 600,
  },
});

type User = Awaited<ReturnType<typeof registerUser>>;
type Body = Record<string, unknown>;
const call = (method: string, body: unknown, cookie?: string) =>
  rpc<Body>(server, 'MonitoringService', method, body, { cookie });
async function ok(method: string, body: unknown, cookie?: string): Promise<Body> {
  const r = await call(method, body, cookie);
  if (r.status !== 200) throw new Error(`${method}: ${JSON.stringify(r.body)}`);
  return r.body;
}
const code = (key: ErrorKey) => String(ERRORS[key].code);
const codeOf = (m: Body) => String(m.message ?? '').split(';')[0];

/** A monitored tournament: a Tournament Manager, a full and a read-only director, two players. */
async function event(extra: Body = { monitored: true }) {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('m'), name: 'M' });
  if (extra.monitored)
    await rpc(
      server,
      'TournamentService',
      'SetTournamentMetadata',
      { metadata: { id, monitored: true }, setOnlySpecified: true },
      { cookie: td.cookie },
    );
  const [p1, p2, full, ro, outsider, admin] = await Promise.all(
    Array.from({ length: 6 }, () => registerUser(server)),
  );
  await server.core.roles.grant(admin!.userId, 'Admin');
  await setUpDivision(server, td, id, {
    persons: [p1!, p2!].map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: [{ pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' }],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    },
  });
  const add = await rpc(
    server,
    'TournamentService',
    'AddDirectors',
    { id, persons: [{ id: full!.username }, { id: ro!.username, rating: -1 }] },
    { cookie: td.cookie },
  );
  expect(add.status).toBe(200);
  return { id, td, p1: p1!, p2: p2!, full: full!, ro: ro!, outsider: outsider!, admin: admin! };
}

/** A signed-in socket and the refusal (or nothing) its next message brings. */
async function socketOf(u?: User) {
  return TestSocket.withToken(server, u?.cookie);
}
async function errorAfter(s: TestSocket, send: () => void): Promise<string | undefined> {
  const from = s.received.length;
  send();
  await s.barrier();
  const err = s.received.slice(from).find((m) => m.type === MessageType.ERROR_MESSAGE);
  return err ? codeOf(err.message) : undefined;
}

describe('monitoring (§6, §7): who may do what', () => {
  it('a table over roles and calls: non-directors are refused with catalogue codes', async () => {
    const e = await event();
    const { id } = e;
    // Both players have keys and p1 streams the camera.
    await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p1.cookie);
    await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p2.cookie);
    await ok(
      'RequestMonitoringStream',
      { tournamentId: id, streamType: 'STREAM_TYPE_CAMERA' },
      e.p1.cookie,
    );

    const roles: [string, User | undefined][] = [
      ['anonymous', undefined],
      ['outsider', e.outsider],
      ['player p2', e.p2],
      ['player p1 (the streamer)', e.p1],
      ['read-only director', e.ro],
      ['full director', e.full],
      ['Tournament Manager', e.td],
      ['admin', e.admin],
    ];
    const directorish = new Set([
      'read-only director',
      'full director',
      'Tournament Manager',
      'admin',
    ]);
    const table: string[] = [];
    for (const [name, u] of roles) {
      const director = directorish.has(name);
      const anon = !u;
      // Others' keys and states: the dashboard.
      const view = await call('GetTournamentMonitoring', { tournamentId: id }, u?.cookie);
      const wantView = anon
        ? code('NOT_LOGGED_IN')
        : director
          ? ''
          : code('MONITORING_NOT_DIRECTOR');
      expect(view.status === 200 ? '' : codeOf(view.body), `${name} views`).toBe(wantView);
      // Own keys: players only.
      const keys = await call('InitializeMonitoringKeys', { tournamentId: id }, u?.cookie);
      const player = name.startsWith('player');
      const wantKeys = anon
        ? code('NOT_LOGGED_IN')
        : player
          ? ''
          : code('MONITORING_NOT_PARTICIPANT');
      expect(keys.status === 200 ? '' : codeOf(keys.body), `${name} keys`).toBe(wantKeys);
      // Signalling p1's live camera: an offer.
      const s = await socketOf(u);
      const sent = await errorAfter(s, () =>
        s.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
          tournamentId: id,
          participantId: e.p1.userId,
          streamType: StreamType.CAMERA,
          sessionId: `s-${name}`,
          kind: Kind.OFFER,
          payload: 'v=0',
        }),
      );
      // The streamer's own socket may answer, never offer.
      const wantSignal = director
        ? undefined
        : name.includes('streamer')
          ? code('MONITORING_SIGNAL_INVALID')
          : code('MONITORING_SIGNAL_FORBIDDEN');
      expect(sent, `${name} signals`).toBe(wantSignal);
      // Watching the dashboard's pushes.
      const watched = await errorAfter(s, () =>
        s.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
          tournamentId: id,
          watch: true,
        }),
      );
      const wantWatch = anon
        ? code('NOT_LOGGED_IN')
        : director
          ? undefined
          : code('MONITORING_NOT_DIRECTOR');
      expect(watched, `${name} watches`).toBe(wantWatch);
      s.close();
      // Resetting p2's stream (not live: directors hear "not resettable", others are refused first).
      const reset = await call(
        'ResetMonitoringStream',
        { tournamentId: id, userId: e.p2.userId, streamType: 'STREAM_TYPE_CAMERA' },
        u?.cookie,
      );
      const wantReset = anon
        ? code('NOT_LOGGED_IN')
        : director
          ? code('MONITORING_NOT_RESETTABLE')
          : code('MONITORING_NOT_DIRECTOR');
      expect(codeOf(reset.body), `${name} resets`).toBe(wantReset);
      table.push(`${name}: view ${view.status} keys ${keys.status} signal ${sent ?? 'ok'}`);
    }
    expect(table).toHaveLength(roles.length);
  });

  it('a player answers only a director; nobody signals a stream that is not live', async () => {
    const e = await event();
    const { id } = e;
    await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p1.cookie);
    const p1 = await socketOf(e.p1);
    const ro = await socketOf(e.ro);
    // Not started yet: a director's offer is refused.
    expect(
      await errorAfter(ro, () =>
        ro.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
          tournamentId: id,
          participantId: e.p1.userId,
          streamType: StreamType.SCREENSHOT,
          sessionId: 'x',
          kind: Kind.OFFER,
          payload: 'v=0',
        }),
      ),
    ).toBe(code('MONITORING_STREAM_NOT_LIVE'));
    await ok(
      'RequestMonitoringStream',
      { tournamentId: id, streamType: 'STREAM_TYPE_SCREENSHOT' },
      e.p1.cookie,
    );
    // The offer reaches p1 with the director named by the server.
    const from = p1.received.length;
    ro.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
      tournamentId: id,
      participantId: e.p1.userId,
      streamType: StreamType.SCREENSHOT,
      sessionId: 'sess1',
      kind: Kind.OFFER,
      payload: 'v=0 offer',
      fromUserId: e.outsider.userId,
    });
    const offer = await p1.nextWhere(
      MessageType.MONITORING_SIGNAL,
      (m) => m.sessionId === 'sess1',
      from,
    );
    expect(offer).toMatchObject({
      payload: 'v=0 offer',
      fromUserId: e.ro.userId,
      kind: Kind.OFFER,
    });
    // p1 answers the director; answering an outsider is refused.
    const roFrom = ro.received.length;
    p1.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
      tournamentId: id,
      participantId: e.p1.userId,
      streamType: StreamType.SCREENSHOT,
      sessionId: 'sess1',
      kind: Kind.ANSWER,
      payload: 'v=0 answer',
      toUserId: e.ro.userId,
    });
    const answer = await ro.nextWhere(
      MessageType.MONITORING_SIGNAL,
      (m) => m.sessionId === 'sess1',
      roFrom,
    );
    expect(answer).toMatchObject({ payload: 'v=0 answer', fromUserId: e.p1.userId });
    for (const toUserId of [e.outsider.userId, e.p2.userId, 'nobody'])
      expect(
        await errorAfter(p1, () =>
          p1.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
            tournamentId: id,
            participantId: e.p1.userId,
            streamType: StreamType.SCREENSHOT,
            sessionId: 'sess1',
            kind: Kind.CANDIDATE,
            payload: '{}',
            toUserId,
          }),
        ),
      ).toBe(code('MONITORING_SIGNAL_FORBIDDEN'));
    // Sized like every message: an oversized SDP and a missing session are refused.
    for (const [payload, sessionId] of [
      ['x'.repeat(16 * 1024 + 1), 's'],
      ['v=0', ''],
    ] as const)
      expect(
        await errorAfter(ro, () =>
          ro.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
            tournamentId: id,
            participantId: e.p1.userId,
            streamType: StreamType.SCREENSHOT,
            sessionId,
            kind: Kind.OFFER,
            payload,
          }),
        ),
      ).toBe(code('MONITORING_SIGNAL_INVALID'));
    p1.close();
    ro.close();
  });
});

describe('monitoring: stream states and their pushes (§4)', () => {
  it('NOT_STARTED → PENDING → ACTIVE → STOPPED on a closed socket; reset; keys die at the finish', async () => {
    const e = await event();
    const { id } = e;
    const keys = await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p1.cookie);
    const me = keys.participant as Body;
    expect(me.cameraKey).toMatch(/^[\w-]{20,}$/);
    expect(me.screenshotKey).not.toBe(me.cameraKey);
    expect(me.cameraStatus ?? 'STREAM_STATUS_NOT_STARTED').toBe('STREAM_STATUS_NOT_STARTED');
    // TURN credentials of coturn's REST scheme, expiring; never the secret itself.
    const ice = keys.iceServers as { urls: string[]; username?: string; credential?: string }[];
    const turn = ice.find((s) => s.urls[0]!.startsWith('turn:'))!;
    const [expiry, user] = turn.username!.split(':');
    expect(user).toBe(e.p1.userId);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(590);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(601);
    expect(turn.credential).toBe(
      createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'),
    );
    expect(JSON.stringify(keys)).not.toContain(TURN_SECRET);

    const dash = await socketOf(e.ro);
    dash.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
      tournamentId: id,
      watch: true,
    });
    await dash.barrier();
    const status = (from: number, type: 'cameraStatus' | 'screenshotStatus', want: number) =>
      dash.nextWhere(
        MessageType.MONITORING_UPDATE,
        (m) => ((m.participant as Body)[type] ?? 0) === want,
        from,
        10_000,
      );

    let from = dash.received.length;
    await ok(
      'RequestMonitoringStream',
      { tournamentId: id, streamType: 'STREAM_TYPE_CAMERA' },
      e.p1.cookie,
    );
    await status(from, 'cameraStatus', 1);
    const pub = await socketOf(e.p1);
    from = dash.received.length;
    pub.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
      tournamentId: id,
      streamType: StreamType.CAMERA,
      live: true,
    });
    await status(from, 'cameraStatus', 2);
    // The dashboard's poll agrees, with a timestamp.
    const polled = await ok('GetTournamentMonitoring', { tournamentId: id }, e.ro.cookie);
    const row = (polled.participants as Body[]).find((p) => p.userId === e.p1.userId)!;
    expect(row).toMatchObject({
      cameraStatus: 'STREAM_STATUS_ACTIVE',
      username: e.p1.username,
      division: 'A',
    });
    expect(Number((row.cameraTimestamp as Body).seconds)).toBeGreaterThan(Date.now() / 1000 - 60);
    // A closed tab: STOPPED, pushed within seconds.
    from = dash.received.length;
    const closedAt = Date.now();
    pub.close();
    await status(from, 'cameraStatus', 3);
    expect(Date.now() - closedAt).toBeLessThan(5000);
    // The same publisher back on a new socket (a dropped connection) carries on.
    const again = await socketOf(e.p1);
    from = dash.received.length;
    again.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
      tournamentId: id,
      streamType: StreamType.CAMERA,
      live: true,
    });
    await status(from, 'cameraStatus', 2);
    // Reset: pending or active only.
    await ok(
      'RequestMonitoringStream',
      { tournamentId: id, streamType: 'STREAM_TYPE_CAMERA' },
      e.p1.cookie,
    );
    from = dash.received.length;
    await ok(
      'ResetMonitoringStream',
      { tournamentId: id, userId: e.p1.userId, streamType: 'STREAM_TYPE_CAMERA' },
      e.ro.cookie,
    );
    await status(from, 'cameraStatus', 0);
    // The participant hears the reset too (their page stops the stream).
    await again.nextWhere(
      MessageType.MONITORING_UPDATE,
      (m) => ((m.participant as Body).cameraStatus ?? 0) === 0,
    );
    // A reset stream is published again only after a new request.
    expect(
      await errorAfter(again, () =>
        again.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
          tournamentId: id,
          streamType: StreamType.CAMERA,
          live: true,
        }),
      ),
    ).toBe(code('MONITORING_NOT_STARTED'));
    const bad = await call(
      'ResetMonitoringStream',
      { tournamentId: id, userId: e.p1.userId, streamType: 'STREAM_TYPE_UNSPECIFIED' },
      e.ro.cookie,
    );
    expect(codeOf(bad.body)).toBe(code('MONITORING_BAD_STREAM_TYPE'));
    again.close();
    dash.close();

    // Finished: the keys are deleted and every call is refused.
    const t = (method: string, body: unknown) =>
      rpc(server, 'TournamentService', method, body, { cookie: e.td.cookie });
    expect((await t('StartRoundCountdown', { id, division: 'A', round: 0 })).status).toBe(200);
    expect(
      (
        await t('SetResult', {
          id,
          division: 'A',
          round: 0,
          playerOneId: e.p1.username,
          playerTwoId: e.p2.username,
          playerOneScore: 400,
          playerTwoScore: 300,
          gameEndReason: 'GAME_END_REASON_STANDARD',
        })
      ).status,
    ).toBe(200);
    expect((await t('FinishTournament', { id })).status).toBe(200);
    const after = await call('GetTournamentMonitoring', { tournamentId: id }, e.ro.cookie);
    expect(codeOf(after.body)).toBe(code('MONITORING_FINISHED'));
    expect((await t('UnfinishTournament', { id })).status).toBe(200);
    const reopened = await ok('GetTournamentMonitoring', { tournamentId: id }, e.ro.cookie);
    const p1Row = (reopened.participants as Body[]).find((p) => p.userId === e.p1.userId)!;
    expect(p1Row.cameraKey ?? '').toBe('');
  });

  it('the phone camera link: a short-lived key publishes that camera and nothing else', async () => {
    const e = await event();
    const { id } = e;
    await ok('InitializeMonitoringKeys', { tournamentId: id }, e.p1.cookie);
    const k = await ok('CreatePhoneCameraKey', { tournamentId: id }, e.p1.cookie);
    const key = k.key as string;
    expect(Number(k.expiresAt) - Date.now() / 1000).toBeGreaterThan(14 * 60);
    // Others get no phone key: it stands for a participant.
    const other = await call('CreatePhoneCameraKey', { tournamentId: id }, e.ro.cookie);
    expect(codeOf(other.body)).toBe(code('MONITORING_NOT_PARTICIPANT'));
    // The phone is not signed in: the key is its credential, for the camera only.
    await ok('RequestMonitoringStream', {
      tournamentId: id,
      streamType: 'STREAM_TYPE_CAMERA',
      phoneKey: key,
    });
    const screen = await call('RequestMonitoringStream', {
      tournamentId: id,
      streamType: 'STREAM_TYPE_SCREENSHOT',
      phoneKey: key,
    });
    expect(codeOf(screen.body)).toBe(code('MONITORING_SIGNAL_FORBIDDEN'));
    const forged = await call('RequestMonitoringStream', {
      tournamentId: id,
      streamType: 'STREAM_TYPE_CAMERA',
      phoneKey: `${key.slice(0, -2)}xx`,
    });
    expect(codeOf(forged.body)).toBe(code('MONITORING_PHONE_KEY_INVALID'));
    const phone = await socketOf();
    expect(
      await errorAfter(phone, () =>
        phone.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
          tournamentId: id,
          streamType: StreamType.CAMERA,
          live: true,
          phoneKey: key,
        }),
      ),
    ).toBeUndefined();
    // A director's offer reaches the phone, and the phone answers the director.
    const ro = await socketOf(e.ro);
    let from = phone.received.length;
    ro.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
      tournamentId: id,
      participantId: e.p1.userId,
      streamType: StreamType.CAMERA,
      sessionId: 'phone1',
      kind: Kind.OFFER,
      payload: 'v=0 offer',
    });
    await phone.nextWhere(MessageType.MONITORING_SIGNAL, (m) => m.sessionId === 'phone1', from);
    from = ro.received.length;
    phone.send(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, {
      tournamentId: id,
      participantId: e.p1.userId,
      streamType: StreamType.CAMERA,
      sessionId: 'phone1',
      kind: Kind.ANSWER,
      payload: 'v=0 answer',
      toUserId: e.ro.userId,
      phoneKey: key,
    });
    const answer = await ro.nextWhere(
      MessageType.MONITORING_SIGNAL,
      (m) => m.sessionId === 'phone1',
      from,
    );
    expect(answer.fromUserId).toBe(e.p1.userId);
    // Closing the phone's page stops the camera.
    const polled = async () =>
      (
        (await ok('GetTournamentMonitoring', { tournamentId: id }, e.ro.cookie))
          .participants as Body[]
      ).find((p) => p.userId === e.p1.userId)!.cameraStatus;
    expect(await polled()).toBe('STREAM_STATUS_ACTIVE');
    from = ro.received.length;
    ro.send(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, {
      tournamentId: id,
      watch: true,
    });
    await ro.barrier();
    phone.close();
    await ro.nextWhere(
      MessageType.MONITORING_UPDATE,
      (m) => (m.participant as Body).cameraStatus === 3,
      from,
      10_000,
    );
    expect(await polled()).toBe('STREAM_STATUS_STOPPED');
    ro.close();
  });

  it('a tournament that is not monitored has no streams', async () => {
    const e = await event({});
    const r = await call('InitializeMonitoringKeys', { tournamentId: e.id }, e.p1.cookie);
    expect(codeOf(r.body)).toBe(code('MONITORING_NOT_MONITORED'));
  });
});
