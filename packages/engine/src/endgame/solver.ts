/**
 * Endgame solver (bag empty, both racks known): negamax with alpha-beta,
 * iterative deepening, a Zobrist transposition table and move ordering.
 *
 * A node's value is the spread the side to move gains from here to the end.
 * Moves: every placement of the mover's rack, then a pass. Terminal nodes:
 * - going out: the mover scores the play plus twice the opponent's rack;
 * - a pass answering a pass (or the sixth scoreless turn): the game ends
 *   with each side losing its own rack's value. (With the bag empty two
 *   passes in a row repeat the position, so neither side gains by waiting
 *   for the six-zero rule; the search treats the repetition as the end.)
 * At the depth horizon a node is scored by the rack difference.
 *
 * Ordering: the transposition table's best move first, then going-out
 * plays, then by score. Each iteration deepens by one ply; the search stops
 * when an iteration never reached the horizon (the value is then proven),
 * or when the time budget runs out (the last finished iteration is used).
 * The board is updated in place with logged changes and undone on return,
 * so a node costs a move generation and no copying.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { END_RACK_MULTIPLIER, MAX_SCORELESS_TURNS } from '../rules/constants.ts';
import { BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MAX_LEN, MoveList } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';
import { EXACT, LOWER, TranspositionTable, UPPER, Zobrist } from './zobrist.ts';

export interface EndgameOptions {
  /** Time budget in milliseconds (default 5000). */
  readonly millis?: number;
  /** Deepest iteration (default: enough plies for both racks to empty). */
  readonly maxDepth?: number;
  readonly now?: () => number;
}

export interface EndgameMove {
  readonly text: string;
  readonly score: number;
  readonly pass: boolean;
}

export interface EndgameResult {
  /** Spread gained from here on by the side to move, with best play. */
  readonly value: number;
  /** Final spread (side to move's score minus the opponent's). */
  readonly finalSpread: number;
  /** Best line, the side to move's move first. */
  readonly line: EndgameMove[];
  readonly depth: number;
  /** True when the search reached the end of every line (the value is proven). */
  readonly exact: boolean;
  readonly nodes: number;
  /** Index in `rootMoves` of the best first move (-1 for a pass). */
  readonly bestIndex: number;
  readonly rootMoves: MoveList;
}

const PASS_SIG = -7;
const INF = 1 << 29;

export function moveSignature(list: MoveList, i: number): number {
  let s = (list.start[i] << 1) | list.dir[i];
  const base = i * MAX_LEN;
  for (let k = 0; k < list.len[i]; k++) s = (Math.imul(s, 31) + list.tiles[base + k]) | 0;
  return s === PASS_SIG || s === 0 ? 1 : s;
}

