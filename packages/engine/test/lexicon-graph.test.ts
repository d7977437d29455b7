import { describe, expect, it } from 'vitest';
import { Lexicon } from '../src/index.ts';
import {
  GraphBuilder,
  SEPARATOR,
  accepts,
  childIndex,
  compileGraph,
  findChild,
  gaddagRoot,
  isEnd,
  nodeTile,
} from '../src/lexicon/index.ts';
import { key, randomWords, rng } from './lexicon-helpers.ts';

/** Follows `path` from a root list; returns the last node index or -1. */
function walk(nodes: Uint32Array, root: number, path: ArrayLike<number>): number {
  let list = root;
  let node = -1;
  for (let i = 0; i < path.length; i++) {
    node = findChild(nodes, list, path[i]);
    if (node < 0) return -1;
    list = childIndex(nodes[node]);
  }
  return node;
}

describe('lexicon graph', () => {
  const words = randomWords(1, 4000, 12, 12);
  const set = new Set(words.map(key));
  const lex = Lexicon.compile(words, { name: 'RANDOM', letterSet: 'english' });

  it('knows exactly the words it was given, against a Set on thousands of probes', () => {
    expect(lex.wordCount).toBe(set.size);
    for (const w of words) expect(lex.has(w)).toBe(true);
    const probes = randomWords(2, 20000, 14, 13);
    let misses = 0;
    for (const p of probes) {
      expect(lex.has(p)).toBe(set.has(key(p)));
      if (!set.has(key(p))) misses++;
    }
    expect(misses).toBeGreaterThan(1000);
  });

  it('ignores the blank bit in lookups and rejects the empty word', () => {
    const w = words.find((x) => x.length > 2)!;
    const blanked = Uint8Array.from(w, (t, i) => (i === 1 ? t | 0x80 : t));
    expect(lex.has(blanked)).toBe(true);
    expect(lex.has([])).toBe(false);
  });

  it('lists every word back in sorted order', () => {
    const listed = [...lex.words()].map(key);
    expect(new Set(listed)).toEqual(set);
    expect(listed.length).toBe(set.size);
  });

  it('holds every GADDAG path of every word, and only those', () => {
    const root = gaddagRoot(lex.nodes);
    const paths = new Set<string>();
    for (const w of new Map(words.map((x) => [key(x), x])).values()) {
      for (let k = 0; k < w.length; k++) {
        const path = [...w.slice(0, k + 1)].reverse();
        if (k < w.length - 1) path.push(SEPARATOR, ...w.slice(k + 1));
        paths.add(key(path));
        const end = walk(lex.nodes, root, path);
        expect(end).toBeGreaterThan(1);
        expect(accepts(lex.nodes[end])).toBe(true);
      }
    }
    const r = rng(3);
    for (let i = 0; i < 5000; i++) {
      const len = 2 + Math.floor(r() * 8);
      const path = Array.from({ length: len }, () => Math.floor(r() * 13));
      const end = walk(lex.nodes, root, path);
      const accepted = end > 1 && accepts(lex.nodes[end]);
      expect(accepted).toBe(paths.has(key(path)));
    }
  });

  it('is minimal: input order does not matter and equal sub-graphs are stored once', () => {
    const shuffled = [...words].reverse();
    expect(compileGraph(shuffled).nodes).toEqual(lex.nodes);
    // No two sibling lists have identical content.
    const lists = new Set<string>();
    for (let i = 2; i < lex.nodes.length;) {
      let j = i;
      while (!isEnd(lex.nodes[j])) j++;
      const content = key(lex.nodes.subarray(i, j + 1));
      expect(lists.has(content)).toBe(false);
      lists.add(content);
      i = j + 1;
    }
  });

  it('linking separator arcs to DAWG lists gives the same size as building every GADDAG string', () => {
    const unique = [...new Map(words.map((w) => [key(w), w])).values()];
    const cmp = (a: number[], b: number[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
      return a.length - b.length;
    };
    const b = new GraphBuilder(16);
    for (const w of unique.map((x) => [...x]).sort(cmp)) b.add(Uint8Array.from(w), 0, w.length);
    const dawg = b.finish();
    const full: number[][] = [];
    for (const w of unique) {
      for (let k = 0; k < w.length; k++) {
        const path = [...w.slice(0, k + 1)].reverse();
        if (k < w.length - 1) path.push(SEPARATOR, ...w.slice(k + 1));
        full.push(path);
      }
    }
    for (const p of full.sort(cmp)) b.add(Uint8Array.from(p), 0, p.length);
    const reference = b.result(dawg, b.finish());
    expect(lex.nodes.length).toBe(reference.length);
    expect(reference.subarray(2).reduce((n, x) => n + (accepts(x) ? 1 : 0), 0)).toBe(
      lex.nodes.subarray(2).reduce((n, x) => n + (accepts(x) ? 1 : 0), 0),
    );
  });

  it('keeps sibling lists sorted by tile with the end flag on the last node only', () => {
    for (let i = 2; i < lex.nodes.length; i++) {
      if (!isEnd(lex.nodes[i]))
        expect(nodeTile(lex.nodes[i + 1])).toBeGreaterThan(nodeTile(lex.nodes[i]));
    }
  });

  it('shares one node array between the DAWG and the GADDAG', () => {
    const dawgOnly = Lexicon.compile([[1, 2, 3]], { name: 'T', letterSet: 'english' });
    // CAB: DAWG C-A-B and GADDAG C^AB, AC^B, BAC share the "B" leaf list.
    expect(dawgOnly.nodes.length).toBeLessThan(2 + 3 + 6 + 3);
    expect(dawgOnly.has([1, 2, 3])).toBe(true);
    expect(dawgOnly.has([1, 2])).toBe(false);
  });

  it('an empty lexicon answers no to everything', () => {
    const empty = Lexicon.compile([], { name: 'EMPTY', letterSet: 'english' });
    expect(empty.wordCount).toBe(0);
    expect(empty.has([1, 2])).toBe(false);
    expect(empty.anagrams([1, 2, 0])).toEqual([]);
    expect(empty.match('*')).toEqual([]);
    expect([...empty.words()]).toEqual([]);
  });

  it('refuses tiles the node layout cannot hold', () => {
    expect(() => compileGraph([[64]])).toThrow();
    expect(() => compileGraph([[0, 1]])).toThrow();
    expect(() => compileGraph([new Uint8Array(16)], 15)).toThrow();
  });
});
