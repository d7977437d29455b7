/**
 * When two answers are the same play. A play is identified by its fresh
 * tiles and their squares, so the one-tile play written across or down, or
 * with more or fewer played-through letters, is one play. On the first move
 * the board is symmetric about its diagonal, so a word through the centre
 * placed across or down is one answer too (the transposed opening): its key
 * is the smaller of the key and the key of the transposed squares.
 */
import type { Board } from '../board/board.ts';
import { boardLayout } from '../board/layouts.ts';
import { parseCoord, printCoord } from '../board/coords.ts';
import { parseCgp } from '../formats/cgp/cgp.ts';
import type { Placement } from '../rules/placement.ts';
import { letterSet, type LetterSet } from '../tiles/letter-sets.ts';
import { parseTiles, printTiles } from '../tiles/notation.ts';
import type { Puzzle, SubmittedMove } from './types.ts';

/** Fresh tiles by square: `row,col=tile` sorted; `transpose` swaps rows and columns. */
export function freshKey(p: Placement, transpose = false): string {
  const parts: string[] = [];
  for (let i = 0; i < p.tiles.length; i++) {
    if (p.tiles[i] === 0) continue;
    let r = p.vertical ? p.row + i : p.row;
    let c = p.vertical ? p.col : p.col + i;
    if (transpose) [r, c] = [c, r];
    parts.push(`${r.toString().padStart(2, '0')},${c.toString().padStart(2, '0')}=${p.tiles[i]}`);
  }
  return parts.sort().join(';');
}

/**
 * The key two plays share exactly when they are the same answer; `opening`
 * is true on an empty board (transposition counts as the same play).
 */
export function answerKey(p: Placement, opening: boolean): string {
  const k = freshKey(p);
  if (!opening) return k;
  const t = freshKey(p, true);
  return t < k ? t : k;
}

/** The placement read the other way: across for down and back (same squares, same tiles). */
export function transposed(p: Placement): Placement {
  return { row: p.col, col: p.row, vertical: !p.vertical, tiles: p.tiles };
}

/**
 * A one-tile placement written in the other direction on `board`, with the
 * letters it touches in that line (null when it forms no word that way).
 */
export function otherReading(board: Board, p: Placement): Placement | null {
  const fresh = p.tiles.reduce((n, t) => n + (t !== 0 ? 1 : 0), 0);
  if (fresh !== 1) return null;
  const at = p.tiles.findIndex((t) => t !== 0);
  const row = p.vertical ? p.row + at : p.row;
  const col = p.vertical ? p.col : p.col + at;
  const vertical = !p.vertical;
  const dim = board.dim;
  const occupied = (r: number, c: number) =>
    r >= 0 && c >= 0 && r < dim && c < dim && board.squares[r * dim + c] !== 0;
  const [dr, dc] = vertical ? [1, 0] : [0, 1];
  let r0 = row;
  let c0 = col;
  while (occupied(r0 - dr, c0 - dc)) [r0, c0] = [r0 - dr, c0 - dc];
  let r1 = row;
  let c1 = col;
  while (occupied(r1 + dr, c1 + dc)) [r1, c1] = [r1 + dr, c1 + dc];
  const len = vertical ? r1 - r0 + 1 : c1 - c0 + 1;
  if (len < 2) return null;
  const tiles = new Uint8Array(len);
  tiles[vertical ? row - r0 : col - c0] = p.tiles[at];
  return { row: r0, col: c0, vertical, tiles };
}

/** GCG text of a placement: `8D WIND.Y`. */
export function placementText(set: LetterSet, p: Placement): string {
  return `${printCoord(p)} ${printTiles(set, p.tiles, 'word')}`;
}

/** A placement from GCG text (`8D WIND.Y`, `H8 W.ND`), or null. */
export function parsePlacementText(set: LetterSet, dim: number, text: string): Placement | null {
  const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(text);
  if (!m) return null;
  const at = parseCoord(m[1], dim);
  const tiles = parseTiles(set, m[2], 'word');
  if (!at.ok || !tiles.ok || tiles.value.length === 0) return null;
  return { ...at.value, tiles: tiles.value };
}

/**
 * Whether `submitted` is the puzzle's answer or one of its equivalents. Text
 * is read with the puzzle's letter set; a placement is compared by its fresh
 * tiles, so played-through letters may be given (as `.`, or as the letters
 * themselves when the puzzle's CGP is at hand) or left out.
 */
export function isCorrectAnswer(
  puzzle: Pick<Puzzle, 'answer' | 'equivalents' | 'letterDistribution' | 'boardLayout'> &
    Partial<Pick<Puzzle, 'cgp'>>,
  submitted: SubmittedMove,
): boolean {
  const set = letterSet(puzzle.letterDistribution);
  const dim = boardLayout(puzzle.boardLayout).dim;
  const read = typeof submitted === 'string' ? parsePlacementText(set, dim, submitted) : submitted;
  if (!read) return false;
  const p = puzzle.cgp ? throughAsDots(read, puzzle.cgp, dim) : read;
  const key = freshKey(p);
  if (key === '') return false;
  if (key === freshKey(puzzle.answer.placement)) return true;
  return puzzle.equivalents.some((text) => {
    const q = parsePlacementText(set, dim, text);
    return q !== null && freshKey(q) === key;
  });
}

/** The placement with each letter that is already on the position's board marked played through. */
function throughAsDots(p: Placement, cgpText: string, dim: number): Placement {
  const pos = parseCgp(cgpText);
  if (!pos.ok) return p;
  const board = pos.value.board;
  const tiles = Uint8Array.from(p.tiles, (t, i) => {
    const r = p.vertical ? p.row + i : p.row;
    const c = p.vertical ? p.col : p.col + i;
    const on = r < dim && c < dim ? board[r * dim + c] : 0;
    return t !== 0 && on === t ? 0 : t;
  });
  return { ...p, tiles };
}
