import {
  ChatMessageSchema,
  encodeFrame,
  encodeSocketMessage,
  joinFrames,
  LagMeasurementSchema,
  MessageType,
  renderError,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

const errorText = async (s: TestSocket, from: number) =>
  renderError((await s.next(MessageType.ERROR_MESSAGE, from)).message as string);

describe('socket login', () => {
  it('authenticates with the token from GetSocketToken and answers a lag measurement', async () => {
    const u = await registerUser(server);
    const t = await rpc<{ token: string; cid: string; frontEndVersion: string }>(
      server,
      'AuthenticationService',
      'GetSocketToken',
      {},
      { cookie: u.cookie },
    );
    expect(t.body.cid).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.body.frontEndVersion).toBeTruthy();
    const claims = JSON.parse(Buffer.from(t.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ unn: u.username, uid: u.userId, cid: t.body.cid, perms: [] });
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(60_000);

    const s = await TestSocket.open(server, `?token=${t.body.token}`);
    expect(await s.next(MessageType.SESSION_INFO)).toMatchObject({
      username: u.username,
      userId: u.userId,
      anonymous: false,
    });
    const from = s.received.length;
    s.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, { timestampMs: 1234567n });
    expect((await s.next(MessageType.LAG_MEASUREMENT, from)).timestampMs).toBe(1234567n);
    s.close();
  });

  it('lets visitors connect anonymously', async () => {
    const s = await TestSocket.open(server);
    expect(await s.next(MessageType.SESSION_INFO)).toMatchObject({ anonymous: true, userId: '' });
    const anonToken = await TestSocket.withToken(server);
    expect(await anonToken.next(MessageType.SESSION_INFO)).toMatchObject({ anonymous: true });
    s.close();
    anonToken.close();
  });

  it('refuses a forged or tampered token with an error, then closes', async () => {
    const u = await registerUser(server);
    const t = await rpc<{ token: string }>(
      server,
      'AuthenticationService',
      'GetSocketToken',
      {},
      { cookie: u.cookie },
    );
    const [h, body, sig] = t.body.token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, perms: ['adm'] })).toString('base64url');
    for (const token of [`${h}.${forged}.${sig}`, 'garbage', `${h}.${body}.`]) {
      const s = await TestSocket.open(server, `?token=${encodeURIComponent(token)}`);
      expect(await errorText(s, 0)).toBe(
        'Your session token is invalid or expired; please reconnect.',
      );
      expect((await s.waitClosed()).code).toBe(4001);
    }
  });
});

