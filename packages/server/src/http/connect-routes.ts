import {
  Code,
  type ConnectRouter,
  type ContextValues,
  createConnectRouter,
  type Interceptor,
} from '@connectrpc/connect';
import type { UniversalServerResponse } from '@connectrpc/connect/protocol';
import {
  universalRequestFromNodeRequest,
  universalResponseToNodeResponse,
} from '@connectrpc/connect-node';
import { errorMessage } from '@tessera/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ConnectRoutesOptions {
  routes: (router: ConnectRouter) => void;
  readMaxBytes: number;
  interceptors: Interceptor[];
  contextValues: (req: FastifyRequest) => ContextValues;
}

/**
 * Mounts Connect handlers on Fastify routes (the caller picks the /api prefix).
 * Fastify leaves the body unparsed; Connect reads the raw stream itself,
 * enforcing readMaxBytes. Before the response goes out, error bodies are put
 * in the catalogue form (see `normaliseError`).
 */
export function mountConnect(api: FastifyInstance, o: ConnectRoutesOptions): void {
  const router = createConnectRouter({
    readMaxBytes: o.readMaxBytes,
    interceptors: o.interceptors,
    jsonOptions: { ignoreUnknownFields: true },
  });
  o.routes(router);
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  for (const handler of router.handlers) {
    api.all(handler.requestPath, async (req, reply) => {
      const uReq = universalRequestFromNodeRequest(
        req.raw,
        reply.raw,
        undefined,
        o.contextValues(req),
      );
      const uRes = await normaliseError(await handler(uReq), req);
      for (const [key, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(key, value);
      }
      reply.hijack();
      await universalResponseToNodeResponse(uRes, reply.raw);
    });
  }
}

/**
 * Every failed call answers with a catalogue code ("<code>;<params>").
 * Connect reports an unparsable binary body as an internal error; that is the
 * client's fault, so it becomes invalid_argument. Other unexpected failures
 * keep their 500 but say INTERNAL rather than whatever the exception said
 * (which is logged instead).
 */
async function normaliseError(
  res: UniversalServerResponse,
  req: FastifyRequest,
): Promise<UniversalServerResponse> {
  const type = res.header?.get('content-type') ?? '';
  if (res.status < 400 || !type.startsWith('application/json') || !res.body) return res;
  const chunks: Uint8Array[] = [];
  for await (const c of res.body) chunks.push(c);
  const raw = Buffer.concat(chunks);
  let body: { code?: string; message?: string };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ...res, body: once(raw) };
  }
  let status = res.status;
  if (!body.message || !/^\d+(;|$)/.test(body.message)) {
    if (/^parse (binary|json)|^cannot decode|^invalid|^protocol error/i.test(body.message ?? '')) {
      status = 400;
      body = {
        code: 'invalid_argument',
        message: errorMessage('INVALID_REQUEST', body.message ?? ''),
      };
    } else if (body.code === 'internal' || body.code === 'unknown') {
      req.log.error({ apiError: body }, 'internal error');
      body = { code: body.code, message: errorMessage('INTERNAL') };
    } else {
      body = { ...body, message: errorMessage('INVALID_REQUEST', body.message ?? body.code ?? '') };
    }
  }
  const out = Buffer.from(JSON.stringify(body));
  const header = new Headers(res.header);
  header.set('content-length', String(out.length));
  return { ...res, status, header, body: once(out) };
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

export { Code };
