import type { BoardLayout } from '@tessera/engine';

export interface Bonus {
  /** The label on the square: "2W", "3L" ... or '' for a plain square. */
  label: string;
  /** For a screen reader: "double word score". */
  name: string;
  /** CSS class: square-dw, square-tl ... */
  kind: string;
}

const MULT = ['', '', 'double', 'triple', 'quadruple'];
const SHORT = ['', '', 'd', 't', 'q'];

/** The bonus of a square (docs/product/gameplay.md §2: 2x/3x/4x word, 2x/3x/4x letter). */
export function bonusAt(layout: BoardLayout, index: number): Bonus {
  const w = layout.wordMult[index];
  const l = layout.letterMult[index];
  if (w > 1) return { label: `${w}W`, name: `${MULT[w]} word score`, kind: `square-${SHORT[w]}w` };
  if (l > 1)
    return { label: `${l}L`, name: `${MULT[l]} letter score`, kind: `square-${SHORT[l]}l` };
  return { label: '', name: '', kind: '' };
}
