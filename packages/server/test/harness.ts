import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  JoinPathSchema,
  LagMeasurementSchema,
  MessageType,
  renderError,
} from '@tessera/protocol';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../src/cluster/cluster.ts';
import { startServer, type RunningServer, type StartOptions } from '../src/index.ts';
import { createScratchDatabase, dropScratchDatabase } from '../src/storage/scratch-database.ts';

/**
 * A real server per test file: PGlite in a temp folder by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL (CI runs the suite
 * both ways). Calls go over real HTTP and real websockets.
 *
 * With NATS_URL set as well, the server runs in two-process mode: it uses
 * NATS (under a subject prefix of its own, so test files running side by side
 * do not hear each other's lobbies), and `peer()` starts a second server as a
 * child process (`tessera serve`) on the same database, bus and signing key.
 * The game suites connect their second player there, so every game is played
 * across two processes that share nothing but PostgreSQL and NATS.
 */
export const TWO_PROCESSES = !!process.env.NATS_URL && !!process.env.DATABASE_URL;

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl?: string;
  /**
   * Where a second player connects: in two-process mode another server
   * process (started on first use, kept across `restart`), else this server.
   */
  peer(): Promise<{ url: string; kill?(): Promise<void> }>;
  /** Restart on the same storage, after `downMs` with no server running. */
  restart(downMs?: number): Promise<TestServer>;
  dispose(): Promise<void>;
}

export async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  return base ? createScratchDatabase(base) : undefined;
}

