import {
  Code,
  type ConnectRouter,
  type ContextValues,
  createConnectRouter,
  type Interceptor,
} from '@connectrpc/connect';
import type { DescMessage } from '@bufbuild/protobuf';
import type { UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';
import {
  universalRequestFromNodeRequest,
  universalResponseToNodeResponse,
} from '@connectrpc/connect-node';
import { errorMessage } from '@tessera/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { handlerOutcome } from './api-errors.ts';
import { UnknownEnumName, withFullEnumNames } from './enum-names.ts';

export interface ConnectRoutesOptions {
  routes: (router: ConnectRouter) => void;
  readMaxBytes: number;
  interceptors: Interceptor[];
  contextValues: (req: FastifyRequest) => ContextValues;
  /**
   * A method's own refusal for a body over `readMaxBytes`, by request path
   * (an avatar too large says so rather than INVALID_REQUEST); given the
   * body's size in bytes, answers the catalogue message.
   */
  oversize?: Record<string, (bytes: number) => string>;
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
      const uReq = await spellEnumsOut(
        universalRequestFromNodeRequest(req.raw, reply.raw, undefined, o.contextValues(req)),
        handler.method.input,
        o.readMaxBytes,
        !!o.oversize?.[handler.requestPath],
      );
      const uRes =
        uReq instanceof UnknownEnumName
          ? refusal(errorMessage('INVALID_REQUEST', uReq.message))
          : uReq instanceof TooDeep
            ? refusal(errorMessage('REQUEST_TOO_DEEP', uReq.limit))
            : uReq instanceof TooLarge
              ? refusal(o.oversize![handler.requestPath]!(uReq.bytes))
              : await normaliseError(await handler(uReq), req);
      for (const [key, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(key, value);
      }
      reply.hijack();
      await universalResponseToNodeResponse(uRes, reply.raw);
    });
  }
}

/**
 * A JSON request's short enum names spelled out (enum-names.ts). A body that
 * is not JSON goes on as it came, for Connect to refuse; so does one over the
 * size limit, of which no more than the limit is kept.
 */
async function spellEnumsOut(
  req: UniversalServerRequest,
  input: DescMessage,
  maxBytes: number,
  ownOversize = false,
): Promise<UniversalServerRequest | UnknownEnumName | TooDeep | TooLarge> {
  const type = req.header.get('content-type') ?? '';
  if (req.method !== 'POST' || !type.startsWith('application/json')) return req;
  if (!req.body || !(Symbol.asyncIterator in Object(req.body))) return req;
  const rest = (req.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let c = await rest.next(); !c.done; c = await rest.next()) {
    chunks.push(c.value);
    size += c.value.byteLength;
    if (size > maxBytes) {
      // Connect refuses it on what was read. The rest is read and dropped
      // meanwhile, so the client can go on sending and read the answer; once
      // the answer is out, a bounded drain then a closed connection
      // (server.ts, boundDrain) end a body that would not stop.
      void (async () => {
        for (let d = await rest.next(); !d.done; d = await rest.next());
      })().catch(() => {});
      if (ownOversize) {
        const declared = Number(req.header.get('content-length'));
        return new TooLarge(Number.isSafeInteger(declared) && declared > size ? declared : size);
      }
      return { ...req, body: once(Buffer.concat(chunks)) };
    }
  }
  const raw = Buffer.concat(chunks);
  // Counted before parsing: nothing below (the enum pass, the encoder
  // around it, the decoder) walks a structure deeper than this.
  if (jsonDepthOver(raw, MAX_JSON_DEPTH)) return new TooDeep(MAX_JSON_DEPTH);
  let bytes: Uint8Array = raw;
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined; // Not JSON: Connect says so.
  }
  if (json !== undefined) {
    try {
      bytes = Buffer.from(JSON.stringify(withFullEnumNames(input, json)));
    } catch (e) {
      if (e instanceof UnknownEnumName) return e;
      throw e;
    }
  }
  const header = new Headers(req.header);
  header.delete('content-length');
  return { ...req, header, body: once(bytes) };
}

/** Objects and lists a JSON request may nest (the deepest message is far shallower). */
export const MAX_JSON_DEPTH = 64;

class TooDeep {
  constructor(readonly limit: number) {}
}

/** A body over the limit, for a method with its own refusal for that. */
class TooLarge {
  constructor(readonly bytes: number) {}
}

/**
 * Whether JSON text nests objects and lists more than `limit` deep, by one
 * pass over its bytes (brackets inside strings do not count). Text that is
 * not JSON gets an answer too; the parser then says what is wrong with it.
 */
export function jsonDepthOver(text: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Every failed call answers with a catalogue code ("<code>;<params>"). A
 * handler's failures already are (refusalsToConnect). The others are
 * Connect's own, made before any handler ran: a body it could not decode, an
 * unknown protocol, a body over the limit. Those are the client's fault, so
 * an "internal" one (how Connect reports an unparsable binary body) becomes
 * invalid_argument; each says INVALID_REQUEST with Connect's reason. A
 * failure after the handler answered (its reply could not be encoded) is
 * logged and says INTERNAL.
 */
async function normaliseError(
  res: UniversalServerResponse,
  req: FastifyRequest,
): Promise<UniversalServerResponse> {
  const type = res.header?.get('content-type') ?? '';
  if (res.status < 400 || !type.startsWith('application/json') || !res.body) return res;
  const outcome = handlerOutcome(req);
  if (outcome) return res;
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
  const reason = body.message ?? body.code ?? '';
  if (outcome === null) {
    req.log.error({ apiError: body }, 'internal error');
    body = { code: 'internal', message: errorMessage('INTERNAL') };
  } else if (body.code === 'internal' || body.code === 'unknown') {
    status = 400;
    body = { code: 'invalid_argument', message: errorMessage('INVALID_REQUEST', reason) };
  } else {
    body = { ...body, message: errorMessage('INVALID_REQUEST', reason) };
  }
  const out = Buffer.from(JSON.stringify(body));
  const header = new Headers(res.header);
  header.set('content-length', String(out.length));
  return { ...res, status, header, body: once(out) };
}

/** An invalid_argument answer in the catalogue form, made without the handler. */
function refusal(message: string): UniversalServerResponse {
  const body = Buffer.from(JSON.stringify({ code: 'invalid_argument', message }));
  const header = new Headers({
    'content-type': 'application/json',
    'content-length': String(body.length),
  });
  return { status: 400, header, body: once(body) };
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

export { Code };