export class EndgameSolver {
  readonly mg: Movegen;
  readonly racks: [Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64)];
  readonly rackSize = new Int32Array(2);
  private readonly zob: Zobrist;
  private readonly tt = new TranspositionTable(20);
  private readonly lists: MoveList[] = [];
  private readonly orders: Int32Array[] = [];
  private readonly keys: Float64Array[] = [];
  private hi = 0;
  private lo = 0;
  private nodes = 0;
  private deadline = Infinity;
  private aborted = false;
  private horizon = false;
  private rootBest = -1;
  private now: () => number = () => performance.now();
  private readonly values: Int8Array;
  private readonly pending: Int32Array[] = [];
  private readonly pendingCount = new Int32Array(128);

  constructor(
    lexicon: Lexicon,
    readonly set: LetterSet,
    layout: BoardLayout,
  ) {
    this.mg = new Movegen(lexicon, set, layout);
    this.mg.board.logging = true;
    this.zob = new Zobrist(this.mg.board.size);
    this.values = Int8Array.from(set.scores);
  }

  /** Take the position of `game` (bag must be empty). */
  load(game: FastGame): void {
    this.mg.board.copyFrom(game.board);
    this.racks[0].set(game.racks[0]);
    this.racks[1].set(game.racks[1]);
    this.rackSize.set(game.rackSize);
  }

  private rackValue(p: number): number {
    let v = 0;
    const r = this.racks[p];
    for (let t = 1; t < this.set.size; t++) v += r[t] * this.values[t];
    return v;
  }

  private rehash(p: number): void {
    const { squares } = this.mg.board;
    let hi = 0;
    let lo = 0;
    for (let sq = 0; sq < squares.length; sq++) {
      if (squares[sq] !== EMPTY) {
        hi ^= this.zob.squareHi[sq * 256 + squares[sq]];
        lo ^= this.zob.squareLo[sq * 256 + squares[sq]];
      }
    }
    for (let q = 0; q < 2; q++) {
      for (let t = 0; t < this.set.size; t++) {
        const k = this.zob.rackIndex(q, t, this.racks[q][t]);
        hi ^= this.zob.rackHi[k];
        lo ^= this.zob.rackLo[k];
      }
    }
    if (p === 1) {
      hi ^= this.zob.turnHi;
      lo ^= this.zob.turnLo;
    }
    this.hi = hi;
    this.lo = lo;
  }

  /** Solve for `p` to move, with `scoreless` scoreless turns so far and the spread so far. */
  solve(p: number, spread: number, scoreless: number, opts: EndgameOptions = {}): EndgameResult {
    this.now = opts.now ?? (() => performance.now());
    this.deadline = this.now() + (opts.millis ?? 5000);
    this.nodes = 0;
    this.aborted = false;
    this.tt.clear();
    this.rehash(p);
    const maxDepth = opts.maxDepth ?? Math.min(60, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
    let value = 0;
    let depth = 0;
    let exact = false;
    let best = -1;
    for (let d = 1; d <= maxDepth; d++) {
      this.horizon = false;
      this.rootBest = -1;
      const v = this.negamax(0, d, -INF, INF, false, scoreless, p);
      if (this.aborted) break;
      value = v;
      depth = d;
      best = this.rootBest;
      if (!this.horizon) {
        exact = true;
        break;
      }
    }
    if (depth === 0) {
      // Not even one ply finished: fall back to the highest-scoring move.
      this.aborted = false;
      this.deadline = Infinity;
      value = this.negamax(0, 1, -INF, INF, false, scoreless, p);
      best = this.rootBest;
      depth = 1;
    }
    const rootMoves = new MoveList(this.lists[0].count);
    for (let i = 0; i < this.lists[0].count; i++)
      copyMove(this.lists[0], i, rootMoves, rootMoves.slot(0));
    const line = this.principalLine(p, scoreless, best, depth);
    return {
      value,
      finalSpread: spread + value,
      line,
      depth,
      exact,
      nodes: this.nodes,
      bestIndex: best,
      rootMoves,
    };
  }

  private listAt(ply: number): MoveList {
    while (this.lists.length <= ply) {
      this.lists.push(new MoveList(256));
      this.orders.push(new Int32Array(4096));
      this.keys.push(new Float64Array(4096));
    }
    return this.lists[ply];
  }

  private generate(ply: number, p: number): MoveList {
    return this.mg.generate(
      null,
      this.racks[p],
      { exchanges: false, pass: false },
      this.listAt(ply),
    );
  }

  /**
   * Play placement i of `list` for p; returns the undo mark. Cross-checks
   * are not refreshed here but when the child first generates moves
   * (`flush`): most children are leaves or table hits and never need them.
   */
  private play(list: MoveList, i: number, p: number, ply: number): number {
    const board = this.mg.board;
    const mark = board.mark();
    const step = list.dir[i] === 0 ? 1 : board.dim;
    const base = i * MAX_LEN;
    const fresh = this.pendingAt(ply + 1);
    let n = 0;
    let sq = list.start[i];
    const rack = this.racks[p];
    for (let k = 0; k < list.len[i]; k++, sq += step) {
      const t = list.tiles[base + k];
      if (t === EMPTY) continue;
      board.placeTile(sq, t);
      fresh[n++] = sq;
      this.hi ^= this.zob.squareHi[sq * 256 + t];
      this.lo ^= this.zob.squareLo[sq * 256 + t];
      const src = t & BLANK_BIT ? 0 : t;
      this.rackKey(p, src);
      rack[src]--;
      this.rackKey(p, src);
    }
    this.rackSize[p] -= n;
    this.pendingCount[ply + 1] = n;
    return mark;
  }

  private unplay(list: MoveList, i: number, p: number, mark: number, ply: number): void {
    const base = i * MAX_LEN;
    const step = list.dir[i] === 0 ? 1 : this.mg.board.dim;
    let sq = list.start[i];
    const rack = this.racks[p];
    let n = 0;
    for (let k = 0; k < list.len[i]; k++, sq += step) {
      const t = list.tiles[base + k];
      if (t === EMPTY) continue;
      this.hi ^= this.zob.squareHi[sq * 256 + t];
      this.lo ^= this.zob.squareLo[sq * 256 + t];
      const src = t & BLANK_BIT ? 0 : t;
      this.rackKey(p, src);
      rack[src]++;
      this.rackKey(p, src);
      n++;
    }
    this.rackSize[p] += n;
    this.mg.board.undo(mark);
    this.pendingCount[ply + 1] = 0;
  }

  private pendingAt(ply: number): Int32Array {
    while (this.pending.length <= ply) this.pending.push(new Int32Array(MAX_LEN));
    return this.pending[ply];
  }

  /** Refresh the cross-checks around the tiles of the move that led to `ply`. */
  private flush(ply: number): void {
    const n = this.pendingCount[ply];
    if (n > 0) {
      this.mg.board.refreshAround(this.pending[ply], n);
      this.pendingCount[ply] = 0;
    }
  }

  private rackKey(p: number, t: number): void {
    const k = this.zob.rackIndex(p, t, this.racks[p][t]);
    this.hi ^= this.zob.rackHi[k];
    this.lo ^= this.zob.rackLo[k];
  }

  private flipTurn(passed: boolean): void {
    this.hi ^= this.zob.turnHi;
    this.lo ^= this.zob.turnLo;
    if (passed) {
      this.hi ^= this.zob.passHi;
      this.lo ^= this.zob.passLo;
    }
  }

  private negamax(
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    scoreless: number,
    p: number,
  ): number {
    if ((++this.nodes & 511) === 0 && this.now() > this.deadline) this.aborted = true;
    if (this.aborted) return 0;
    const tt = this.tt;
    const e = tt.find(this.hi, this.lo);
    let ttBest = 0;
    if (e >= 0 && ply > 0) {
      ttBest = tt.best[e];
      if (tt.depth[e] >= depth) {
        const v = tt.value[e];
        const f = tt.flag[e];
        if (f === EXACT) return v;
        if (f === LOWER && v > alpha) alpha = v;
        else if (f === UPPER && v < beta) beta = v;
        if (alpha >= beta) return v;
      }
    } else if (e >= 0) ttBest = tt.best[e];
    const mine = this.rackValue(p);
    const theirs = this.rackValue(1 - p);
    if (depth === 0) {
      this.horizon = true;
      return theirs - mine;
    }
    this.flush(ply);
    if (depth === 1) return this.horizonValue(ply, p, passed, scoreless, mine, theirs, beta);
    const list = this.generate(ply, p);
    const order = this.orders[ply];
    const keys = this.keys[ply];
    const n = Math.min(list.count, order.length);
    for (let i = 0; i < n; i++) {
      order[i] = i;
      const out = list.played[i] === this.rackSize[p];
      keys[i] = (moveSignature(list, i) === ttBest ? 1e7 : 0) + (out ? 1e6 : 0) + list.score[i];
    }
    const sorted = order.subarray(0, n).sort((a, b) => keys[b] - keys[a]);
    const origAlpha = alpha;
    let best = -INF;
    let bestSig = 0;
    for (let k = 0; k <= n; k++) {
      let v: number;
      let sig: number;
      if (k === n) {
        sig = PASS_SIG;
        if (passed || scoreless + 1 >= MAX_SCORELESS_TURNS) v = theirs - mine;
        else {
          this.flipTurn(true);
          v = -this.negamax(ply + 1, depth - 1, -beta, -alpha, true, scoreless + 1, 1 - p);
          this.flipTurn(true);
        }
      } else {
        const i = sorted[k];
        sig = moveSignature(list, i);
        const score = list.score[i];
        const mark = this.play(list, i, p, ply);
        if (this.rackSize[p] === 0) v = score + END_RACK_MULTIPLIER * theirs;
        else {
          const sc = score === 0 ? scoreless + 1 : 0;
          if (sc >= MAX_SCORELESS_TURNS) v = score + theirs - this.rackValue(p);
          else {
            this.flipTurn(passed);
            // The child's value c gives v = score - c, so its window is shifted
            // by the score. Principal-variation search: after the first move,
            // try a null window (can this move beat alpha?) and search fully
            // only when it can.
            if (k === 0)
              v =
                score -
                this.negamax(ply + 1, depth - 1, score - beta, score - alpha, false, sc, 1 - p);
            else {
              v =
                score -
                this.negamax(
                  ply + 1,
                  depth - 1,
                  score - alpha - 1,
                  score - alpha,
                  false,
                  sc,
                  1 - p,
                );
              if (v > alpha && v < beta && !this.aborted) {
                v =
                  score -
                  this.negamax(ply + 1, depth - 1, score - beta, score - alpha, false, sc, 1 - p);
              }
            }
            this.flipTurn(passed);
          }
        }
        this.unplay(list, i, p, mark, ply);
      }
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        bestSig = sig;
        if (ply === 0) this.rootBest = k === n ? -1 : sorted[k];
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    const flag = best <= origAlpha ? UPPER : best >= beta ? LOWER : EXACT;
    tt.store(this.hi, this.lo, depth, flag, best, bestSig);
    return best;
  }

  /**
   * A node one ply above the horizon. Every child is terminal (going out:
   * score + 2 x their rack) or scored by the rack difference at the horizon
   * (score + tiles played - my rack + their rack). Both are "score plus a
   * function of the leave": score + (leave empty ? their rack : -leave's
   * face value) + their rack. So the best child is the top-1 move under that
   * leave function, found by the shadow search without playing anything.
   * (A zero-score sixth scoreless turn ends the game with the same value.)
   */
  private horizonValue(
    ply: number,
    p: number,
    passed: boolean,
    scoreless: number,
    mine: number,
    theirs: number,
    beta: number,
  ): number {
    this.theirs = theirs;
    const list = this.mg.generate(
      null,
      this.racks[p],
      // Any child reaching beta is enough: the caller cuts off (fail-soft lower bound).
      { top: 1, exchanges: false, pass: false, leave: this.horizonLeave, stopAt: beta - theirs },
      this.listAt(ply),
    );
    let best = theirs - mine; // a pass: the end of the game, or scored at the horizon
    // Only a single tile left with passing terminal can make every child terminal.
    if (!(passed || scoreless + 1 >= MAX_SCORELESS_TURNS) || this.rackSize[p] > 1)
      this.horizon = true;
    if (list.count > 0) {
      const v = list.equity[0] + theirs;
      if (v > best) best = v;
    }
    return best;
  }

  private theirs = 0;
  private readonly horizonLeave = (leave: Uint8Array, size: number): number => {
    if (size === 0) return this.theirs;
    let face = 0;
    for (let t = 1; t < this.set.size; t++) face += leave[t] * this.values[t];
    return -face;
  };

  /** The best line, by following stored best moves (re-searching shallowly when missing). */
  private principalLine(p: number, scoreless: number, first: number, depth: number): EndgameMove[] {
    const line: EndgameMove[] = [];
    const played: { list: MoveList; i: number; p: number; mark: number; ply: number }[] = [];
    let passed = false;
    let sc = scoreless;
    let who = p;
    let choice = first;
    for (let ply = 0; ply < depth && ply < 40; ply++) {
      const list = ply === 0 ? this.lists[0] : this.generate(40 + ply, who);
      if (ply > 0) {
        const e = this.tt.find(this.hi, this.lo);
        if (e < 0) break;
        const sig = this.tt.best[e];
        choice = -1;
        if (sig !== PASS_SIG) {
          for (let i = 0; i < list.count; i++) if (moveSignature(list, i) === sig) choice = i;
          if (choice < 0) break;
        }
      }
      if (choice < 0) {
        line.push({ text: '-', score: 0, pass: true });
        if (passed || sc + 1 >= MAX_SCORELESS_TURNS) break;
        this.flipTurn(true);
        played.push({ list, i: -1, p: who, mark: 0, ply: 40 + ply });
        passed = true;
        sc++;
      } else {
        line.push({ text: this.mg.moveText(list, choice), score: list.score[choice], pass: false });
        this.flush(40 + ply);
        const mark = this.play(list, choice, who, 40 + ply);
        this.flush(41 + ply);
        played.push({ list, i: choice, p: who, mark, ply: 40 + ply });
        const out = this.rackSize[who] === 0;
        sc = list.score[choice] === 0 ? sc + 1 : 0;
        this.flipTurn(passed);
        passed = false;
        if (out || sc >= MAX_SCORELESS_TURNS) break;
      }
      who = 1 - who;
    }
    for (let k = played.length - 1; k >= 0; k--) {
      const m = played[k];
      if (m.i >= 0) this.unplay(m.list, m.i, m.p, m.mark, m.ply);
    }
    return line;
  }
}

function copyMove(from: MoveList, i: number, to: MoveList, j: number): void {
  to.kind[j] = from.kind[i];
  to.dir[j] = from.dir[i];
  to.len[j] = from.len[i];
  to.played[j] = from.played[i];
  to.start[j] = from.start[i];
  to.score[j] = from.score[i];
  to.equity[j] = from.equity[i];
  to.tiles.set(from.tiles.subarray(i * MAX_LEN, i * MAX_LEN + MAX_LEN), j * MAX_LEN);
}
