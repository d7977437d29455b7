import type { FastifyInstance } from 'fastify';

/**
 * The web app's own policy: scripts, workers and connections from this
 * origin only (the socket included), styles inline as React writes them,
 * images also from data: and blob: URLs (avatars, exported GIFs) and from
 * the operator's image hosts (tournament logos; IMAGE_HOSTS, already
 * checked to be bare origins by parseImageHosts).
 */
function contentPolicy(imageHosts: readonly string[]): string[] {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageHosts].join(' '),
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/** Pages other sites may show in a frame: the embedded board only. */
const isEmbed = (url: string) => url.startsWith('/embed/');

/** On every answer: no MIME sniffing, no referrer beyond this site. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * Headers on every answer: no MIME sniffing, no referrer beyond this site,
 * and on pages a content security policy that also forbids framing, except
 * for the embed route, which exists to be framed.
 *
 * The first two are set as a request arrives, so they are on answers that
 * never pass Fastify's onSend: the API's (Connect writes those itself, from
 * the reply's headers) and any a route writes raw.
 */
export function addSecurityHeaders(app: FastifyInstance, imageHosts: readonly string[] = []): void {
  const policy = contentPolicy(imageHosts);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(EVERY_ANSWER);
    done();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.headers(EVERY_ANSWER);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const embed = isEmbed(req.url);
      reply.header(
        'content-security-policy',
        [...policy, `frame-ancestors ${embed ? '*' : "'self'"}`].join('; '),
      );
      if (!embed) reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
}
