/**
 * The move generator's front door: one object per (lexicon, letter set,
 * board layout) holding the cross-check board, the GADDAG walker, the leave
 * table and a reusable move list. `generate` answers every legal move (or the
 * best N, using shadow bounds) for a rack; helpers turn a recorded move into
 * a rules `Placement` or GCG text.
 *
 * The board can be kept in step incrementally (`play`), which is how games,
 * simulations and the endgame search use it, or reset from squares (`sync`),
 * which recomputes every cross-check (for one-off analysis).
 */
import { boardLayout, type BoardLayout, type BoardLayoutName } from '../board/layouts.ts';
import { printCoord } from '../board/coords.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { DEFAULT_EXCHANGE_MIN_BAG } from '../rules/constants.ts';
import type { Placement } from '../rules/placement.ts';
import { tileScoreTable } from '../rules/score.ts';
import { EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { printTiles, sortTiles } from '../tiles/notation.ts';
import { ACROSS, CrossBoard } from './cross.ts';
import { MoveGenerator, type OpeningPenalty } from './generator.ts';
import { EXCHANGE, MAX_LEN, MoveList, PASS, PLACE } from './moves.ts';
import { RackLeaves } from './rack-leaves.ts';
import { searchTopN } from './shadow.ts';

/** Equity adjustment for keeping `leave` (counts) after using `used` tiles. */
export type LeaveFn = (leave: Uint8Array, leaveSize: number, used: number) => number;

export interface GenerateOptions {
  /** Keep only the best N by equity (shadow-bounded search); all moves when absent. */
  readonly top?: number;
  /** Include exchanges (default true when the bag allows). */
  readonly exchanges?: boolean;
  /** Tiles in the bag (exchanges need DEFAULT_EXCHANGE_MIN_BAG unless `exchangeMinBag`). */
  readonly bagSize?: number;
  readonly exchangeMinBag?: number;
  /** Include a pass (default true). */
  readonly pass?: boolean;
  /** Leave/adjustment values; score-only equity when absent. */
  readonly leave?: LeaveFn | null;
  /** Pre-filled leave table for this rack (overrides `leave`). */
  readonly leaves?: RackLeaves;
  readonly opening?: OpeningPenalty | null;
  /** With `top`: stop once the best move found has at least this equity. */
  readonly stopAt?: number;
}

export class Movegen {
  readonly board: CrossBoard;
  readonly gen: MoveGenerator;
  readonly leaves = new RackLeaves();
  readonly list = new MoveList(512);
  readonly layout: BoardLayout;

  constructor(
    readonly lexicon: Lexicon,
    readonly set: LetterSet,
    layout: BoardLayout | BoardLayoutName = 'CrosswordGame',
  ) {
    this.layout = typeof layout === 'string' ? boardLayout(layout) : layout;
    this.board = new CrossBoard(this.layout, lexicon.nodes, tileScoreTable(set), set.size);
    this.gen = new MoveGenerator(this.board);
  }

  /** Make the board equal to `squares`, recomputing cross-checks only if it differs. */
  sync(squares: ArrayLike<number>): void {
    const own = this.board.squares;
    for (let i = 0; i < own.length; i++) {
      if (own[i] !== squares[i]) {
        this.board.setSquares(squares);
        return;
      }
    }
  }

  /** Fill the leave table for `rack` (counts). */
  prepareLeaves(rack: ArrayLike<number>, leave: LeaveFn | null | undefined): RackLeaves {
    this.leaves.setRack(rack, this.set.size);
    if (leave) this.leaves.fill(leave);
    else this.leaves.clear();
    return this.leaves;
  }

  /**
   * Moves for `rack` (counts per machine letter) on `squares` (or on the
   * current board when null), into `out` (the shared list by default).
   */
  generate(
    squares: ArrayLike<number> | null,
    rack: ArrayLike<number>,
    options: GenerateOptions = {},
    out: MoveList = this.list,
  ): MoveList {
    if (squares) this.sync(squares);
    const leaves = options.leaves ?? this.prepareLeaves(rack, options.leave);
    out.reset(options.top ?? Infinity);
    this.gen.prepare(rack, this.set.size, out, leaves, options.opening ?? null);
    if (options.top !== undefined) searchTopN(this.gen, this.board, leaves, out, options.stopAt);
    else this.gen.generateAll();
    const bag = options.bagSize ?? 100;
    const minBag = options.exchangeMinBag ?? DEFAULT_EXCHANGE_MIN_BAG;
    if ((options.exchanges ?? true) && bag >= minBag) addExchanges(leaves, out);
    if (options.pass ?? true) out.addPass(leaves.value[0]);
    return out;
  }

  /** The rules form of placement `i`. */
  placementOf(list: MoveList, i: number): Placement {
    return placementOf(this.board.dim, list, i);
  }

  /** GCG text of move `i`: `8D WIND.Y`, `-ABC` (exchange) or `-` (pass). */
  moveText(list: MoveList, i: number): string {
    return moveText(this.set, this.board.dim, list, i);
  }

  /** Tiles left on `rack` (counts) after move `i`, sorted (0 = blank). */
  leaveOf(list: MoveList, i: number, rack: ArrayLike<number>): Uint8Array {
    return leaveOf(list, i, rack, this.set.size);
  }
}

/** Every non-empty exchange (one per distinct multiset of tiles). */
function addExchanges(leaves: RackLeaves, out: MoveList): void {
  const tiles = new Uint8Array(8);
  for (let idx = 1; idx < leaves.combos; idx++) {
    const n = leaves.usedTiles(idx, tiles);
    out.addExchange(tiles, n, leaves.value[idx]);
  }
}

export function placementOf(dim: number, list: MoveList, i: number): Placement {
  const start = list.start[i];
  const row = Math.floor(start / dim);
  const base = i * MAX_LEN;
  return {
    row,
    col: start - row * dim,
    vertical: list.dir[i] !== ACROSS,
    tiles: list.tiles.slice(base, base + list.len[i]),
  };
}

export function moveText(set: LetterSet, dim: number, list: MoveList, i: number): string {
  const kind = list.kind[i];
  if (kind === PASS) return '-';
  const base = i * MAX_LEN;
  const tiles = list.tiles.subarray(base, base + list.len[i]);
  if (kind === EXCHANGE) return `-${printTiles(set, sortTiles(tiles), 'rack')}`;
  const p = placementOf(dim, list, i);
  return `${printCoord(p)} ${printTiles(set, tiles, 'word')}`;
}

export function leaveOf(
  list: MoveList,
  i: number,
  rack: ArrayLike<number>,
  letterCount: number,
): Uint8Array {
  const counts = Uint8Array.from({ length: letterCount }, (_, t) => rack[t]);
  const base = i * MAX_LEN;
  const kind = list.kind[i];
  if (kind !== PASS) {
    for (let k = 0; k < list.len[i]; k++) {
      const t = list.tiles[base + k];
      if (kind === PLACE && t === EMPTY) continue;
      counts[kind === PLACE && t & 0x80 ? 0 : t]--;
    }
  }
  const out: number[] = [];
  for (let t = 0; t < letterCount; t++) for (let k = counts[t]; k > 0; k--) out.push(t);
  return Uint8Array.from(out);
}
