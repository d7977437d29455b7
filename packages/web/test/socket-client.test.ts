import {
  encodeSocketMessage,
  decodeFrames,
  ErrorMessageSchema,
  LagMeasurementSchema,
  MessageType,
  SessionInfoSchema,
  decodeSocketMessage,
} from '@tessera/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTING_NOTICE_MS,
  LAG_INTERVAL_MS,
  RECONNECT_INTERVAL_MS,
  SILENCE_RECONNECT_MS,
  SocketClient,
} from '../src/realtime/socket-client.ts';
import { FakeSocket } from './fakes.ts';

function makeClient(getToken: () => Promise<string> = async () => 'tok') {
  return new SocketClient({
    getToken,
    url: (token) => `ws://test/ws${token ? `?token=${token}` : ''}`,
    createSocket: (url) => new FakeSocket(url),
    now: () => Date.now(),
  });
}

/** Lets the token promise settle. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

function sentMessages(socket: FakeSocket) {
  return socket.sent.flatMap((bytes) => {
    const frames = decodeFrames(bytes);
    if (!Array.isArray(frames)) throw new Error('bad frame');
    return frames.map((f) => decodeSocketMessage(f.type, f.payload));
  });
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /ws with the token, or without one for a visitor', async () => {
    const client = makeClient();
    client.start();
    await settle();
    expect(FakeSocket.latest().url).toBe('ws://test/ws?token=tok');
    client.stop();

    const anonymous = makeClient(async () => '');
    anonymous.start();
    await settle();
    expect(FakeSocket.latest().url).toBe('ws://test/ws');
    anonymous.stop();
  });

  it('is connected once the socket opens and reads the session info', async () => {
    const client = makeClient();
    client.start();
    await settle();
    expect(client.getSnapshot().connected).toBe(false);
    const socket = FakeSocket.latest();
    socket.accept();
    expect(client.getSnapshot().connected).toBe(true);
    socket.deliver(
      encodeSocketMessage(MessageType.SESSION_INFO, SessionInfoSchema, {
        connectionId: 'c9',
        username: 'alice',
      }),
    );
    expect(client.getSnapshot().sessionInfo?.username).toBe('alice');
    client.stop();
  });

  it('says "Connecting" only after 2 s without a connection', async () => {
    const client = makeClient();
    client.start();
    await vi.advanceTimersByTimeAsync(CONNECTING_NOTICE_MS - 1);
    expect(client.getSnapshot().showConnectingNotice).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getSnapshot().showConnectingNotice).toBe(true);
    FakeSocket.latest().accept();
    expect(client.getSnapshot().showConnectingNotice).toBe(false);
    client.stop();
  });

  it('reconnects 1 s after the connection drops, again and again', async () => {
    const client = makeClient();
    client.start();
    await settle();
    for (let i = 1; i <= 5; i++) {
      FakeSocket.latest().drop();
      expect(client.getSnapshot().connected).toBe(false);
      await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS - 1);
      expect(FakeSocket.made).toHaveLength(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.made).toHaveLength(i + 1);
    }
    client.stop();
  });

  it('keeps trying when the token cannot be fetched', async () => {
    let fail = true;
    const client = makeClient(async () => {
      if (fail) throw new Error('offline');
      return 'tok';
    });
    client.start();
    await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS * 3);
    expect(FakeSocket.made).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS);
    expect(FakeSocket.made).toHaveLength(1);
    client.stop();
  });

  it('measures latency with lag probes, which also keep the line alive', async () => {
    const client = makeClient();
    client.start();
    await settle();
    const socket = FakeSocket.latest();
    socket.accept();
    const [probe] = sentMessages(socket);
    if (!probe.ok) throw new Error('undecodable probe');
    expect(probe.type).toBe(MessageType.LAG_MEASUREMENT);
    const { timestampMs } = probe.message as unknown as { timestampMs: bigint };
    await vi.advanceTimersByTimeAsync(42);
    socket.deliver(
      encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
        timestampMs,
        lagMs: 0,
      }),
    );
    expect(client.getSnapshot().latencyMs).toBe(42);
    await vi.advanceTimersByTimeAsync(LAG_INTERVAL_MS);
    expect(sentMessages(socket)).toHaveLength(2);
    client.stop();
  });

  it('replaces a connection that has been silent for 15 s', async () => {
    const client = makeClient();
    client.start();
    await settle();
    const first = FakeSocket.latest();
    first.accept();
    await vi.advanceTimersByTimeAsync(SILENCE_RECONNECT_MS - 1_000);
    first.deliver(encodeSocketMessage(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {}));
    await vi.advanceTimersByTimeAsync(SILENCE_RECONNECT_MS);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(2);
    client.stop();
  });

  it('hands each message type to the code that asked for it', async () => {
    const client = makeClient();
    const errors: string[] = [];
    client.on(MessageType.ERROR_MESSAGE, ErrorMessageSchema, (m) => errors.push(m.message));
    client.start();
    await settle();
    FakeSocket.latest().accept();
    FakeSocket.latest().deliver(
      encodeSocketMessage(MessageType.ERROR_MESSAGE, ErrorMessageSchema, { message: '1001' }),
    );
    expect(errors).toEqual(['1001']);
    client.stop();
  });

  it('stops for good when stopped', async () => {
    const client = makeClient();
    client.start();
    await settle();
    client.stop();
    expect(FakeSocket.latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(SILENCE_RECONNECT_MS * 2);
    expect(FakeSocket.made).toHaveLength(1);
  });
});
