import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAIN_BYTES, MAX_BODY_BYTES } from '../src/http/server.ts';
import { MessageType } from '@tessera/protocol';
import { rpc, startTestServer, type TestServer, TestSocket } from './harness.ts';

/**
 * Clients that are slow or crowd in (issue 37, item 4), and bodies nested
 * past what the API reads (item 6). The servers here run with small
 * timeouts and a small per-address cap so each bound is met in a moment;
 * every test waits for the server's own act (an answer, a closed socket).
 */

/** A raw TCP client: what the server sent, and a promise of the close. */
interface Raw {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
}

function open(url: string, localAddress?: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => {}); // a reset is one way of being closed
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Writes `unit` again and again (each after the last was taken) until the socket closes. */
function writeUntilClosed(raw: Raw, unit: Buffer, everyMs = 0): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const step = () => {
      if (raw.socket.destroyed || raw.socket.writableEnded) return resolve(sent);
      sent += unit.length;
      const more = raw.socket.write(unit);
      if (everyMs > 0) setTimeout(step, everyMs);
      else if (more) setImmediate(step);
      else raw.socket.once('drain', step);
    };
    raw.closed.then(() => resolve(sent));
    step();
  });
}

const chunk = (bytes: Buffer) =>
  Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);

const CHUNKED_RPC = [
  'POST /api/tessera.v1.AuthenticationService/GetSession HTTP/1.1',
  'Host: x',
  'Content-Type: application/json',
  'Transfer-Encoding: chunked',
  '',
  '',
].join('\r\n');

describe('slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      requestTimeoutMs: 600,
      headersTimeoutMs: 400,
      idleTimeoutMs: 300,
      connectionsPerAddress: 50,
    });
  });
  afterAll(() => server.dispose());

  it('cuts off a client sending its body a byte at a time, with a 408, but not a websocket', async () => {
    const ws = await TestSocket.open(server, '?path=/');
    await ws.next(MessageType.SESSION_INFO);
    const raw = await open(server.url);
    raw.socket.write(CHUNKED_RPC);
    const started = Date.now();
    const sent = await writeUntilClosed(raw, chunk(Buffer.from(' ')), 20);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeGreaterThan(0);
    // Bounded by the request timeout (and Node's check of it), not by the client.
    expect(Date.now() - started).toBeLessThan(10_000);
    // The websocket, open longer than the request timeout, still answers.
    await ws.barrier();
    expect(ws.closed).toBeFalsy();
    ws.close();
  });

  it('cuts off a client sending its headers a byte at a time', async () => {
    const raw = await open(server.url);
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await writeUntilClosed(raw, Buffer.from('a'), 20);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a kept-alive connection that asks nothing more', async () => {
    const raw = await open(server.url);
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.received()).toMatch(/keep-alive/i);
  });
});

describe('connections from one address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ connectionsPerAddress: 3, idleTimeoutMs: 60_000 });
  });
  afterAll(() => server.dispose());

  /** A kept-alive connection the server has taken (it answered on it). */
  async function held(localAddress?: string): Promise<Raw> {
    const raw = await open(server.url, localAddress);
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(raw.received()).toMatch(/"status":"ok"/), { timeout: 5000 });
    return raw;
  }

  it('refuses one more than the cap from an address while another address still gets in', async () => {
    const three = [await held(), await held(), await held()];
    const fourth = await open(server.url);
    fourth.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await fourth.closed;
    expect(fourth.received()).toBe('');

    // Another address (all of 127/8 is this machine) is not counted with them.
    const other = await held('127.0.0.2');
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);

    // A place freed is taken again once the server has seen the close.
    three[0]!.socket.destroy();
    await three[0]!.closed;
    const again = await vi.waitFor(() => held(), { timeout: 5000, interval: 50 });
    for (const r of [...three, other, again]) r.socket.destroy();
  });
});

describe('bodies too long or nested too deep', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  const nested = (depth: number, open = '[', close = ']') =>
    `${open.repeat(depth)}${close.repeat(depth)}`;

  it('refuses a JSON body nested 100,000 deep with a catalogue code, and stays up', async () => {
    for (const raw of [
      `{"x":${nested(100_000)}}`,
      `{"x":${nested(100_000, '{"a":', '}')}}`,
      nested(100_000),
    ]) {
      const r = await rpc(server, 'AuthenticationService', 'GetSession', undefined, { raw });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_argument');
      expect(r.body.message).toBe('1130;64');
    }
    // Brackets inside strings are text, not nesting.
    const text = await rpc(server, 'AuthenticationService', 'GetSession', undefined, {
      raw: `{"x":"${'['.repeat(1000)}"}`,
    });
    expect(text.status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers a binary body of 100,000 nested groups with a code', async () => {
    // Field 1, wire type 3 (start group), again and again.
    const res = await fetch(`${server.url}/api/tessera.v1.AuthenticationService/GetSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/proto' },
      body: Buffer.alloc(100_000, 0x0b),
    });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(String(JSON.parse(text).message), text).toMatch(/^1000;/);
  });

  it('answers a body that goes on past the limit, then closes rather than drain it', async () => {
    // This server's request timeout is 30 s: what closes the connection is the bounded drain.
    for (const path of [
      '/api/tessera.v1.AuthenticationService/GetSession',
      '/api/tessera.v1.AuthenticationService/NoSuchMethod',
      '/no-such-page',
    ]) {
      const raw = await open(server.url);
      raw.socket.write(CHUNKED_RPC.replace(/^POST \S+/, `POST ${path}`));
      const sent = await writeUntilClosed(raw, chunk(Buffer.alloc(16 * 1024, 0x20)));
      // The refusal came first; the connection ended soon after the bound.
      expect(raw.received(), path).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(sent, path).toBeLessThan(MAX_BODY_BYTES + DRAIN_BYTES + 16 * 1024 * 1024);
    }
  });

  it('reads a body nested as deep as the limit', async () => {
    const r = await rpc(server, 'AuthenticationService', 'GetSession', undefined, {
      raw: `{"x":${nested(63)}}`,
    });
    expect(r.status).toBe(200);
  });
});
