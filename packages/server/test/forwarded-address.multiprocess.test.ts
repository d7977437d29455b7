import { randomBytes } from 'node:crypto';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import { ERRORS } from '@tessera/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Cluster, freePort, startCluster } from '../src/cluster/cluster.ts';
import { LOGIN_PER_ADDRESS, RESET_PER_ADDRESS } from '../src/modules/auth/throttle.ts';
import { dropDatabase, freshDatabaseUrl, rpc, TWO_PROCESSES } from './harness.ts';
import { haproxyInstalled, NODE_COMMAND } from './cluster-helpers.ts';

/**
 * Issue 37, item 1: through Debian's HAProxy (`option forwardfor`, as
 * `tessera cluster` configures it), a client that writes its own
 * X-Forwarded-For is still counted under the address the balancer saw. The
 * balancer appends that address after whatever the client sent; the node
 * (TRUST_PROXY=1, one trusted hop) takes the right-most entry, so forged
 * entries neither spread one client over many login, reset and socket
 * counters nor charge someone else's.
 */
const SOCKET_CAP = 5;

const RUN = TWO_PROCESSES && haproxyInstalled();
if (TWO_PROCESSES && !RUN) console.warn('forwarded-address test skipped: HAProxy is not installed');

let cluster: Cluster;
let databaseUrl: string;
beforeAll(async () => {
  if (!RUN) return;
  databaseUrl = (await freshDatabaseUrl())!;
  cluster = await startCluster({
    nodes: 1,
    host: '127.0.0.1',
    port: await freePort(),
    checkMs: 300,
    nodeCommand: NODE_COMMAND,
    env: {
      DATABASE_URL: databaseUrl,
      NATS_URL: process.env.NATS_URL!,
      NATS_PREFIX: `tessera-forwarded-${randomBytes(4).toString('hex')}`,
      SECRET_KEY: randomBytes(24).toString('hex'),
      LEXICA_CACHE_DIR: inject('lexicaCacheDir'),
      LEXICONS: [DEFAULT_LEXICON, COMMON_LEXICON].join(','),
      LOG_LEVEL: 'warn',
      PUZZLE_STARTER: '0',
      SOCKETS_PER_ADDRESS: String(SOCKET_CAP),
    },
    log: (line) => {
      if (process.env.TESSERA_TEST_LOG) console.error(line);
    },
  });
}, 120_000);
afterAll(async () => {
  if (!RUN) return;
  await cluster?.stop();
  await dropDatabase(databaseUrl);
});

/** A different made-up client address for every request. */
let forgeries = 0;
const forged = () => {
  forgeries++;
  return `198.51.${forgeries >> 8}.${forgeries & 255}, 10.0.0.${forgeries & 255}`;
};

const RATE_LIMITED = `${ERRORS.RATE_LIMITED.code};`;

describe.runIf(RUN)('client addresses behind HAProxy', () => {
  it('counts wrong logins under the address the balancer saw, whatever the client forwards', async () => {
    const login = (i: number) =>
      rpc(
        cluster,
        'AuthenticationService',
        'Login',
        { username: `nobody${i}x${randomBytes(3).toString('hex')}`, password: 'guessing1' },
        { headers: { 'x-forwarded-for': forged() } },
      );
    for (let i = 0; i < LOGIN_PER_ADDRESS.limit; i++) {
      const r = await login(i);
      expect(r.status).toBe(401);
    }
    const over = await login(LOGIN_PER_ADDRESS.limit);
    expect(over.status).toBe(429);
    expect(over.body.message?.startsWith(RATE_LIMITED)).toBe(true);

    // No forged address reached the counters; the balancer's view of the client did.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ key: string }>('SELECT DISTINCT key FROM auth_attempts');
      const keys = rows.map((r) => r.key);
      expect(keys.some((k) => k.includes('127.0.0.1'))).toBe(true);
      expect(keys.filter((k) => /198\.51\.|10\.0\.0\./.test(k))).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('counts reset requests under the address the balancer saw', async () => {
    const reset = () =>
      rpc(
        cluster,
        'AuthenticationService',
        'ResetPasswordStep1',
        { email: `nobody${randomBytes(4).toString('hex')}@example.com` },
        { headers: { 'x-forwarded-for': forged() } },
      );
    for (let i = 0; i < RESET_PER_ADDRESS.limit; i++) expect((await reset()).status).toBe(200);
    const over = await reset();
    expect(over.status).toBe(429);
    expect(over.body.message?.startsWith(RATE_LIMITED)).toBe(true);
  });

  it('holds anonymous sockets to the per-address cap, whatever the client forwards', async () => {
    const open = () =>
      new Promise<{ ws?: WebSocket; status?: number }>((resolve) => {
        const ws = new WebSocket(`${cluster.url.replace('http', 'ws')}/ws?path=/`, {
          headers: { 'x-forwarded-for': forged() },
        });
        ws.once('open', () => resolve({ ws }));
        ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
        ws.once('error', () => resolve({}));
      });
    const first: { ws?: WebSocket }[] = [];
    for (let i = 0; i < SOCKET_CAP; i++) first.push(await open());
    expect(first.every((r) => r.ws)).toBe(true);
    const over = await open();
    expect(over.status).toBe(429);
    for (const r of first) r.ws?.close();
  });
});
