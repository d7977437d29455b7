import { describe, expect, it } from 'vitest';
import { Lexicon } from '../src/index.ts';
import { parseGraph, serializeGraph } from '../src/lexicon/index.ts';
import { randomWords } from './lexicon-helpers.ts';

describe('lexicon file format', () => {
  const words = randomWords(21, 2000, 20, 15).filter((w) => w.length >= 2);
  const lex = Lexicon.compile(words, { name: 'CSW24', letterSet: 'english' });

  it('round-trips through bytes with the header intact and answers the same', () => {
    const bytes = lex.toBytes();
    const back = Lexicon.fromBytes(bytes);
    expect(back.name).toBe('CSW24');
    expect(back.letterSet).toBe('english');
    expect(back.wordCount).toBe(lex.wordCount);
    expect(back.maxLength).toBe(15);
    expect(back.nodes).toEqual(lex.nodes);
    for (const w of words) expect(back.has(w)).toBe(true);
  });

  it('reads the nodes without copying when the buffer is aligned', () => {
    const bytes = lex.toBytes();
    const buffer = bytes.buffer.slice(0);
    const back = Lexicon.fromBytes(buffer);
    expect(back.nodes.buffer).toBe(buffer);
  });

  it('still reads a file that sits at an unaligned offset (copying)', () => {
    const bytes = lex.toBytes();
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const back = Lexicon.fromBytes(shifted.subarray(1));
    expect(back.nodes).toEqual(lex.nodes);
  });

  it('keeps non-ASCII names and the letter set', () => {
    const bytes = serializeGraph(
      { name: 'NSF-ÆØÅ', letterSet: 'norwegian', wordCount: 0, maxLength: 21 },
      new Uint32Array(2),
    );
    const parsed = parseGraph(bytes);
    expect(parsed.ok && parsed.header).toEqual({
      name: 'NSF-ÆØÅ',
      letterSet: 'norwegian',
      wordCount: 0,
      maxLength: 21,
    });
  });

  it('reports corrupt files as error values', () => {
    const bytes = lex.toBytes();
    expect(Lexicon.parse(bytes.subarray(0, 10))).toEqual({ ok: false, error: 'too-short' });
    expect(Lexicon.parse(bytes.subarray(0, bytes.length - 4))).toEqual({
      ok: false,
      error: 'truncated',
    });
    const bad = bytes.slice();
    bad[0] = 0x58;
    expect(Lexicon.parse(bad)).toEqual({ ok: false, error: 'bad-magic' });
    const version = bytes.slice();
    version[4] = 9;
    expect(Lexicon.parse(version)).toEqual({ ok: false, error: 'bad-version' });
    expect(() => Lexicon.fromBytes(bad)).toThrow(/bad-magic/);
  });
});
