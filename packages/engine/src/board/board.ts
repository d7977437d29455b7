/**
 * The board: one flat Uint8Array of machine letters, `row * dim + col`, with
 * 0 for an empty square and the blank bit on blanks. A flat array keeps the
 * hot loops (validation, scoring, move generation) to index arithmetic: one
 * step across is +1, one step down is +dim.
 */
import { EMPTY } from '../tiles/letter-sets.ts';
import { boardLayout, type BoardLayout, type BoardLayoutName } from './layouts.ts';

export class Board {
  readonly dim: number;
  readonly squares: Uint8Array;
  /** Number of tiles on the board (so "is the board empty?" is O(1)). */
  tileCount = 0;

  constructor(readonly layout: BoardLayout) {
    this.dim = layout.dim;
    this.squares = new Uint8Array(layout.dim * layout.dim);
  }

  static empty(name: BoardLayoutName = 'CrosswordGame'): Board {
    return new Board(boardLayout(name));
  }

  /** A board from a flat array of machine letters (length dim*dim). */
  static fromSquares(layout: BoardLayout, squares: ArrayLike<number>): Board {
    if (squares.length !== layout.dim * layout.dim) {
      throw new RangeError(`expected ${layout.dim * layout.dim} squares, got ${squares.length}`);
    }
    const board = new Board(layout);
    for (let i = 0; i < squares.length; i++) {
      if (squares[i] !== EMPTY) board.place(i, squares[i]);
    }
    return board;
  }

  get isEmpty(): boolean {
    return this.tileCount === 0;
  }

  index(row: number, col: number): number {
    return row * this.dim + col;
  }

  get(row: number, col: number): number {
    return this.squares[row * this.dim + col];
  }

  inBounds(row: number, col: number): boolean {
    return row >= 0 && col >= 0 && row < this.dim && col < this.dim;
  }

  /** Put a tile on an empty square. */
  place(index: number, tile: number): void {
    if (this.squares[index] === EMPTY) this.tileCount++;
    this.squares[index] = tile;
  }

  /** Take the tile off a square, returning it (0 if it was empty). */
  lift(index: number): number {
    const tile = this.squares[index];
    if (tile !== EMPTY) {
      this.squares[index] = EMPTY;
      this.tileCount--;
    }
    return tile;
  }

  clear(): void {
    this.squares.fill(EMPTY);
    this.tileCount = 0;
  }

  clone(): Board {
    const copy = new Board(this.layout);
    copy.squares.set(this.squares);
    copy.tileCount = this.tileCount;
    return copy;
  }

  equals(other: Board): boolean {
    if (other.dim !== this.dim || other.tileCount !== this.tileCount) return false;
    for (let i = 0; i < this.squares.length; i++) {
      if (this.squares[i] !== other.squares[i]) return false;
    }
    return true;
  }
}