describe('bad socket input', () => {
  it('answers each kind of bad message with a coded error and keeps the connection', async () => {
    const s = await TestSocket.open(server);
    await s.next(MessageType.SESSION_INFO);
    let from = s.received.length;
    s.sendRaw(new Uint8Array([0x00, 0x09, 11, 1]));
    expect(await errorText(s, from)).toBe('Malformed frame: truncated message at byte 0');

    from = s.received.length;
    s.sendRaw(encodeFrame(200, new Uint8Array([1, 2, 3])));
    expect(await errorText(s, from)).toBe('Unknown message type 200');

    from = s.received.length;
    s.sendRaw(encodeFrame(MessageType.LAG_MEASUREMENT, new Uint8Array([0x08, 0xff, 0xff])));
    expect(await errorText(s, from)).toBe('Malformed message of type 11');

    from = s.received.length;
    s.sendRaw('{"hello":"json"}');
    expect(await errorText(s, from)).toBe('Malformed frame: text frames are not accepted');

    from = s.received.length;
    s.sendRaw(new Uint8Array(100_000));
    expect(await errorText(s, from)).toBe('Frame too large: 100000 bytes (limit 65536)');

    // A server-only type sent by a client is not a request anyone handles.
    from = s.received.length;
    s.sendRaw(encodeFrame(MessageType.SESSION_INFO, new Uint8Array()));
    expect(await errorText(s, from)).toBe('Unknown message type 52');

    // Good messages sharing a frame with a bad one are still answered.
    from = s.received.length;
    const lag = encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: 7n,
    });
    s.sendRaw(joinFrames([lag, encodeFrame(201, new Uint8Array()), lag]));
    await s.next(MessageType.ERROR_MESSAGE, from);
    await s.barrier();
    expect(
      s.received
        .slice(from)
        .filter((m) => m.type === MessageType.LAG_MEASUREMENT && m.message.timestampMs === 7n),
    ).toHaveLength(2);
    expect(s.closed).toBeUndefined();
    s.close();
  });

  it('disconnects a client that keeps sending garbage', async () => {
    const s = await TestSocket.open(server);
    await s.next(MessageType.SESSION_INFO);
    for (let i = 0; i < 60; i++) s.sendRaw(encodeFrame(222, new Uint8Array()));
    expect((await s.waitClosed()).code).toBe(1008);
  });

  it('rate-limits a flood and keeps serving afterwards', async () => {
    const s = await TestSocket.open(server);
    await s.next(MessageType.SESSION_INFO);
    const lag = encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: 1n,
    });
    for (let i = 0; i < 45; i++) s.sendRaw(lag);
    expect(await errorText(s, 0)).toBe('Too many attempts; please try again in 1 seconds.');
    // Time under test: the bucket refills after a second.
    await new Promise((r) => setTimeout(r, 1100));
    const from = s.received.length;
    s.sendRaw(lag);
    await s.next(MessageType.LAG_MEASUREMENT, from);
    s.close();
  });

  it('still serves HTTP after all of that', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('chat over the socket', () => {
  it('delivers a lobby line to everyone in the lobby and a private line only to its two users', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const c = await registerUser(server);
    const [sa, sb, sc] = await Promise.all([
      TestSocket.withToken(server, a.cookie, '/'),
      TestSocket.withToken(server, b.cookie, '/'),
      TestSocket.withToken(server, c.cookie, '/game/elsewhere'),
    ]);
    await Promise.all([sa, sb, sc].map((s) => s.next(MessageType.SESSION_INFO)));
    sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      channel: 'chat.lobby',
      message: '  hello lobby  ',
    });
    expect(await sb.next(MessageType.CHAT_MESSAGE)).toMatchObject({
      message: 'hello lobby',
      sender: a.username,
      senderId: a.userId,
      channel: 'chat.lobby',
    });
    const pm = `chat.pm.${[a.userId, c.userId].sort().join('_')}`;
    const from = sb.received.length;
    sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel: pm, message: 'psst' });
    expect(await sc.next(MessageType.CHAT_MESSAGE)).toMatchObject({ message: 'psst', channel: pm });
    await sb.barrier();
    expect(sb.received.slice(from).some((m) => m.type === MessageType.CHAT_MESSAGE)).toBe(false);
    expect((await server.services.chat.history(pm)).map((m) => m.message)).toEqual(['psst']);
    for (const s of [sa, sb, sc]) s.close();
  });

  it('refuses empty lines, strangers in a private channel, unknown channels and visitors', async () => {
    const a = await registerUser(server);
    const sa = await TestSocket.withToken(server, a.cookie);
    await sa.next(MessageType.SESSION_INFO);
    const cases: [string, string, string][] = [
      ['chat.lobby', '   ', 'Empty messages are not sent'],
      ['chat.pm.x_y', 'hi', 'You cannot post to channel chat.pm.x_y'],
      ['chat.secret', 'hi', 'You cannot post to channel chat.secret'],
      ['chat.lobby', 'x'.repeat(501), 'Chat messages can be at most 500 characters'],
    ];
    for (const [channel, message, expected] of cases) {
      const from = sa.received.length;
      sa.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, { channel, message });
      expect(await errorText(sa, from)).toBe(expected);
    }
    const anon = await TestSocket.open(server);
    await anon.next(MessageType.SESSION_INFO);
    anon.send(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      channel: 'chat.lobby',
      message: 'hi',
    });
    expect(await errorText(anon, 0)).toBe('You must be logged in to do that.');
    expect(await server.services.chat.history('chat.secret')).toEqual([]);
    sa.close();
    anon.close();
  });

  it('keeps only the last 150 lines of a channel', async () => {
    const a = await registerUser(server);
    for (let i = 0; i < 155; i++) {
      await server.services.chat.record(
        { userId: a.userId, username: a.username },
        'chat.lobby',
        { kind: 'realm', realm: 'lobby' },
        `line ${i}`,
      );
    }
    const kept = await server.services.chat.history('chat.lobby');
    expect(kept).toHaveLength(150);
    expect(kept[0].message).toBe('line 5');
    expect(kept[149].message).toBe('line 154');
  });
});
