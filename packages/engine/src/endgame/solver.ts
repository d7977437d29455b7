/**
 * Endgame solver (bag empty, both racks known): negamax with alpha-beta and
 * principal-variation search, iterative deepening with aspiration windows,
 * a Zobrist transposition table and move ordering.
 *
 * A node's value is the spread the side to move gains from here to the end.
 * Moves: every placement of the mover's rack (plays.ts keeps them without
 * regenerating), then a pass. Terminal nodes:
 * - going out: the mover scores the play plus twice the opponent's rack;
 * - a pass answering a pass (or the sixth scoreless turn): the game ends
 *   with each side losing its own rack's value. (With the bag empty two
 *   passes in a row repeat the position, so neither side gains by waiting
 *   for the six-zero rule; the search treats the repetition as the end.)
 * At the depth horizon a node is estimated by the rack difference, stuck
 * tiles (those no root play uses) counted twice.
 *
 * Proof: every node counts whether its subtree touched the horizon (or a
 * table entry that did). A subtree that did not has a true value, stored as
 * proven and reused at any depth; the result is proven when the root's is.
 *
 * Ordering: the table's best move, going-out plays, the two killer moves of
 * the ply, then score plus the horizon weight of the tiles played (which
 * favours unloading heavy and stuck tiles) plus a history bonus. The board
 * is updated in place with logged changes and undone on return.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { END_RACK_MULTIPLIER, MAX_SCORELESS_TURNS } from '../rules/constants.ts';
import { BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MAX_LEN, MoveList } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';
import { NodePlays, PASS_SIG, PlayBook, moveSignature } from './plays.ts';
import { DEFAULT_ENDGAME_MILLIS } from './types.ts';
import type { EndgameMove, EndgameOptions, EndgameResult } from './types.ts';
import { EXACT, LOWER, TranspositionTable, UPPER, Zobrist } from './zobrist.ts';

export { moveSignature } from './plays.ts';
export * from './types.ts';

const INF = 1 << 29;
/** Aspiration half-width around the previous iteration's value (points). */
const ASPIRATION = 8;
const HISTORY_BITS = 14;
/** Moves picked by selection before the rest of a node's list is sorted. */
const LAZY_PICKS = 6;
/** Principal-line plies are read with node lists from this ply on. */
const LINE_PLY = 64;

