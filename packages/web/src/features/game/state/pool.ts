import type { LetterSet } from '@tessera/engine';
import type { PoolFormat } from '../../../preferences/preferences.ts';

export type { PoolFormat };

/** The pool panel's arrangements (docs/product/gameplay.md §2 "Board screen"); the choice is a preference. */
export const POOL_FORMATS: readonly { value: PoolFormat; label: string }[] = [
  { value: 'alphabetical', label: 'Alphabetical' },
  { value: 'vowels-first', label: 'Vowels first' },
  { value: 'detailed', label: 'Detailed' },
];

/** Tiles per line in every arrangement. */
export const POOL_LINE = 6;

export interface PoolGroup {
  /** Set for the detailed layout: "Vowels", "Consonants", "Blanks". */
  heading?: string;
  count: number;
  /** Tile faces ('?' for a blank), POOL_LINE to a line. */
  lines: string[][];
}

function chunk(tiles: string[]): string[][] {
  const lines: string[][] = [];
  for (let i = 0; i < tiles.length; i += POOL_LINE) lines.push(tiles.slice(i, i + POOL_LINE));
  return lines;
}

function faces(set: LetterSet, counts: ArrayLike<number>, keep: (code: number) => boolean) {
  const out: string[] = [];
  for (let code = 1; code < set.size; code++) {
    if (!keep(code)) continue;
    for (let n = counts[code] ?? 0; n > 0; n--) out.push(set.letters[code].rune);
  }
  return out;
}

/** The unseen tiles in the chosen arrangement. */
export function poolGroups(
  set: LetterSet,
  counts: ArrayLike<number>,
  format: PoolFormat,
): PoolGroup[] {
  const blanks = Array.from({ length: counts[0] ?? 0 }, () => '?');
  const vowels = faces(set, counts, (c) => set.letters[c].vowel);
  const consonants = faces(set, counts, (c) => !set.letters[c].vowel);
  if (format === 'detailed') {
    return [
      { heading: 'Vowels', tiles: vowels },
      { heading: 'Consonants', tiles: consonants },
      { heading: 'Blanks', tiles: blanks },
    ].map((g) => ({ heading: g.heading, count: g.tiles.length, lines: chunk(g.tiles) }));
  }
  const tiles =
    format === 'vowels-first'
      ? [...vowels, ...consonants, ...blanks]
      : [...faces(set, counts, () => true), ...blanks];
  return [{ count: tiles.length, lines: chunk(tiles) }];
}
