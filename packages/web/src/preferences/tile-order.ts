/**
 * Tile order presets (docs/product/gameplay.md §9, docs/product/community.md §9): how a
 * fresh rack is arranged. Each works on any tile type through `describe`,
 * so the game room can order machine letters or display tiles alike.
 */
export type TileOrder =
  'alphabetical' | 'vowels-first' | 'consonants-first' | 'descending-points' | 'blanks-first';

export const TILE_ORDERS: readonly { id: TileOrder; label: string }[] = [
  { id: 'alphabetical', label: 'Alphabetical' },
  { id: 'vowels-first', label: 'Vowels first' },
  { id: 'consonants-first', label: 'Consonants first' },
  { id: 'descending-points', label: 'Descending points' },
  { id: 'blanks-first', label: 'Blanks first' },
];

export interface TileFacts {
  /** What the tile shows; blanks sort by '?'. */
  label: string;
  score: number;
  vowel: boolean;
  blank: boolean;
}

const alphabetical = (a: TileFacts, b: TileFacts) =>
  a.blank !== b.blank ? (a.blank ? 1 : -1) : a.label.localeCompare(b.label);

/** Sort keys before the alphabetical tie-break; blanks go last except under "Blanks first". */
const RANK: Record<TileOrder, (t: TileFacts) => number> = {
  alphabetical: () => 0,
  'vowels-first': (t) => (t.blank ? 2 : t.vowel ? 0 : 1),
  'consonants-first': (t) => (t.blank ? 2 : t.vowel ? 1 : 0),
  'descending-points': (t) => -t.score,
  'blanks-first': (t) => (t.blank ? 0 : 1),
};

/** The tiles in the preset's order (a new array; the input is left alone). */
export function orderTiles<T>(
  tiles: readonly T[],
  order: TileOrder,
  describe: (t: T) => TileFacts,
): T[] {
  const rank = RANK[order];
  return tiles
    .map((tile) => ({ tile, facts: describe(tile) }))
    .sort((a, b) => rank(a.facts) - rank(b.facts) || alphabetical(a.facts, b.facts))
    .map((x) => x.tile);
}

/** A Fisher–Yates shuffle (a new array). */
export function shuffleTiles<T>(tiles: readonly T[], random: () => number = Math.random): T[] {
  const out = [...tiles];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A fresh rack as the preferences want it: shuffled under auto-shuffle, otherwise ordered. */
export function arrangeRack<T>(
  tiles: readonly T[],
  prefs: { tileOrder: TileOrder; autoShuffle: boolean },
  describe: (t: T) => TileFacts,
  random?: () => number,
): T[] {
  return prefs.autoShuffle
    ? shuffleTiles(tiles, random)
    : orderTiles(tiles, prefs.tileOrder, describe);
}
