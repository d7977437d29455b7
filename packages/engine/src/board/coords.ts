/**
 * Move coordinates as players write them: columns are letters A-U across,
 * rows are numbers 1-21 down. Number first (`8D`) is a play across row 8
 * starting at column D; letter first (`D8`) is a play down column D starting
 * at row 8. Internally rows and columns are 0-based.
 */
import { err, ok, type Result } from '../result.ts';

export type Direction = 'horizontal' | 'vertical';

export interface Coord {
  readonly row: number;
  readonly col: number;
  readonly vertical: boolean;
}

export const MAX_DIM = 21;
const COLUMNS = 'ABCDEFGHIJKLMNOPQRSTU';

const ACROSS = /^(\d{1,2})([A-Za-z])$/;
const DOWN = /^([A-Za-z])(\d{1,2})$/;

export function columnLetter(col: number): string {
  return COLUMNS[col];
}

/** Parse `8D` / `D8`; `dim` bounds the board (15 unless given). */
export function parseCoord(text: string, dim = 15): Result<Coord, 'BAD_COORDINATE'> {
  const across = ACROSS.exec(text);
  const down = across ? null : DOWN.exec(text);
  if (!across && !down) {
    return err('BAD_COORDINATE', `'${text}' is not a coordinate like 8D (across) or D8 (down)`);
  }
  const rowText = across ? across[1] : down![2];
  const colText = (across ? across[2] : down![1]).toUpperCase();
  const row = Number(rowText) - 1;
  const col = COLUMNS.indexOf(colText);
  if (row < 0 || row >= dim || col < 0 || col >= dim) {
    return err('BAD_COORDINATE', `'${text}' is off a ${dim}x${dim} board`);
  }
  return ok({ row, col, vertical: !across });
}

export function printCoord(coord: Coord): string {
  const row = String(coord.row + 1);
  const col = COLUMNS[coord.col];
  return coord.vertical ? col + row : row + col;
}

export function directionOf(vertical: boolean): Direction {
  return vertical ? 'vertical' : 'horizontal';
}
