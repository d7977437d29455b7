import { lexiconBytes } from '@tessera/lexica';
import type { FastifyInstance } from 'fastify';
import type { LexiconApi } from '../lexicon/index.ts';

/**
 * GET /lexica/<NAME>.tlx: the compiled graph, for the browser's engine
 * (tentative word checks, the analyzer). The ETag is the source hash, so a
 * browser revalidates cheaply and refetches only after a rebuild.
 */
export function serveLexiconGraphs(app: FastifyInstance, lexicons: LexiconApi) {
  app.get<{ Params: { file: string } }>('/lexica/:file', async (req, reply) => {
    const m = /^([A-Za-z0-9_-]{1,40})\.tlx$/.exec(req.params.file);
    const name = m ? lexicons.resolve(m[1]) : undefined;
    const meta = name ? lexicons.list().find((l) => l.name === name) : undefined;
    if (!name || !meta)
      return reply.code(404).send({ code: 'not_found', message: 'No such lexicon' });
    const etag = `"${meta.hash}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=300');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/octet-stream').send(Buffer.from(lexiconBytes(name)));
  });
}
