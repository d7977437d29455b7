import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built web app. Files under dist are served as they are; any other GET
 * for a path without a file extension gets index.html so the app's router
 * can draw the page (every route of docs/product/community.md §2.1, and its own
 * "not found" page for the rest). Paths with an extension that do not exist
 * are real 404s, so a missing script never comes back as HTML.
 */
export async function serveWebApp(app: FastifyInstance, dist: string | undefined): Promise<void> {
  const index = dist ? join(dist, 'index.html') : undefined;
  const built = index !== undefined && existsSync(index);
  if (built) {
    await app.register(fastifyStatic, { root: dist!, index: false, wildcard: false, prefix: '/' });
  }
  const html = built ? readFileSync(index!, 'utf8') : undefined;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isPage =
      req.method === 'GET' &&
      !path.startsWith('/api/') &&
      path !== '/ws' &&
      !/\.[A-Za-z0-9]{1,8}$/.test(path);
    if (!isPage) {
      return reply.code(404).send({ code: 'not_found', message: `No such path: ${path}` });
    }
    if (!html) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app has not been built yet (npm run build -w packages/web).');
    }
    // index.html is small and re-read from memory; no caching so deploys show at once.
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
