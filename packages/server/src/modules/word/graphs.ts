import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { lexiconBytes } from '@tessera/lexica';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LexiconApi } from '../lexicon/index.ts';

const gzipAsync = promisify(gzip);
/** Characters of the source hash in a versioned graph path. */
const GRAPH_VERSION_LENGTH = 12;

/** Where a lexicon's compiled graph is downloaded: versioned, so it can be cached forever. */
export const graphUrl = (name: string, hash: string) =>
  `/lexica/${encodeURIComponent(name)}.${hash.slice(0, GRAPH_VERSION_LENGTH)}.tlx`;

/**
 * GET /lexica/<NAME>.<version>.tlx: the compiled graph, for the browser's
 * engine (tentative word checks, the analyzer). The version is the start of
 * the source hash, so the answer never changes and is cached as immutable;
 * the unversioned /lexica/<NAME>.tlx answers with a short cache and an ETag.
 * Each graph is gzipped once (off the event loop) and the same bytes are
 * sent to every client; a client that takes no gzip gets the graph itself,
 * never a copy of it.
 */
export function serveLexiconGraphs(app: FastifyInstance, lexicons: LexiconApi) {
  const zipped = new Map<string, Promise<Buffer>>();
  const gzipped = (name: string, hash: string) => {
    const key = `${name}:${hash}`;
    let z = zipped.get(key);
    if (!z) {
      const bytes = lexiconBytes(name);
      z = gzipAsync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { level: 6 });
      z.catch(() => zipped.delete(key));
      zipped.set(key, z);
    }
    return z;
  };

  const send = async (reply: FastifyReply, name: string, hash: string, acceptsGzip: boolean) => {
    reply.type('application/octet-stream').header('vary', 'accept-encoding');
    if (acceptsGzip) {
      return reply.header('content-encoding', 'gzip').send(await gzipped(name, hash));
    }
    const bytes = lexiconBytes(name);
    return reply.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  };

  app.get<{ Params: { file: string } }>('/lexica/:file', async (req, reply) => {
    const m = /^([A-Za-z0-9_-]{1,40})(?:\.([0-9a-f]{1,64}))?\.tlx$/.exec(req.params.file);
    const name = m ? lexicons.resolve(m[1]) : undefined;
    const meta = name ? lexicons.list().find((l) => l.name === name) : undefined;
    if (!m || !name || !meta)
      return reply.code(404).send({ code: 'not_found', message: 'No such lexicon' });
    const version = m[2];
    if (version && !meta.hash.startsWith(version)) {
      // An older build: send the client to the current one.
      return reply.redirect(graphUrl(name, meta.hash), 302);
    }
    const etag = `"${meta.hash}"`;
    reply
      .header('etag', etag)
      .header(
        'cache-control',
        version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    return send(reply, name, meta.hash, acceptsGzip);
  });
}
