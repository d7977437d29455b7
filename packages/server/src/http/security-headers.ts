import type { FastifyInstance } from 'fastify';

/**
 * The web app's own policy: scripts, workers and connections from this
 * origin only (the socket included), styles inline as React writes them,
 * images also from data: and blob: URLs (avatars, exported GIFs).
 */
const CONTENT_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** Pages other sites may show in a frame: the embedded board only. */
const isEmbed = (url: string) => url.startsWith('/embed/');

/**
 * Headers on every answer: no MIME sniffing, no referrer beyond this site,
 * and on pages a content security policy that also forbids framing, except
 * for the embed route, which exists to be framed.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const embed = isEmbed(req.url);
      reply.header(
        'content-security-policy',
        [...CONTENT_POLICY, `frame-ancestors ${embed ? '*' : "'self'"}`].join('; '),
      );
      if (!embed) reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
}
