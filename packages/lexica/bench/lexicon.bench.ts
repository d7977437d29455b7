import { Lexicon, tokenizeWord } from '@tessera/engine';
import { DEFAULT_LEXICON, buildLexicon, builtinSources } from '../src/index.ts';

type Emit = (record: Record<string, unknown>) => void;

/** Runs `fn` repeatedly for about `ms` milliseconds; returns calls per second. */
function rate(fn: () => number, ms = 1000): { perSec: number; checksum: number } {
  let calls = 0;
  let checksum = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    checksum += fn();
    calls++;
    now = performance.now();
  }
  return { perSec: Math.round((calls * 1000) / (now - start)), checksum };
}

/**
 * Figures for the default English lexicon: compile time from the word list,
 * graph size, load time from bytes, and query throughput. Word lookups are
 * measured over the whole list (hits) and over the same words with one
 * letter changed (mostly misses), in batches so timer calls do not dominate.
 */
export async function bench(emit: Emit): Promise<void> {
  const source = builtinSources().find((s) => s.name === DEFAULT_LEXICON)!;
  const words = [...source.words()];

  const t0 = performance.now();
  const { lexicon } = buildLexicon(source.name, source.letterSet, words);
  const compileMs = performance.now() - t0;
  const bytes = lexicon.toBytes();
  emit({
    bench: 'lexicon.compile',
    lexicon: lexicon.name,
    words: lexicon.wordCount,
    ms: Math.round(compileMs),
    nodes: lexicon.nodes.length,
    bytes: bytes.length,
    bytesPerWord: Number((bytes.length / lexicon.wordCount).toFixed(2)),
  });

  const t1 = performance.now();
  for (let i = 0; i < 100; i++) Lexicon.fromBytes(bytes);
  emit({ bench: 'lexicon.load', lexicon: lexicon.name, msPerLoad: (performance.now() - t1) / 100 });

  const hits = words
    .map((w) => tokenizeWord('english', w))
    .filter((w) => w && w.length >= 2) as Uint8Array[];
  const misses = hits.map((w) => {
    const m = w.slice();
    m[m.length >> 1] = 1 + ((m[m.length >> 1] + 6) % 26);
    return m;
  });
  for (const [kind, list] of [
    ['hits', hits],
    ['mostly-misses', misses],
  ] as const) {
    let found = 0;
    const r = rate(() => {
      for (let i = 0; i < list.length; i++) if (lexicon.has(list[i])) found++;
      return list.length;
    }, 1500);
    emit({
      bench: 'lexicon.lookup',
      lexicon: lexicon.name,
      kind,
      lookupsPerSec: Math.round((r.perSec * list.length) as number),
      found: found > 0,
    });
  }

  const racks = ['RETAINS', 'AEINRST', 'QUIZ??E', 'SATIRE?', 'EEIOUAB'].map((r) =>
    Uint8Array.from(r, (c) => (c === '?' ? 0 : tokenizeWord('english', c)![0])),
  );
  const anag = rate(() => {
    let n = 0;
    for (const rack of racks) n += lexicon.anagrams(rack).length;
    return n;
  });
  emit({
    bench: 'lexicon.anagrams',
    lexicon: lexicon.name,
    racksPerSec: anag.perSec * racks.length,
  });
  const smog = hits.filter((_, i) => i % 97 === 0).map((w) => w.slice().reverse());
  const anagramCheck = rate(() => {
    let n = 0;
    for (const w of smog) if (lexicon.hasAnagram(w)) n++;
    return n;
  });
  emit({
    bench: 'lexicon.hasAnagram',
    lexicon: lexicon.name,
    checksPerSec: anagramCheck.perSec * smog.length,
  });
  const pat = lexicon.parsePattern('*ING');
  if (pat.ok) {
    const r = rate(() => lexicon.match(pat.pattern).length);
    emit({
      bench: 'lexicon.pattern',
      lexicon: lexicon.name,
      pattern: '*ING',
      queriesPerSec: r.perSec,
    });
  }
}