export class EndgameSolver {
  readonly mg: Movegen;
  readonly racks: [Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64)];
  readonly rackSize = new Int32Array(2);
  private readonly zob: Zobrist;
  private readonly tt = new TranspositionTable(21);
  private readonly book: PlayBook;
  private readonly plies: NodePlays[] = [];
  private readonly killers = new Int32Array(2 * 128);
  private readonly history = new Int32Array(1 << HISTORY_BITS);
  private hi = 0;
  private lo = 0;
  private nodes = 0;
  private deadline = Infinity;
  private aborted = false;
  /** Horizon touches so far; a subtree is proven when this did not grow. */
  private unproven = 0;
  private rootBest = -1;
  private now: () => number = () => performance.now();
  private readonly values: Int8Array;
  private readonly pending: Int32Array[] = [];
  private readonly pendingCount = new Int32Array(LINE_PLY * 2);

  constructor(
    lexicon: Lexicon,
    readonly set: LetterSet,
    layout: BoardLayout,
  ) {
    this.mg = new Movegen(lexicon, set, layout);
    this.mg.board.logging = true;
    this.zob = new Zobrist(this.mg.board.size);
    this.values = Int8Array.from(set.scores);
    this.book = new PlayBook(this.mg.board, this.mg.gen, this.values, set.size);
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
    this.deadline = this.now() + (opts.millis ?? DEFAULT_ENDGAME_MILLIS);
    this.nodes = 0;
    this.aborted = false;
    this.tt.clear();
    this.killers.fill(0);
    this.history.fill(0);
    this.pendingCount.fill(0);
    this.rehash(p);
    this.book.prepare(this.racks);
    const maxDepth = opts.maxDepth ?? Math.min(60, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
    let value = 0;
    let depth = 0;
    let exact = false;
    let best = -1;
    for (let d = 1; d <= maxDepth; d++) {
      const before = this.unproven;
      this.rootBest = -1;
      let v: number;
      if (d > 2) {
        // Aspiration: a narrow window round the last value, widened on failure.
        let lo = value - ASPIRATION;
        let hi = value + ASPIRATION;
        for (;;) {
          v = this.negamax(0, d, lo, hi, false, scoreless, p);
          if (this.aborted || (v > lo && v < hi)) break;
          if (v <= lo) lo = lo - 4 * (hi - lo) < -INF / 2 ? -INF : lo - 4 * (hi - lo);
          else hi = hi + 4 * (hi - lo) > INF / 2 ? INF : hi + 4 * (hi - lo);
        }
      } else v = this.negamax(0, d, -INF, INF, false, scoreless, p);
      if (this.aborted) break;
      value = v;
      depth = d;
      best = this.rootBest;
      if (this.unproven === before) {
        exact = true;
        break;
      }
    }
    if (depth === 0) {
      // Not even one ply finished: fall back to a one-ply search.
      this.aborted = false;
      this.deadline = Infinity;
      value = this.negamax(0, 1, -INF, INF, false, scoreless, p);
      best = this.rootBest;
      depth = 1;
    }
    const root = this.book.rootList(p);
    const rootMoves = new MoveList(root.count);
    for (let i = 0; i < root.count; i++) appendMove(root, i, rootMoves);
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

  private playsAt(ply: number): NodePlays {
    while (this.plies.length <= ply) this.plies.push(new NodePlays());
    return this.plies[ply];
  }

  private pendingAt(ply: number): Int32Array {
    while (this.pending.length <= ply) this.pending.push(new Int32Array(MAX_LEN));
    return this.pending[ply];
  }

  /**
   * Play placement i of `list` for p; returns the undo mark. Cross-checks
   * are not refreshed here but when the child first needs its moves
   * (`flush`): most children are table hits or horizon nodes.
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
    if ((++this.nodes & 1023) === 0 && this.now() > this.deadline) this.aborted = true;
    if (this.aborted) return 0;
    const start = this.unproven;
    const tt = this.tt;
    const e = tt.find(this.hi, this.lo);
    let ttBest = 0;
    if (e >= 0) {
      ttBest = tt.best[e];
      if (ply > 0 && (tt.proven[e] === 1 || tt.depth[e] >= depth)) {
        const v = tt.value[e];
        const f = tt.flag[e];
        let used = false;
        if (f === EXACT) {
          if (tt.proven[e] === 0) this.unproven++;
          return v;
        }
        if (f === LOWER && v > alpha) {
          alpha = v;
          used = true;
        } else if (f === UPPER && v < beta) {
          beta = v;
          used = true;
        }
        if (used && tt.proven[e] === 0) this.unproven++;
        if (alpha >= beta) return v;
      }
    }
    const q = 1 - p;
    const book = this.book;
    if (depth === 0) {
      this.unproven++;
      return book.penalty(q, this.racks[q]) - book.penalty(p, this.racks[p]);
    }
    this.flush(ply);
    const node = this.playsAt(ply);
    book.fill(p, this.racks[p], node);
    const root = book.rootList(p);
    const fresh = node.fresh;
    const theirs = this.rackValue(q);
    const passEnds = passed || scoreless + 1 >= MAX_SCORELESS_TURNS;
    if (depth === 1) return this.horizonValue(node, p, passEnds, theirs, beta);
    const n = node.count;
    const { refs, keys, sigs } = node;
    const k0 = this.killers[2 * ply];
    const k1 = this.killers[2 * ply + 1];
    const history = this.history;
    const hmask = (1 << HISTORY_BITS) - 1;
    const size = this.rackSize[p];
    for (let k = 0; k < n; k++) {
      const ref = refs[k];
      const list = ref >= 0 ? root : fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const sig = ref >= 0 ? book.rootSig(p, ref) : moveSignature(fresh, i);
      sigs[k] = sig;
      const score = list.score[i];
      keys[k] =
        sig === ttBest
          ? 4e8
          : list.played[i] === size
            ? 3e8 + score
            : sig === k0 || sig === k1
              ? 2e8 + score
              : score + book.playedPenalty(p, list, i) + history[sig & hmask] / 64;
    }
    const origAlpha = alpha;
    let best = -INF;
    let bestSig = 0;
    for (let k = 0; k <= n; k++) {
      let v: number;
      let sig: number;
      if (k === n) {
        sig = PASS_SIG;
        if (passEnds) v = theirs - this.rackValue(p);
        else {
          this.flipTurn(true);
          v = -this.negamax(ply + 1, depth - 1, -beta, -alpha, true, scoreless + 1, q);
          this.flipTurn(true);
        }
      } else {
        pickBest(node, k);
        const ref = refs[k];
        const list = ref >= 0 ? root : fresh;
        const i = ref >= 0 ? ref : -ref - 1;
        sig = sigs[k];
        const score = list.score[i];
        const mark = this.play(list, i, p, ply);
        if (this.rackSize[p] === 0) v = score + END_RACK_MULTIPLIER * theirs;
        else {
          const sc = score === 0 ? scoreless + 1 : 0;
          if (sc >= MAX_SCORELESS_TURNS) v = score + theirs - this.rackValue(p);
          else {
            this.flipTurn(passed);
            // The child's value c gives v = score - c, so its window is
            // shifted by the score. After the first move, a null window asks
            // whether this move beats alpha; only then is it searched fully.
            if (k === 0)
              v =
                score - this.negamax(ply + 1, depth - 1, score - beta, score - alpha, false, sc, q);
            else {
              const a = score - alpha;
              v = score - this.negamax(ply + 1, depth - 1, a - 1, a, false, sc, q);
              if (v > alpha && v < beta && !this.aborted)
                v = score - this.negamax(ply + 1, depth - 1, score - beta, a, false, sc, q);
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
        if (ply === 0) this.rootBest = k === n ? -1 : refs[k];
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) {
        if (k < n && sig !== k0) {
          this.killers[2 * ply + 1] = k0;
          this.killers[2 * ply] = sig;
        }
        if (k < n) history[sig & hmask] += depth * depth;
        break;
      }
    }
    const flag = best <= origAlpha ? UPPER : best >= beta ? LOWER : EXACT;
    tt.store(this.hi, this.lo, depth, flag, best, bestSig, this.unproven === start);
    return best;
  }

  /**
   * A node one ply above the horizon: every child is terminal (going out:
   * score + 2 x their rack) or estimated at the horizon (score + their
   * penalty - my penalty after the play), so no child is played. Stops as
   * soon as a child reaches beta (the caller cuts off).
   */
  private horizonValue(
    node: NodePlays,
    p: number,
    passEnds: boolean,
    theirs: number,
    beta: number,
  ): number {
    const book = this.book;
    const root = book.rootList(p);
    const q = 1 - p;
    const mine = book.penalty(p, this.racks[p]);
    const estimate = book.penalty(q, this.racks[q]) - mine;
    const size = this.rackSize[p];
    // A pass: the end of the game, or estimated at the horizon.
    let best = passEnds ? theirs - this.rackValue(p) : estimate;
    let horizon = !passEnds;
    const { refs, count } = node;
    for (let k = 0; k < count; k++) {
      const ref = refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      let v: number;
      if (list.played[i] === size) v = list.score[i] + END_RACK_MULTIPLIER * theirs;
      else {
        horizon = true;
        v = list.score[i] + estimate + book.playedPenalty(p, list, i);
      }
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    if (horizon) this.unproven++;
    return best;
  }

  /** The best line, by following stored best moves. */
  private principalLine(p: number, scoreless: number, first: number, depth: number): EndgameMove[] {
    const line: EndgameMove[] = [];
    const played: { list: MoveList; i: number; p: number; mark: number; ply: number }[] = [];
    let passed = false;
    let sc = scoreless;
    let who = p;
    const maxPlies = Math.max(depth, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
    for (let ply = 0; ply < maxPlies && ply < LINE_PLY - 1; ply++) {
      const at = LINE_PLY + ply;
      this.flush(at);
      const node = this.playsAt(at);
      this.book.fill(who, this.racks[who], node);
      const root = this.book.rootList(who);
      let list: MoveList = root;
      let choice = -1;
      let sig = first < 0 ? PASS_SIG : this.book.rootSig(p, first);
      if (ply > 0) {
        const e = this.tt.find(this.hi, this.lo);
        if (e < 0) break;
        sig = this.tt.best[e];
      }
      if (sig !== PASS_SIG) {
        for (let k = 0; k < node.count && choice < 0; k++) {
          const ref = node.refs[k];
          const l = ref >= 0 ? root : node.fresh;
          const i = ref >= 0 ? ref : -ref - 1;
          if ((ref >= 0 ? this.book.rootSig(who, ref) : moveSignature(l, i)) === sig) {
            list = l === root ? root : copyOf(l, i);
            choice = l === root ? i : 0;
          }
        }
        if (choice < 0) break;
      }
      if (choice < 0) {
        line.push({ text: '-', score: 0, pass: true });
        if (passed || sc + 1 >= MAX_SCORELESS_TURNS) break;
        this.flipTurn(true);
        passed = true;
        sc++;
      } else {
        line.push({ text: this.mg.moveText(list, choice), score: list.score[choice], pass: false });
        const mark = this.play(list, choice, who, at);
        played.push({ list, i: choice, p: who, mark, ply: at });
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
      this.unplay(m.list, m.i, m.p, m.mark, m.ply);
    }
    return line;
  }
}

/**
 * Lazy selection: swap the best remaining move into position k. Most nodes
 * cut off after a move or two, so sorting them all would be wasted; a node
 * that gets past the first few sorts the rest once.
 */
function pickBest(node: NodePlays, k: number): void {
  const { refs, keys, sigs, count } = node;
  if (k >= LAZY_PICKS) {
    if (k === LAZY_PICKS) node.sortFrom(k);
    return;
  }
  let b = k;
  for (let j = k + 1; j < count; j++) if (keys[j] > keys[b]) b = j;
  if (b === k) return;
  const r = refs[k];
  refs[k] = refs[b];
  refs[b] = r;
  const key = keys[k];
  keys[k] = keys[b];
  keys[b] = key;
  const s = sigs[k];
  sigs[k] = sigs[b];
  sigs[b] = s;
}

/** A one-move list holding move i of `list` (the principal line keeps it past the node). */
function copyOf(list: MoveList, i: number): MoveList {
  const out = new MoveList(1);
  appendMove(list, i, out);
  return out;
}

function appendMove(from: MoveList, i: number, to: MoveList): void {
  const j = to.slot(0);
  to.kind[j] = from.kind[i];
  to.dir[j] = from.dir[i];
  to.len[j] = from.len[i];
  to.played[j] = from.played[i];
  to.start[j] = from.start[i];
  to.score[j] = from.score[i];
  to.equity[j] = from.equity[i];
  for (let k = 0; k < MAX_LEN; k++) to.tiles[j * MAX_LEN + k] = from.tiles[i * MAX_LEN + k];
}
