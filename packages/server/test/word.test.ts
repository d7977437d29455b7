import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Lexicon } from '@tessera/engine';
import { describe, expect, it } from 'vitest';
import { rpc, useTestServer } from './harness.ts';

const server = useTestServer();

type Results = {
  results: Record<string, { valid: boolean; definition: string; anagrams: string[] }>;
};

/** A raw GET (fetch would undo the compression). */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      httpGet(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

describe('words and lexicons', () => {
  it('lists the lexicons with their source and licence, and serves their graphs', async () => {
    const r = await rpc<{
      defaultLexicon: string;
      lexicons: { name: string; license: string; graphUrl: string; voidOnly?: boolean }[];
    }>(server, 'WordService', 'GetLexicons', {});
    expect(r.body.defaultLexicon).toBe('ENABLE');
    // The default comes first, with the licence the pickers show.
    expect(r.body.lexicons.map((l) => l.name)).toEqual(['ENABLE', 'COMMON-EN']);
    const scowl = r.body.lexicons.find((l) => l.name === 'ENABLE')!;
    expect(scowl.license).toMatch(/^Public domain \(ENABLE/);
    expect(r.body.lexicons.find((l) => l.name === 'COMMON-EN')?.voidOnly).toBe(true);
    const res = await fetch(`${server.url}${scowl.graphUrl}`);
    expect(res.status).toBe(200);
    const lexicon = Lexicon.fromBytes(await res.arrayBuffer());
    expect(lexicon.hasText('QUEEN')).toBe(true);
    const again = await fetch(`${server.url}${scowl.graphUrl}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${server.url}/lexica/NOPE.tlx`)).status).toBe(404);
    // The listed address is versioned: cached for good, gzipped once for everyone.
    expect(scowl.graphUrl).toMatch(/^\/lexica\/ENABLE\.[0-9a-f]{12}\.tlx$/);
    const raw = await get(scowl.graphUrl, { 'accept-encoding': 'gzip' });
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(raw.headers['content-encoding']).toBe('gzip');
    const graph = gunzipSync(raw.body);
    expect(raw.body.length).toBeLessThan(graph.length * 0.85);
    expect(
      Lexicon.fromBytes(
        graph.buffer.slice(graph.byteOffset, graph.byteOffset + graph.length),
      ).hasText('QUEEN'),
    ).toBe(true);
    const identity = await get(scowl.graphUrl, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(identity.body, graph)).toBe(0);
    // An old version sends the client to the current one.
    const old = await get('/lexica/ENABLE.000000000000.tlx', {});
    expect(old.status).toBe(302);
    expect(old.headers.location).toBe(scowl.graphUrl);
    expect((await fetch(`${server.url}/lexica/..%2F..%2Fsecret.key`)).status).toBe(404);
  });

  it('checks words, defines them from WordNet and lists anagrams', async () => {
    const r = await rpc<Results>(server, 'WordService', 'DefineWords', {
      lexicon: 'ENABLE',
      words: ['QUEEN', 'played', 'XQZV', 'LISTEN'],
      definitions: true,
      anagrams: true,
    });
    expect(r.body.results.QUEEN.valid).toBe(true);
    expect(r.body.results.QUEEN.definition).toMatch(/^n\. /);
    expect(r.body.results.PLAYED.definition).toMatch(/v\. /);
    // JSON leaves proto3 defaults out: an invalid word comes back as {}.
    expect(r.body.results.XQZV.valid ?? false).toBe(false);
    expect(r.body.results.XQZV.definition ?? '').toBe('');
    expect(r.body.results.LISTEN.anagrams).toEqual(
      expect.arrayContaining(['SILENT', 'TINSEL', 'ENLIST']),
    );
  });

  it('defines and anagrams the word-game words ENABLE has and the spelling lists lack', async () => {
    const r = await rpc<Results>(server, 'WordService', 'DefineWords', {
      lexicon: 'ENABLE',
      words: ['QAT', 'aa', 'CWM', 'ZAX', 'ZA', 'RETAINS'],
      definitions: true,
      anagrams: true,
    });
    const res = r.body.results;
    for (const w of ['QAT', 'AA', 'CWM', 'ZAX', 'RETAINS']) expect(res[w].valid, w).toBe(true);
    expect(res.ZA.valid ?? false).toBe(false);
    expect(res.QAT.definition).toMatch(/^n\. .*(khat|Catha|leaves)/i);
    expect(res.AA.definition).toMatch(/^n\. .*lava/i);
    expect(res.CWM.definition).toMatch(/^n\. .*(cirque|basin|hollow)/i);
    // Valid but not in WordNet: no definition, still valid.
    expect(res.ZAX.definition ?? '').toBe('');
    expect(res.QAT.anagrams).toEqual(['QAT']);
    expect([...res.RETAINS.anagrams].sort()).toEqual([
      'ANESTRI',
      'ANTSIER',
      'NASTIER',
      'RATINES',
      'RETAINS',
      'RETINAS',
      'RETSINA',
      'STAINER',
      'STEARIN',
    ]);
  });

  it('refuses an unknown lexicon and oversized requests', async () => {
    const unknown = await rpc(server, 'WordService', 'DefineWords', {
      lexicon: 'CSW24',
      words: ['A'],
    });
    expect(unknown.error).toBe('The lexicon CSW24 is not available on this server.');
    const many = await rpc(server, 'WordService', 'DefineWords', {
      lexicon: 'ENABLE',
      words: Array.from({ length: 51 }, () => 'CAT'),
    });
    expect(many.error).toBe('Invalid request: at most 50 words');
  });
});
