import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { createContextValues, type ConnectRouter } from '@connectrpc/connect';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { refuseControlCharacters, refusalsToConnect } from './api-errors.ts';
import { mountConnect } from './connect-routes.ts';
import { proxyTrustTest, type ProxyTrust } from './client-address.ts';
import { kRequest } from './context.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { serveWebApp } from './web-app.ts';

/** Request bodies above this are refused before any handler sees them. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpOptions {
  log: Logger;
  routes: (router: ConnectRouter) => void;
  /** Methods' own refusals for a body over the request limit (ConnectRoutesOptions). */
  oversize?: Record<string, (bytes: number) => string>;
  webDist?: string;
  health: () => Promise<Record<string, unknown>>;
  /** Extra plain HTTP routes. */
  http?: (app: FastifyInstance) => void;
  /** Which proxies may say who the client is (X-Forwarded-For). */
  trustProxy: ProxyTrust;
  /** Slow and crowding clients' bounds (see `limitConnections`). */
  limits?: ConnectionLimits;
  /** Origins pages may show images from besides this site (IMAGE_HOSTS). */
  imageHosts?: string[];
}

export interface ConnectionLimits {
  /** Headers and body of a request must have arrived within this. */
  requestTimeoutMs: number;
  /** The headers must have arrived within this. */
  headersTimeoutMs: number;
  /** A kept-alive connection waiting for its next request is closed after this. */
  idleTimeoutMs: number;
  /** Open connections from one address, when no proxy is trusted; 0: no cap. */
  connectionsPerAddress: number;
}

const DEFAULT_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 5_000,
  connectionsPerAddress: 256,
};

/**
 * What is still read of a request body nobody wanted once its answer went
 * out (one over the size limit, or one a route did not read), and for how
 * long, before the connection is closed: enough for a client that sent a
 * little too much to read its answer and keep its connection (closing on
 * unread bytes resets the connection, and a client still sending may lose
 * the answer), never an endless drain.
 */
export const DRAIN_BYTES = 2 * MAX_BODY_BYTES;
export const DRAIN_MS = 5000;

/**
 * One Fastify instance: Connect RPC (JSON and binary protobuf, GET for
 * side-effect-free methods) under /api/, a health endpoint, and the web app.
 * The websocket gateway attaches to the same node:http server.
 */
export async function createHttpServer(o: HttpOptions): Promise<FastifyInstance> {
  const limits = o.limits ?? DEFAULT_LIMITS;
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const app = Fastify({
    loggerInstance: o.log as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => randomUUID(),
    trustProxy: proxyTrustTest(o.trustProxy),
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout,
      // Node looks for requests past their time this often (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeout / 4)),
    },
  });

  addSecurityHeaders(app, o.imageHosts ?? []);
  boundDrain(app);
  if (o.trustProxy === 0 && limits.connectionsPerAddress > 0) {
    capConnectionsPerAddress(app.server, limits.connectionsPerAddress);
  }

  app.get('/healthz', async (_req, reply) => {
    try {
      return { status: 'ok', ...(await o.health()) };
    } catch (e) {
      return reply.code(503).send({ status: 'error', message: String((e as Error).message) });
    }
  });

  await app.register(
    async (api) => {
      mountConnect(api, {
        routes: o.routes,
        readMaxBytes: MAX_BODY_BYTES,
        oversize: o.oversize,
        contextValues: (req) => createContextValues().set(kRequest, req),
        interceptors: [refusalsToConnect, refuseControlCharacters],
      });
    },
    { prefix: '/api' },
  );

  o.http?.(app);
  await serveWebApp(app, o.webDist);
  return app;
}

/**
 * A request whose body was not read to its end when the answer went out
 * (over the size limit, or never wanted) is read on for at most DRAIN_BYTES
 * and DRAIN_MS; past either bound the connection is closed rather than
 * drained without end. Bytes are counted on the socket, as Node discards
 * an unwanted body below the request stream.
 */
function boundDrain(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.once('finish', () => {
      const raw = req.raw;
      const socket = raw.socket;
      if (raw.complete || raw.destroyed || socket.destroyed) return;
      const start = socket.bytesRead;
      const stop = () => {
        clearInterval(watch);
        clearTimeout(timer);
      };
      const close = () => {
        stop();
        socket.destroy();
      };
      const watch = setInterval(() => {
        if (raw.complete) stop();
        else if (socket.bytesRead - start > DRAIN_BYTES) close();
      }, 20);
      const timer = setTimeout(close, DRAIN_MS);
      watch.unref();
      timer.unref();
      socket.once('close', stop);
      raw.resume();
    });
    done();
  });
}

/**
 * At most `cap` connections from one address at a time (websockets
 * included, as they share the server); one more is closed as it opens. Only
 * on a process no proxy stands in front of: behind one, every connection
 * comes from the proxy, which has limits of its own.
 */
function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