export async function dropDatabase(url: string): Promise<void> {
  await dropScratchDatabase(process.env.DATABASE_URL!, url);
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const databaseUrl = 'databaseUrl' in opts ? opts.databaseUrl : await freshDatabaseUrl();
  const template = inject('pgliteTemplate');
  if (!databaseUrl && template && !existsSync(join(dataDir, 'pglite'))) {
    cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  }
  const twoProcesses = TWO_PROCESSES && !!databaseUrl;
  const settings: StartOptions = {
    port: 0,
    host: '127.0.0.1',
    logLevel: (process.env.TESSERA_TEST_LOG as 'silent') ?? 'silent',
    natsUrl: twoProcesses ? process.env.NATS_URL : undefined,
    natsPrefix: `tessera-test-${randomBytes(6).toString('hex')}`,
    secretKey: randomBytes(24).toString('hex'),
    smtpUrl: undefined,
    webDist: join(dataDir, 'no-web'),
    lexicaCacheDir: inject('lexicaCacheDir'),
    lexicons: [DEFAULT_LEXICON, COMMON_LEXICON],
    // Tests that want puzzles generate their own; a starter set per test server would cost minutes.
    puzzleStarter: false,
    ...opts,
    dataDir,
    databaseUrl,
  };
  const server = await startServer(settings);
  let peer: Promise<ServerProcess> | undefined;
  const wrap = (s: RunningServer): TestServer => ({
    ...s,
    dataDir,
    databaseUrl,
    peer() {
      if (!twoProcesses || !settings.natsUrl) return Promise.resolve(s);
      peer ??= startServerProcess({
        DATABASE_URL: databaseUrl!,
        NATS_URL: settings.natsUrl,
        NATS_PREFIX: settings.natsPrefix!,
        SECRET_KEY: settings.secretKey!,
        LEXICA_CACHE_DIR: settings.lexicaCacheDir!,
        LEXICONS: (settings.lexicons as string[]).join(','),
      });
      return peer;
    },
    async restart(downMs = 0) {
      await s.close();
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
      return wrap(await startServer(settings));
    },
    async dispose() {
      if (peer) await (await peer.catch(() => undefined))?.stop();
      await s.close();
      if (databaseUrl) await dropDatabase(databaseUrl);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return wrap(server);
}

/**
 * The test file's server, the one fixture every server suite uses:
 * `const server = useTestServer()` at the top of a file starts it before the
 * file's tests and disposes of it after them. The handle reads through to the
 * running server, so it is used in tests and hooks (not at import time);
 * `restart` moves the handle to the restarted server.
 */
export function useTestServer(opts: StartOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(opts);
  });
  afterAll(() => current?.dispose());
  const running = () => {
    if (!current) throw new Error('the test server starts in beforeAll: use it in a test or hook');
    return current;
  };
  const restart = async (downMs?: number) => {
    current = await running().restart(downMs);
    return handle;
  };
  const handle: TestServer = new Proxy({} as TestServer, {
    get(_, key) {
      if (key === 'restart') return restart;
      const value = Reflect.get(running(), key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  return handle;
}

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../../cli/bin/tessera.mjs');

export interface ServerProcess {
  url: string;
  /** What the process has printed so far. */
  log: string[];
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
}

/**
 * `tessera serve` in a child process, configured by `env` on top of this
 * process's environment, with a data folder of its own (or `env.DATA_DIR`,
 * which the caller owns and stop leaves in place); resolves once /healthz
 * answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tessera-proc-'));
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--no-build'], {
    env: {
      ...process.env,
      // No starter set of puzzles (minutes of bot games) behind the tests' backs.
      PUZZLE_STARTER: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  // Until /healthz answers (a fetch before the process listens throws), or the process ends.
  const up = await vi
    .waitFor(
      async () => {
        if (!gone() && !(await fetch(`${url}/healthz`)).ok) throw new Error('not healthy yet');
      },
      { timeout: 60_000, interval: 200 },
    )
    .then(
      () => !gone(),
      () => false,
    );
  if (!up) {
    const exited = gone();
    await stop();
    throw new Error(
      exited
        ? `server process exited: ${log.join('')}`
        : `server process at ${url} did not come up: ${log.join('')}`,
    );
  }
  return { url, log, stop, kill };
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

/** Barrier probes count down from -1, clear of any timestamp a test sends itself. */
let barriers = 0n;

/** A websocket client that decodes every framed message it receives. */
export class TestSocket {
  readonly received: { type: number; message: Record<string, unknown> }[] = [];
  closed?: { code: number; reason: string };
  /** Checks run on every arrival and on close; one that returns true is done. */
  private readonly waiters = new Set<() => boolean>();

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
    let hit: Record<string, unknown> | undefined;
    const found = () => {
      hit = this.received.slice(from).find((m) => m.type === type && test(m.message))?.message;
      return hit !== undefined;
    };
    await this.until(found, timeoutMs).catch(() => {
      throw new Error(
        `no message of type ${type}; got ${JSON.stringify(this.received.map((m) => m.type))}`,
      );
    });
    return hit!;
  }

  /**
   * Resolves once `done()` holds, checked whenever a message arrives; rejects
   * when the socket closes first or `timeoutMs` passes.
   */
  until(done: () => boolean, timeoutMs = 5000): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) resolve();
        else if (this.closed) reject(new Error('socket closed'));
        else return false;
        clearTimeout(timer);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`nothing came of it in ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  /**
   * A barrier: resolves once everything the server sent or published to this
   * socket before it has arrived. It is a lag probe with a timestamp of its
   * own; the server echoes probes through the bus, behind every earlier fan-out
   * to the socket (on NATS: everything that reached NATS before the probe's
   * echo did). "Nothing more arrived" is then checked after a barrier, not a sleep.
   */
  async barrier(timeoutMs = 5000): Promise<void> {
    barriers -= 1n;
    const id = barriers;
    const from = this.received.length;
    this.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, { timestampMs: id });
    await this.nextWhere(MessageType.LAG_MEASUREMENT, (m) => m.timestampMs === id, from, timeoutMs);
  }

  /**
   * Moves the socket to a page and waits for the server's acknowledgement: the
   * socket is then in the page's realms and has been sent what joining sends.
   */
  async joinPath(path: string, timeoutMs = 5000): Promise<void> {
    const from = this.received.length;
    this.send(MessageType.JOIN_PATH, JoinPathSchema, { path });
    await this.nextWhere(MessageType.JOIN_PATH, (m) => m.path === path, from, timeoutMs);
  }

  async waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    await this.until(() => !!this.closed, timeoutMs).catch(() => {
      throw new Error('socket did not close');
    });
    return this.closed!;
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    for (const check of [...this.waiters]) if (check()) this.waiters.delete(check);
  }
}

export function decode<D extends DescMessage>(schema: D, bytes: Uint8Array): MessageShape<D> {
  return fromBinary(schema, bytes);
}
export { create };
