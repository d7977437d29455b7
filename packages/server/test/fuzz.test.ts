import {
  create,
  type DescField,
  type DescMessage,
  type DescService,
  ScalarType,
  toBinary,
  toJsonString,
} from '@bufbuild/protobuf';
import * as protocol from '@tessera/protocol';
import { encodeFrame, MessageType, socketSchema } from '@tessera/protocol';
import fc from 'fast-check';
import { sql } from 'kysely';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGame, twoPlayers } from './game-helpers.ts';
import {
  registerUser,
  startTestServer,
  type TestServer,
  TestSocket,
  useTestServer,
} from './harness.ts';

/**
 * Hostile input, generated: every socket message type and every RPC gets
 * random and ill-meant values (garbage bytes, NUL and control characters,
 * huge numbers, long strings, other people's ids). Nothing may crash the
 * server, no answer may be a 5xx without a catalogue code or an INTERNAL
 * error, and what a caller may not change stays as it was. The number of
 * runs is bounded (TESSERA_FUZZ_RUNS, default small for the everyday suite).
 */
const RUNS = Number(process.env.TESSERA_FUZZ_RUNS ?? 60);
const INTERNAL = String(protocol.ERRORS.INTERNAL.code);

const server = useTestServer();
let targetGame: string;
let outsider: { cookie: string; userId: string };
beforeAll(async () => {
  const players = await twoPlayers(server);
  targetGame = await startGame(players.sa, players.sb);
  players.close();
  outsider = await registerUser(server);
});

/** What neither a visitor nor a signed-in outsider may change. */
async function protectedState() {
  const db = server.core.database.db;
  const q = async (text: ReturnType<typeof sql>) => JSON.stringify((await text.execute(db)).rows);
  return {
    game: await q(
      sql`SELECT event_count, clock, meta_event, ended_at FROM games WHERE id = ${targetGame}`,
    ),
    events: await q(sql`SELECT count(*) FROM game_events WHERE game_id = ${targetGame}`),
    announcements: await q(sql`SELECT * FROM announcements ORDER BY position`),
    roles: await q(sql`SELECT user_id, role FROM user_roles ORDER BY user_id, role`),
    badges: await q(sql`SELECT user_id, code FROM user_badges ORDER BY user_id, code`),
    ratings: await q(sql`SELECT * FROM ratings ORDER BY user_id, rating_key`),
  };
}

/** Ill-meant strings: empty, NUL, control characters, very long, ids of real things. */
const hostileString = () =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('', '\u0000', 'a\u0000b', '\u202e', '../../etc/passwd', "'; DROP TABLE x;--"),
    fc.constant(targetGame),
    fc.constantFrom('chat.lobby', `chat.game.${targetGame}`, `chat.gametv.${targetGame}`),
    fc.constant(outsider.userId),
    fc.string({ minLength: 300, maxLength: 2000 }),
    fc.stringMatching(/^[A-Za-z0-9_-]{12}$/),
  );

const hostileNumber = (field: DescField & { fieldKind: 'scalar' }) => {
  switch (field.scalar) {
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n });
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(0));
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return fc.nat();
    default:
      return fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1, 2 ** 31 - 1));
  }
};

/** Random values for the scalar, enum and repeated-scalar fields of a message. */
function messageValues(schema: DescMessage): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of schema.fields) {
    if (f.fieldKind === 'scalar') {
      if (f.scalar === ScalarType.STRING) parts[f.localName] = hostileString();
      else if (f.scalar === ScalarType.BOOL) parts[f.localName] = fc.boolean();
      else if (f.scalar === ScalarType.BYTES) parts[f.localName] = fc.uint8Array({ maxLength: 64 });
      else parts[f.localName] = hostileNumber(f);
    } else if (f.fieldKind === 'enum') {
      parts[f.localName] = fc.integer({ min: -1, max: 40 });
    } else if (
      f.fieldKind === 'list' &&
      f.listKind === 'scalar' &&
      f.scalar === ScalarType.STRING
    ) {
      parts[f.localName] = fc.array(hostileString(), { maxLength: 5 });
    }
  }
  return fc.record(parts, { requiredKeys: [] });
}

