import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lexicon, tokenizeWord } from '@tessera/engine';
import {
  ensureLexicons,
  lexiconBytes,
  listLexicons,
  loadLexicon,
  wordFileWords,
  type LexiconSource,
} from '../src/index.ts';

let root: string;
let dataDir: string;
let lexiconDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tessera-lexica-'));
  dataDir = join(root, 'data');
  lexiconDir = join(root, 'lexica');
  mkdirSync(lexiconDir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const opts = () => ({ dataDir, lexiconDir, builtins: [] as string[] });

describe('operator word lists', () => {
  it('reads one word per line, ignoring blank lines and anything after whitespace', () => {
    expect([...wordFileWords('CAT a small animal\n\n  DOG\tcanine\r\nEMU\n')]).toEqual([
      'CAT',
      'DOG',
      'EMU',
    ]);
  });

  it('a CSW24.txt dropped in the lexicon folder becomes lexicon CSW24 in English', async () => {
    writeFileSync(
      join(lexiconDir, 'CSW24.txt'),
      "AA volcanic rock\nQI life force\nZA pizza\nCAT\n\nX\nDON'T\nCAT\n",
    );
    const store = await ensureLexicons(opts());
    const meta = store.meta('CSW24')!;
    expect(meta).toMatchObject({
      name: 'CSW24',
      words: 4,
      skipped: 2,
      letterDistribution: 'english',
      source: 'file:CSW24.txt',
      license: 'operator-supplied',
      origin: 'operator',
    });
    const lex = store.load('CSW24');
    expect(lex.hasText('qi')).toBe(true);
    expect(lex.hasText('QIS')).toBe(false);
  });

  it('picks the letter set by the name prefix (OSPS Polish, FILE Spanish, DISC Catalan)', async () => {
    writeFileSync(join(lexiconDir, 'OSPS50.txt'), 'źdźbło\nmąka\n');
    writeFileSync(join(lexiconDir, 'FILE2017.txt'), 'CHICO\ncalle\nkilo\n');
    writeFileSync(join(lexiconDir, 'DISC2.txt'), 'col·lecció\nquatre\nqatar\n');
    const store = await ensureLexicons(opts());
    expect(store.meta('OSPS50')).toMatchObject({ letterDistribution: 'polish', words: 2 });
    expect(store.meta('FILE2017')).toMatchObject({
      letterDistribution: 'spanish',
      words: 2,
      skipped: 1,
    });
    expect(store.meta('DISC2')).toMatchObject({
      letterDistribution: 'catalan',
      words: 2,
      skipped: 1,
    });
    const es = store.load('FILE2017');
    expect(es.has(tokenizeWord('spanish', 'chico')!)).toBe(true);
    expect(es.wordCount).toBe(2);
  });

  it('legacy names reach the current edition', async () => {
    const store = await ensureLexicons(opts());
    expect(store.resolve('CSW')).toBe('CSW24');
    expect(store.resolve('csw21')).toBe('CSW24');
    expect(store.load('CSW').name).toBe('CSW24');
    expect(store.resolve('NWL')).toBeUndefined();
  });
});

describe('the compiled-graph cache', () => {
  it('a second start reuses the cache; a changed list is rebuilt and the old graph removed', async () => {
    writeFileSync(join(lexiconDir, 'NWL23.txt'), 'CAT\nDOG\n');
    const first = await ensureLexicons(opts());
    expect(first.built).toBeGreaterThan(0);
    const again = await ensureLexicons(opts());
    expect(again.built).toBe(0);
    expect(again.meta('NWL23')!.words).toBe(2);

    writeFileSync(join(lexiconDir, 'NWL23.txt'), 'CAT\nDOG\nEMU\n');
    const changed = await ensureLexicons(opts());
    expect(changed.built).toBe(1);
    expect(changed.meta('NWL23')!.words).toBe(3);
    const files = readdirSync(join(dataDir, 'lexica')).filter((f) => f.startsWith('NWL23.'));
    expect(files).toHaveLength(2); // one .tlx and its .json
    expect((await ensureLexicons({ ...opts(), force: true })).built).toBe(5);
  });

  it('serves the graph bytes that load back into the same lexicon', async () => {
    await ensureLexicons(opts());
    const bytes = lexiconBytes('NWL23');
    const lex = Lexicon.fromBytes(bytes);
    expect(lex.name).toBe('NWL23');
    expect(lex.hasText('EMU')).toBe(true);
    expect(loadLexicon('NWL23').wordCount).toBe(3);
    expect(listLexicons().map((m) => m.name)).toContain('NWL23');
    expect(() => loadLexicon('NOPE')).toThrow(/unknown lexicon/);
  });

  it('builds only what is asked, and an operator list overrides a default of the same name', async () => {
    const fake: LexiconSource = {
      name: 'CSW24',
      letterSet: 'english',
      source: 'npm:fake@1.0.0',
      license: 'MIT',
      description: 'test source',
      origin: 'npm',
      files: [join(lexiconDir, 'NWL23.txt')],
      words: () => ['ZZZ'],
    };
    const store = await ensureLexicons({ dataDir, lexiconDir, sources: [fake], only: ['CSW'] });
    expect(store.list().map((m) => m.name)).toEqual(['CSW24']);
    expect(store.meta('CSW24')!.source).toBe('file:CSW24.txt');
  });

  it('a missing lexicon folder just means no operator lists', async () => {
    const store = await ensureLexicons({ dataDir, lexiconDir: join(root, 'absent'), builtins: [] });
    expect(store.list()).toEqual([]);
  });
});

describe('building in worker threads', () => {
  it('a big list builds in a worker thread, giving the same graph as this thread', async () => {
    const dir = join(root, 'workers');
    mkdirSync(dir);
    const letters = (i: number) =>
      i.toString(26).replace(/./g, (d) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[parseInt(d, 26)]);
    const words = Array.from({ length: 3000 }, (_, i) => `W${letters(i)}Q`);
    writeFileSync(join(dir, 'BIG.txt'), words.join('\n'));
    const logs: string[] = [];
    const inWorker = await ensureLexicons({
      dataDir: join(root, 'w1'),
      lexiconDir: dir,
      builtins: [],
      workers: 'always',
      log: (m) => logs.push(m),
    });
    expect(logs.join('\n')).toContain('(worker thread)');
    const here = await ensureLexicons({
      dataDir: join(root, 'w2'),
      lexiconDir: dir,
      builtins: [],
      workers: 'never',
    });
    expect(inWorker.meta('BIG')!.words).toBe(here.meta('BIG')!.words);
    expect(inWorker.bytes('BIG')).toEqual(here.bytes('BIG'));
  }, 30_000);
});
