/**
 * Board layouts: where the bonus squares are. Each layout is written as the
 * top half of the board (through the centre row) in the legend of
 * docs/product/game-facts.md and mirrored downwards, so the text below can be checked
 * against the facts by eye.
 *
 * For scoring, a layout is two flat arrays indexed by `row * dim + col`: the
 * letter multiplier and the word multiplier of each square (1 when plain).
 */

export type BoardLayoutName = 'CrosswordGame' | 'SuperCrosswordGame';

export interface BoardLayout {
  readonly name: BoardLayoutName;
  readonly dim: number;
  readonly letterMult: Uint8Array;
  readonly wordMult: Uint8Array;
  /** Index of the centre square (a double word) that the first play must cover. */
  readonly centre: number;
  /** The legend character of each square, row by row (for printing). */
  readonly rows: readonly string[];
}

const HALVES: Record<BoardLayoutName, readonly string[]> = {
  CrosswordGame: [
    `=  '   =   '  =`,
    ` -   "   "   - `,
    `  -   ' '   -  `,
    `'  -   '   -  '`,
    `    -     -    `,
    ` "   "   "   " `,
    `  '   ' '   '  `,
    `=  '   -   '  =`,
  ],
  SuperCrosswordGame: [
    `~  '   =  '  =   '  ~`,
    ` -  "   -   -   "  - `,
    `  -  ^   - -   ^  -  `,
    `'  =  '   =   '  =  '`,
    ` "  -   "   "   -  " `,
    `  ^  -   ' '   -  ^  `,
    `   '  -   '   -  '   `,
    `=      -     -      =`,
    ` -  "   "   "   "  - `,
    `  -  '   ' '   '  -  `,
    `'  =  '   -   '  =  '`,
  ],
};

/** Legend character -> [letter multiplier, word multiplier]. */
const LEGEND: Record<string, readonly [number, number]> = {
  ' ': [1, 1],
  "'": [2, 1],
  '"': [3, 1],
  '^': [4, 1],
  '-': [1, 2],
  '=': [1, 3],
  '~': [1, 4],
};

function build(name: BoardLayoutName): BoardLayout {
  const half = HALVES[name];
  const dim = half[0].length;
  const rows = [...half, ...half.slice(0, -1).reverse()];
  if (rows.length !== dim || rows.some((r) => r.length !== dim)) {
    throw new Error(`layout ${name} is not square`);
  }
  const letterMult = new Uint8Array(dim * dim);
  const wordMult = new Uint8Array(dim * dim);
  rows.forEach((row, r) => {
    for (let c = 0; c < dim; c++) {
      const [lm, wm] = LEGEND[row[c]];
      letterMult[r * dim + c] = lm;
      wordMult[r * dim + c] = wm;
    }
  });
  const mid = (dim - 1) / 2;
  return { name, dim, letterMult, wordMult, centre: mid * dim + mid, rows };
}

const cache = new Map<BoardLayoutName, BoardLayout>();

export const BOARD_LAYOUT_NAMES = Object.keys(HALVES) as BoardLayoutName[];

export function boardLayout(name: BoardLayoutName): BoardLayout {
  let layout = cache.get(name);
  if (!layout) {
    layout = build(name);
    cache.set(name, layout);
  }
  return layout;
}

export function isBoardLayoutName(name: string): name is BoardLayoutName {
  return Object.hasOwn(HALVES, name);
}
