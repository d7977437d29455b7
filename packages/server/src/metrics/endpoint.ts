import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { errorMessage } from '@tessera/protocol';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** Does the request carry the operator token ("Authorization: Bearer <token>")? */
export function hasMetricsToken(headers: IncomingHttpHeaders, token: string): boolean {
  if (!token) return false;
  const m = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const refusal = () => errorMessage('METRICS_TOKEN_REQUIRED');

/**
 * /metrics on the public port: only with the operator token (METRICS_TOKEN);
 * without one configured it refuses everyone, so figures never leak by default.
 */
export function publicMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(METRICS_PATH, async (req, reply) => {
    if (!hasMetricsToken(req.headers, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send(refusal());
    const { body, contentType } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}

/**
 * /metrics on a port of its own (METRICS_PORT), for a network only the
 * operator's scraper reaches; the token is asked for there too when set.
 */
export async function listenForMetrics(
  metrics: Metrics,
  o: { port: number; host: string; token: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404).end();
      return;
    }
    if (o.token && !hasMetricsToken(req.headers, o.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' });
      res.end(refusal());
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  return server;
}
