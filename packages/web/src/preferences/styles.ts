/**
 * Tile styles (13) and board styles (11) of the preferences page
 * (docs/product/community.md §9). Each is a palette handed to the board as CSS
 * custom properties (`tileStyleVars`, `boardStyleVars`), so the game room
 * styles tiles and squares with var(--tile-bg), var(--square-dw) ... and a
 * new style needs no new CSS.
 */
export interface TileStyle {
  id: string;
  label: string;
  background: string;
  text: string;
  /** Outline or bottom edge. */
  edge: string;
}

export interface BoardStyle {
  id: string;
  label: string;
  square: string;
  lines: string;
  doubleLetter: string;
  tripleLetter: string;
  quadrupleLetter: string;
  doubleWord: string;
  tripleWord: string;
  quadrupleWord: string;
  /** Text on bonus squares. */
  labelText: string;
}

const tile = (
  id: string,
  label: string,
  background: string,
  text: string,
  edge: string,
): TileStyle => ({
  id,
  label,
  background,
  text,
  edge,
});

export const TILE_STYLES: readonly TileStyle[] = [
  tile('classic', 'Classic', '#f3dfb5', '#2a2118', '#c9a86a'),
  tile('charcoal', 'Charcoal', '#2f3437', '#f4f4f2', '#15181a'),
  tile('mahogany', 'Mahogany', '#7b3b2a', '#fff3e6', '#4d2218'),
  tile('mint', 'Mint', '#c9efdc', '#123d2c', '#86c9a8'),
  tile('ocean', 'Ocean', '#1f5f8b', '#ffffff', '#123c59'),
  tile('plum', 'Plum', '#6d3b78', '#fbeeff', '#45224d'),
  tile('sunset', 'Sunset', '#f6a05a', '#3a1a05', '#cf7430'),
  tile('slate', 'Slate', '#8a9aa6', '#10181e', '#5f6f7a'),
  tile('ivory', 'Ivory', '#fffdf6', '#222222', '#d9d2bd'),
  tile('neon', 'Neon', '#101820', '#3cff9b', '#3cff9b'),
  tile('pastel', 'Pastel', '#f7d6e6', '#4a2a3a', '#d9a8bf'),
  tile('metallic', 'Metallic', '#c0c5cc', '#1b1f24', '#8d949c'),
  tile('contrast', 'High contrast', '#000000', '#ffff00', '#ffffff'),
];

const board = (
  id: string,
  label: string,
  [square, lines, doubleLetter, tripleLetter, quadrupleLetter]: string[],
  [doubleWord, tripleWord, quadrupleWord, text]: string[],
): BoardStyle => ({
  id,
  label,
  square,
  lines,
  doubleLetter,
  tripleLetter,
  quadrupleLetter,
  doubleWord,
  tripleWord,
  quadrupleWord,
  labelText: text,
});

export const BOARD_STYLES: readonly BoardStyle[] = [
  board(
    'tessera',
    'Tessera',
    ['#e8efe9', '#c7d3cb', '#a9d4e8', '#3f8fc0', '#1d5f8a'],
    ['#f2b8b0', '#d9534f', '#8f2420', '#1d2428'],
  ),
  board(
    'classic',
    'Classic',
    ['#f5efe0', '#d8ccb0', '#b7dff2', '#4b9fd5', '#2a6e9c'],
    ['#f6c1c9', '#e0474c', '#9b1d22', '#222222'],
  ),
  board(
    'forest',
    'Forest',
    ['#dfe8d2', '#b7c6a3', '#cfe6b8', '#7fb069', '#4d7c3a'],
    ['#f0d9a8', '#d99a3d', '#9c6415', '#1f2a16'],
  ),
  board(
    'ocean',
    'Ocean',
    ['#dcebf2', '#b3ccd9', '#bfe3f0', '#5aa9cf', '#2f7aa0'],
    ['#c8d7f5', '#5b7fd6', '#2e4c9e', '#0f2230'],
  ),
  board(
    'desert',
    'Desert',
    ['#f4e6cf', '#dcc7a3', '#f1d7a7', '#e2a857', '#b87a2a'],
    ['#efb7a0', '#d46a44', '#963d1f', '#3a2612'],
  ),
  board(
    'slate',
    'Slate',
    ['#e3e7ea', '#c2c9ce', '#c9dbe6', '#7d9fb5', '#4c6f86'],
    ['#d8cde3', '#8f76ad', '#5c4480', '#1c2328'],
  ),
  board(
    'lavender',
    'Lavender',
    ['#eee9f5', '#d3c9e3', '#d5e3f7', '#7ea4dc', '#4a6fb0'],
    ['#efcde3', '#c5609e', '#8a2f69', '#2a2030'],
  ),
  board(
    'autumn',
    'Autumn',
    ['#f3eadc', '#d9c6a8', '#f2d49b', '#d99a2b', '#a36a0e'],
    ['#f0b9a2', '#c9552c', '#8a3012', '#2e1d10'],
  ),
  board(
    'mono',
    'Monochrome',
    ['#f2f2f2', '#cfcfcf', '#dcdcdc', '#a6a6a6', '#6e6e6e'],
    ['#c4c4c4', '#7a7a7a', '#3f3f3f', '#111111'],
  ),
  board(
    'midnight',
    'Midnight',
    ['#1d2733', '#2e3b4a', '#24475e', '#2f6e96', '#4a96c4'],
    ['#5a2f45', '#8c3a5e', '#c2557f', '#e9eef3'],
  ),
  board(
    'contrast',
    'High contrast',
    ['#ffffff', '#000000', '#7fd3ff', '#0066cc', '#003a75'],
    ['#ffb3b3', '#cc0000', '#660000', '#000000'],
  ),
];

export function tileStyle(id: string): TileStyle {
  return TILE_STYLES.find((s) => s.id === id) ?? TILE_STYLES[0];
}

export function boardStyle(id: string): BoardStyle {
  return BOARD_STYLES.find((s) => s.id === id) ?? BOARD_STYLES[0];
}

/** The tile palette as CSS custom properties, for a `style` attribute. */
export function tileStyleVars(id: string): Record<string, string> {
  const s = tileStyle(id);
  return { '--tile-bg': s.background, '--tile-text': s.text, '--tile-edge': s.edge };
}

/** The board palette as CSS custom properties, for a `style` attribute. */
export function boardStyleVars(id: string): Record<string, string> {
  const s = boardStyle(id);
  return {
    '--square': s.square,
    '--square-lines': s.lines,
    '--square-dl': s.doubleLetter,
    '--square-tl': s.tripleLetter,
    '--square-ql': s.quadrupleLetter,
    '--square-dw': s.doubleWord,
    '--square-tw': s.tripleWord,
    '--square-qw': s.quadrupleWord,
    '--square-label': s.labelText,
  };
}
