import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.ts';

let root: string;
const saved = { ...process.env };

/** Runs `tessera ...args` in-process and returns its exit code and stdout lines. */
async function tessera(...args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
    out.push(a.join(' '));
  });
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await main(args);
    return { code, out };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tessera-cli-lex-'));
  mkdirSync(join(root, 'lexica'));
  writeFileSync(join(root, 'lexica', 'CSW24.txt'), 'QI life force\nZA\nCAT\nCATS\n');
  writeFileSync(join(root, 'lexica', 'FILE2017.txt'), 'CHICO\nCALLE\n');
  process.env.DATA_DIR = join(root, 'data');
  process.env.LEXICON_DIR = join(root, 'lexica');
  process.env.LEXICONS = 'none';
  delete process.env.LEXICA_CACHE_DIR;
});
afterAll(() => {
  process.env = saved;
  rmSync(root, { recursive: true, force: true });
});

describe('tessera lexicon', () => {
  it('list --json prints name, words, letter distribution, source and licence', async () => {
    const { code, out } = await tessera('lexicon', 'list', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual([
      {
        name: 'CSW24',
        words: 4,
        letterDistribution: 'english',
        source: 'file:CSW24.txt',
        license: 'operator-supplied',
      },
      {
        name: 'FILE2017',
        words: 2,
        letterDistribution: 'spanish',
        source: 'file:FILE2017.txt',
        license: 'operator-supplied',
      },
    ]);
  });

  it('check prints each word followed by valid or invalid and exits 0', async () => {
    const { code, out } = await tessera('lexicon', 'check', 'CSW24', 'qi', 'CATS', 'QIS', "DON'T");
    expect(code).toBe(0);
    expect(out).toEqual(['qi valid', 'CATS valid', 'QIS invalid', "DON'T invalid"]);
  });

  it('check accepts a legacy name and multi-letter tiles', async () => {
    expect((await tessera('lexicon', 'check', 'CSW', 'ZA')).out).toEqual(['ZA valid']);
    expect((await tessera('lexicon', 'check', 'FILE2017', 'chico')).out).toEqual(['chico valid']);
  });

  it('build reports what it rebuilt; an unknown lexicon is an error', async () => {
    expect((await tessera('lexicon', 'build')).out).toEqual(['0 built, 2 already current']);
    expect((await tessera('lexicon', 'build', '--force', 'CSW24')).out).toEqual([
      '1 built, 0 already current',
    ]);
    expect((await tessera('lexicon', 'check', 'NOPE', 'CAT')).code).toBe(1);
    expect((await tessera('lexicon', 'frobnicate')).code).toBe(2);
  });

  it('check finds the word-game words in ENABLE, the shipped default', async () => {
    process.env.LEXICONS = 'ENABLE';
    try {
      const words = ['AA', 'AE', 'QAT', 'ZAX', 'OXO', 'XU', 'JO', 'CWM'];
      const { code, out } = await tessera('lexicon', 'check', 'ENABLE', ...words, 'ZA');
      expect(code).toBe(0);
      expect(out).toEqual([...words.map((w) => `${w} valid`), 'ZA invalid']);
      const list = await tessera('lexicon', 'list', '--json');
      expect(JSON.parse(list.out.join('\n'))[0]).toEqual({
        name: 'ENABLE',
        words: 168_551,
        letterDistribution: 'english',
        source: 'bundled:enable1.txt.gz sha256:3f1613022064',
        license: 'Public domain (ENABLE, first edition, by Alan Beale and M. Cooper)',
      });
    } finally {
      process.env.LEXICONS = 'none';
    }
  }, 60_000);
});
