import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gcg, type GameDocument } from '@tessera/engine';
import { describe, expect, it } from 'vitest';
import { registerUser, rpc, useTestServer } from './harness.ts';

const server = useTestServer();
const DIR = join(import.meta.dirname, '../../../../shared/testdata/gcg');

const anno = (method: string, body: unknown, cookie?: string) =>
  rpc<Record<string, unknown>>(server, 'AnnotatedGameService', method, body, { cookie });

async function documentOf(gameId: string, cookie: string): Promise<GameDocument> {
  const r = await anno('GetGameDocument', { gameId }, cookie);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return JSON.parse(r.body.document as string) as GameDocument;
}

/** What a turn is, for comparing two imports: everything but the text spelling of the nickname. */
const turns = (doc: GameDocument) => doc.events.map((e) => ({ ...e }));

describe('annotated games and GCG', () => {
  it('every record the engine replays imports, exports through GetGCG and imports back equal, notes on the same turns', async () => {
    const a = await registerUser(server);
    const files = readdirSync(DIR).filter((f) => f.endsWith('.gcg'));
    let replayed = 0;
    let notes = 0;
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(join(DIR, file)));
      const engine = gcg.importGcg(bytes);
      if (!engine.ok) continue;
      replayed++;
      const text = gcg.decodeGcg(bytes);
      if (!text.ok) throw new Error(`${file}: ${text.message}`);
      const lexicon = engine.value.rules.lexicon || 'NWL23';
      const first = await anno('ImportGCG', { gcg: text.value, lexicon }, a.cookie);
      expect(first.status, `${file}: ${JSON.stringify(first.body)}`).toBe(200);
      const firstId = first.body.gameId as string;
      const firstDoc = await documentOf(firstId, a.cookie);
      // The notes of the file are on the same turns as the engine's own import.
      expect(
        firstDoc.events.map((e) => e.note),
        file,
      ).toEqual(engine.value.events.map((e) => e.note));
      notes += firstDoc.events.filter((e) => e.note !== '').length;

      const exported = await rpc<{ gcg: string }>(
        server,
        'GameMetadataService',
        'GetGCG',
        { gameId: firstId },
        { cookie: a.cookie },
      );
      expect(exported.status, `${file}: ${JSON.stringify(exported.body)}`).toBe(200);
      const second = await anno('ImportGCG', { gcg: exported.body.gcg, lexicon }, a.cookie);
      expect(second.status, `${file}: ${JSON.stringify(second.body)}`).toBe(200);
      const secondDoc = await documentOf(second.body.gameId as string, a.cookie);
      expect(turns(secondDoc), file).toEqual(turns(firstDoc));
      expect(secondDoc.currentScores, file).toEqual(firstDoc.currentScores);
      expect(secondDoc.board.tiles, file).toEqual(firstDoc.board.tiles);
    }
    // The fixtures hold replayable games with notes: the test would prove nothing otherwise.
    expect(replayed).toBeGreaterThan(30);
    expect(notes).toBeGreaterThan(5);
  }, 600_000);

  it('refuses an empty or unreadable upload with a catalogue code', async () => {
    const a = await registerUser(server);
    const empty = await anno('ImportGCG', { gcg: '  ', lexicon: 'NWL23' }, a.cookie);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^1508/);
    expect(empty.error).toBe('Please upload a valid gcg file');
    const bad = await anno(
      'ImportGCG',
      { gcg: '#player1 a a\n#player2 b b\n>a: ABC 8H ZZZZZZZZ +10 10\n', lexicon: 'NWL23' },
      a.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^1509/);
    const visitor = await anno('ImportGCG', { gcg: '#player1 a a\n', lexicon: 'NWL23' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toMatch(/^1524/);
  });
});