const services = (Object.values(protocol) as unknown[]).filter(
  (v): v is DescService =>
    typeof v === 'object' && v !== null && (v as { kind?: string }).kind === 'service',
);

describe('hostile RPCs', () => {
  it('answers every method with a coded refusal or a success, and changes nothing protected', async () => {
    expect(services.length).toBeGreaterThan(5);
    const methods = services.flatMap((s) => s.methods.map((m) => ({ service: s, method: m })));
    const before = await protectedState();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.boolean(),
        fc.oneof(fc.constant('typed'), fc.constant('json'), fc.constant('bytes')),
        fc.jsonValue(),
        fc.uint8Array({ maxLength: 200 }),
        fc.context(),
        async ({ service, method }, signedIn, shape, json, bytes, ctx) => {
          let body: string | Uint8Array;
          let contentType = 'application/json';
          if (shape === 'typed') {
            const values = fc.sample(messageValues(method.input), 1)[0];
            body = toJsonString(method.input, create(method.input, values as never));
          } else if (shape === 'json') {
            body = JSON.stringify(json) ?? 'null';
          } else {
            body = bytes;
            contentType = 'application/proto';
          }
          const res = await fetch(`${server.url}/api/${service.typeName}/${method.name}`, {
            method: 'POST',
            headers: {
              'content-type': contentType,
              ...(signedIn ? { cookie: outsider.cookie } : {}),
            },
            body,
          });
          const text = await res.text();
          ctx.log(`${service.typeName}/${method.name} ${res.status} ${text.slice(0, 200)}`);
          if (res.ok) return;
          expect(res.status, text).toBeLessThan(500);
          const message = String(JSON.parse(text).message ?? '');
          expect(message, text).toMatch(/^\d{4}/);
          expect(message.split(';')[0], text).not.toBe(INTERNAL);
        },
      ),
      { numRuns: RUNS * 4 },
    );
    expect(await protectedState()).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

const socketTypes = Object.values(MessageType).filter(
  (v): v is number => typeof v === 'number' && socketSchema(v) !== undefined,
);

describe('hostile socket messages', () => {
  it('refuses garbage and ill-meant messages with a coded error, and changes nothing protected', async () => {
    const before = await protectedState();
    const open = [
      () => TestSocket.open(server, `?path=${encodeURIComponent(`/game/${targetGame}`)}`),
      () => TestSocket.withToken(server, outsider.cookie, `/game/${targetGame}`),
    ];
    const used: TestSocket[] = [];
    const sockets = await Promise.all(open.map((o) => o()));
    // A socket closed for too many bad messages is replaced, so the run goes on.
    const socketOf = async (who: number) => {
      if (sockets[who].closed) {
        used.push(sockets[who]);
        sockets[who] = await open[who]();
      }
      return sockets[who];
    };
    for (const s of sockets) await s.next(MessageType.SESSION_INFO);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...socketTypes),
        fc.constantFrom(0, 1),
        fc.boolean(),
        fc.uint8Array({ maxLength: 200 }),
        async (type, who, typed, bytes) => {
          const s = await socketOf(who);
          const schema = socketSchema(type)!;
          const payload = typed
            ? toBinary(schema, create(schema, fc.sample(messageValues(schema), 1)[0] as never))
            : bytes;
          s.sendRaw(encodeFrame(type, payload));
          // Time under test: paced near the rate limit's refill, so most messages
          // reach their handlers; the limit may refuse some, which is fine.
          await new Promise((r) => setTimeout(r, 20));
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // Every answer to the fuzz has arrived once a barrier comes back on each
    // open socket (tried again while the rate limit still refuses it).
    for (const s of [...used, ...sockets]) {
      await vi.waitFor(() => (s.closed ? undefined : s.barrier(1000)), {
        timeout: 20_000,
        interval: 100,
      });
    }
    for (const s of [...used, ...sockets]) {
      const errors = s.received
        .filter((r) => r.type === MessageType.ERROR_MESSAGE)
        .map((r) => String(r.message.message));
      for (const e of errors) {
        expect(e).toMatch(/^\d{4}/);
        expect(e.split(';')[0], e).not.toBe(INTERNAL);
      }
      if (s.closed) expect([1008, 1000, 1001]).toContain(s.closed.code);
      s.close();
    }
    expect(await protectedState()).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

describe('hostile bodies', () => {
  // Small timeouts, so a slow body meets its bound in a moment.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ requestTimeoutMs: 700, headersTimeoutMs: 500 });
  });
  afterAll(() => own.dispose());

  const methods = services.flatMap((s) => s.methods.map((m) => `/api/${s.typeName}/${m.name}`));
  const TOO_DEEP = `${protocol.ERRORS.REQUEST_TOO_DEEP.code};`;

  /** JSON nested `depth` deep in lists or objects, alone or under a field, well formed or not (under the size limit: 100,000 levels of objects are 600 kB). */
  const deepBody = fc
    .record({
      depth: fc.oneof(fc.integer({ min: 65, max: 2000 }), fc.integer({ min: 2000, max: 100_000 })),
      kind: fc.constantFrom('list', 'object', 'mixed'),
      under: fc.constantFrom('', 'x', 'moves', 'events'),
      closed: fc.boolean(),
    })
    .map(({ depth, kind, under, closed }) => {
      const open = (i: number) => (kind === 'list' || (kind === 'mixed' && i % 2) ? '[' : '{"a":');
      const close = (i: number) => (kind === 'list' || (kind === 'mixed' && i % 2) ? ']' : '}');
      let head = '';
      let tail = '';
      for (let i = 0; i < depth; i++) {
        head += open(i);
        if (closed) tail = close(i) + tail;
      }
      const value = `${head}${kind === 'list' ? '' : '1'}${tail}`;
      return under ? `{"${under}":${value}}` : value;
    });

  it('refuses bodies nested past the limit with a code, every method, and stays up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), deepBody, async (path, body) => {
        const res = await fetch(`${own.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        expect(res.status, text).toBe(400);
        expect(String(JSON.parse(text).message), text.slice(0, 200)).toMatch(
          new RegExp(`^${TOO_DEEP}`),
        );
      }),
      { numRuns: RUNS },
    );
    expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
  }, 120_000);

  /** Sends the request's head, then its body a piece at a time; resolves with what came back. */
  function slowRequest(path: string, body: Buffer, pieces: number, everyMs: number) {
    const { port } = new URL(own.url);
    return new Promise<{ text: string; ms: number }>((resolve) => {
      const started = Date.now();
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      let text = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (d) => (text += d.toString('latin1')));
      socket.on('error', () => {});
      socket.once('close', () => {
        clearTimeout(timer);
        resolve({ text, ms: Date.now() - started });
      });
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      const size = Math.max(1, Math.ceil(body.length / pieces));
      let at = 0;
      const step = () => {
        if (socket.destroyed) return;
        socket.write(body.subarray(at, at + size));
        at += size;
        // The body never ends: the last piece is held back.
        if (at < body.length - 1) timer = setTimeout(step, everyMs);
      };
      step();
    });
  }

  it('cuts off bodies sent slowly, with a 408, and stays up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.oneof(deepBody, fc.string({ minLength: 10, maxLength: 400 })),
        fc.integer({ min: 5, max: 50 }),
        async (path, text, pieces) => {
          const r = await slowRequest(path, Buffer.from(text), pieces, 40);
          expect(r.text.slice(0, 200)).toMatch(/^HTTP\/1\.1 (408|4\d\d) /);
        },
      ),
      { numRuns: Math.max(3, Math.ceil(RUNS / 10)) },
    );
    expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
