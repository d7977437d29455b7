import { randomUUID } from 'node:crypto';
import { createContextValues, type ConnectRouter } from '@connectrpc/connect';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { refuseControlCharacters, refusalsToConnect } from './api-errors.ts';
import { mountConnect } from './connect-routes.ts';
import { kRequest } from './context.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { serveWebApp } from './web-app.ts';

/** Request bodies above this are refused before any handler sees them. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpOptions {
  log: Logger;
  routes: (router: ConnectRouter) => void;
  webDist?: string;
  health: () => Promise<Record<string, unknown>>;
  /** Extra plain HTTP routes. */
  http?: (app: FastifyInstance) => void;
  /** Take client addresses from X-Forwarded-For. */
  trustProxy: boolean;
}

/**
 * One Fastify instance: Connect RPC (JSON and binary protobuf, GET for
 * side-effect-free methods) under /api/, a health endpoint, and the web app.
 * The websocket gateway attaches to the same node:http server.
 */
export async function createHttpServer(o: HttpOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: o.log as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => randomUUID(),
    trustProxy: o.trustProxy,
  });

  addSecurityHeaders(app);

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
