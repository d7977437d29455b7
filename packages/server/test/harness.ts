import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  create,
  fromBinary,
  type DescMessage,
  type MessageInitShape,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  decodeFrames,
  decodeSocketMessage,
  encodeSocketMessage,
  type MessageType,
  renderError,
} from '@tessera/protocol';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../src/index.ts';

/**
 * A real server per test file: PGlite in a temp folder by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL (CI runs the suite
 * both ways). Calls go over real HTTP and real websockets.
 */
export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl?: string;
  /** Restart on the same storage. */
  restart(): Promise<TestServer>;
  dispose(): Promise<void>;
}

export async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const base = process.env.DATABASE_URL!;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const databaseUrl = 'databaseUrl' in opts ? opts.databaseUrl : await freshDatabaseUrl();
  const template = inject('pgliteTemplate');
  if (!databaseUrl && template && !existsSync(join(dataDir, 'pglite'))) {
    cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  }
  const settings: StartOptions = {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    natsUrl: undefined,
    smtpUrl: undefined,
    webDist: join(dataDir, 'no-web'),
    lexicaCacheDir: inject('lexicaCacheDir'),
    lexicons: [DEFAULT_LEXICON, COMMON_LEXICON],
    ...opts,
    dataDir,
    databaseUrl,
  };
  const server = await startServer(settings);
  const wrap = (s: RunningServer): TestServer => ({
    ...s,
    dataDir,
    databaseUrl,
    async restart() {
      await s.close();
      return wrap(await startServer(settings));
    },
    async dispose() {
      await s.close();
      if (databaseUrl) await dropDatabase(databaseUrl);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return wrap(server);
}

export interface RpcResult<T = Record<string, unknown>> {
  status: number;
  body: T & { code?: string; message?: string };
  setCookie: string[];
  /** The error as the user sees it (catalogue text with parameters). */
  error?: string;
}

/** A Connect JSON call: POST /api/<service>/<method>. */
export async function rpc<T = Record<string, unknown>>(
  server: { url: string },
  service: string,
  method: string,
  body: unknown,
  opts: { cookie?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<RpcResult<T>> {
  const res = await fetch(`${server.url}/api/tessera.v1.${service}/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: opts.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : {};
  return {
    status: res.status,
    body: parsed,
    setCookie: res.headers.getSetCookie(),
    error: res.ok ? undefined : renderError(parsed.message ?? ''),
  };
}

/** "name=value" of the session cookie a response set. */
export function sessionCookie(r: RpcResult): string {
  const c = r.setCookie.find((h) => h.startsWith('tessera_session='));
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(r)}`);
  return c.split(';')[0];
}

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(2).toString('hex')}`;
}

export async function registerUser(
  server: { url: string },
  username = uniqueName(),
  password = 'correct horse',
): Promise<{ username: string; password: string; cookie: string; userId: string }> {
  const r = await rpc(server, 'RegistrationService', 'Register', {
    username,
    password,
    email: `${username}@example.com`,
    birthDate: '1990-05-17',
  });
  if (r.status !== 200) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  const cookie = sessionCookie(r);
  const s = await rpc<{ userId: string }>(
    server,
    'AuthenticationService',
    'GetSession',
    {},
    { cookie },
  );
  return { username, password, cookie, userId: s.body.userId };
}

/** A websocket client that decodes every framed message it receives. */
export class TestSocket {
  readonly received: { type: number; message: Record<string, unknown> }[] = [];
  closed?: { code: number; reason: string };
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frames = decodeFrames(new Uint8Array(data));
      if (!Array.isArray(frames)) throw new Error(`server sent a bad frame: ${frames.code}`);
      for (const f of frames) {
        const d = decodeSocketMessage(f.type, f.payload);
        this.received.push({ type: f.type, message: d.ok ? (d.message as never) : {} });
      }
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static open(server: { url: string }, query = ''): Promise<TestSocket> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws${query}`);
    const s = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(s));
      ws.once('error', reject);
    });
  }

  static async withToken(
    server: { url: string },
    cookie?: string,
    path = '/',
  ): Promise<TestSocket> {
    const t = await rpc<{ token: string }>(
      server,
      'AuthenticationService',
      'GetSocketToken',
      {},
      { cookie },
    );
    return TestSocket.open(server, `?token=${t.body.token}&path=${encodeURIComponent(path)}`);
  }

  send<D extends DescMessage>(type: MessageType, schema: D, value: MessageInitShape<D>): void {
    this.ws.send(encodeSocketMessage(type, schema, value as never));
  }

  sendRaw(bytes: Uint8Array | string): void {
    this.ws.send(bytes);
  }

  /** Waits for the next message of a type that arrives after `from` (an index into received). */
  next(type: number, from = 0, timeoutMs = 5000): Promise<Record<string, unknown>> {
    return this.nextWhere(type, () => true, from, timeoutMs);
  }

  /** Waits for a message of a type, after `from`, that passes `test`. */
  async nextWhere(
    type: number,
    test: (m: Record<string, unknown>) => boolean,
    from = 0,
    timeoutMs = 5000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.slice(from).find((m) => m.type === type && test(m.message));
      if (hit) return hit.message;
      if (Date.now() > deadline || this.closed) {
        throw new Error(
          `no message of type ${type}; got ${JSON.stringify(this.received.map((m) => m.type))}`,
        );
      }
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!this.closed) throw new Error('socket did not close');
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

export function decode<D extends DescMessage>(schema: D, bytes: Uint8Array): MessageShape<D> {
  return fromBinary(schema, bytes);
}
export { create };
