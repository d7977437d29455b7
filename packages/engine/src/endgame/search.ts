/**
 * The endgame search (bag empty, both racks known): negamax with alpha-beta
 * and principal-variation search, a Zobrist transposition table and move
 * ordering (its state and the node values that need no child search in
 * search-state.ts). solver.ts drives it (iterative deepening, the proof search, the
 * principal line).
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
 * Proof: apart from its depth-limited value every node returns proven
 * bounds on its true value (floor <= value <= ceiling), which rest on no
 * horizon estimate: a terminal child gives its exact value, a horizon node
 * none; a node's floor is its best child's floor (so a cutoff is proven by
 * the refuting child alone, whatever was tried before it) and its ceiling
 * the best child ceiling once every child is searched. The table keeps them
 * apart from the depth-limited value and later iterations cut off on them
 * at any depth; the result is proven when the root's floor meets its
 * ceiling.
 *
 * Ordering: the table's best move, going-out plays, the two killer moves of
 * the ply, then score plus the horizon weight of the tiles played (which
 * favours unloading heavy and stuck tiles) plus a history bonus. The board
 * is updated in place with logged changes and undone on return
 * (position.ts). Every interior node first tries its likeliest
 * refutations among the root plays still legal there (the best play going
 * out, the table's move, the killers), with no generation and no
 * cross-check refresh; most cut nodes end there. A blank rack's (huge)
 * list is staged too: kept root plays before the changed lines. A
 * null-window node expected to cut off that none of those refutes first
 * looks among its first children for one whose own node refutes it with
 * no child of its own (`quickCut` in refutations.ts).
 *
 * A move that goes out is valued without playing it. Other moves are
 * refuted without a child node by proven bounds: the opponent's going-out
 * reply that the move leaves standing, worth at most score + 2 x value
 * played - reply - 2 x rack (`settle` in refutations.ts settles a whole
 * node when that bounds every play), or the passing-opponent ceilings on
 * a move that leaves one tile or two (search-state.ts, after-pass.ts).
 */
import { END_RACK_MULTIPLIER, MAX_SCORELESS_TURNS } from '../rules/constants.ts';
import type { MoveList } from '../movegen/moves.ts';
import { NO_PLAY } from './plays.ts';
import { LONE_OUT, PASS_SIG } from './root-plays.ts';
import { ChildRefutations } from './refutations.ts';
import { INF, ROW_WORDS } from './search-state.ts';
import { EXACT, LOWER, UNBOUNDED, UPPER } from './zobrist.ts';

export { INF, MIN_TABLE_BITS, STAGED_FROM_PLAYS } from './search-state.ts';

export class EndgameSearch extends ChildRefutations {
  /**
   * The depth-limited value of the position for p (fail-soft within
   * alpha..beta). Sets `floor` and `ceil` to the proven bounds found on the
   * true value: a child that goes out or ends the game gives its exact
   * value, a horizon estimate gives none; a node's floor is its best child
   * floor and its ceiling the best child ceiling once every child is
   * searched.
   *
   * A node first tries its likeliest refutations among the root plays that
   * are still legal (checked square by square, without generating): the
   * best play going out, the table's move and the killers. Only when none
   * of them cuts off are the cross-checks refreshed and the full list made.
   */
  protected negamax(
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    scoreless: number,
    p: number,
  ): number {
    if ((++this.nodes & 1023) === 0 && this.expired()) this.aborted = true;
    if (this.nodes > this.quickLimit) this.aborted = true;
    // Set by a parent lone tile that passed with no play going out.
    const replyless = this.replyless[ply] === 1;
    this.replyless[ply] = 0;
    this.loneNode[ply] = ++this.nodeClock;
    if (this.aborted) return 0;
    const tt = this.tt;
    let ttBest = 0;
    let floor = -UNBOUNDED;
    let ceil = UNBOUNDED;
    if (tt.find(this.hi, this.lo)) {
      ttBest = tt.best();
      floor = tt.floor();
      ceil = tt.ceil();
      if (ply > 0) {
        if (floor >= beta || floor === ceil) return this.bounded(floor, floor, ceil);
        if (ceil <= alpha) return this.bounded(ceil, floor, ceil);
        if (tt.depth() >= depth) {
          const v = tt.value();
          const f = tt.flag();
          if (f === EXACT) return this.bounded(v, floor, ceil);
          if (f === LOWER && v > alpha) alpha = v;
          else if (f === UPPER && v < beta) beta = v;
          if (alpha >= beta) return this.bounded(v, floor, ceil);
        }
      }
    }
    const q = 1 - p;
    const book = this.book;
    if (depth === 0) {
      return this.bounded(this.rackPen[q] - this.rackPen[p], floor, ceil);
    }
    const theirs = this.rackValue(q);
    const passEnds = passed || scoreless + 1 >= MAX_SCORELESS_TURNS;
    const size = this.rackSize[p];
    const rack = this.racks[p];
    if (depth === 1 && !(passEnds && size === 1)) {
      // One ply above the horizon the value is an estimate anyway (unless a
      // lone tile's only moves end the game): kept root plays only.
      const v = this.horizonValue(p, ply, passEnds, theirs, beta);
      return this.bounded(v, Math.max(floor, this.floor), Math.min(ceil, this.ceil));
    }
    if (size === 1 && ply > 0)
      return this.loneTile(ply, depth, alpha, beta, passEnds, scoreless, p, floor, ceil);
    // The opponent's best reply going out, if one stands; with none, the
    // passing-opponent ceiling for two or three tiles. Without a table move
    // to try first both come before anything is tried (most such nodes
    // settle at once; not for a blank rack's staged plays).
    const rows = this.threatRows;
    const rowsAt = ply * ROW_WORDS;
    let threat = 0;
    let threatBase = 0;
    const stagedSide = book.rootList(p).count >= this.stagedFrom;
    const soloNode = ply > 0 && depth > 1 && (size === 2 || size === 3);
    const early = soloNode && !stagedSide && (ttBest === 0 || ttBest === PASS_SIG);
    if (early) {
      this.flush(ply);
      threat = replyless ? 0 : this.threatOf(p, ply, rows, rowsAt);
      threatBase = -this.replyScore - END_RACK_MULTIPLIER * this.rackValue(p);
      if (threat === 0) {
        const most = this.passingCeiling(p, ply, alpha, passed);
        if (most <= alpha) {
          const low = Math.max(this.soloFloor, passEnds ? theirs - this.rackValue(p) : -UNBOUNDED);
          return this.stored(ply, depth, alpha, beta, most, 0, low, most, true, floor, ceil);
        }
      }
    }
    if (
      ply > 0 &&
      (ply & 1) === this.cutParity &&
      beta === alpha + 1 &&
      this.quickChildren > 0 &&
      depth > 2 &&
      this.quickLimit === Infinity
    ) {
      const v = this.quickCut(ply, depth, alpha, beta, passed, scoreless, p, ttBest);
      if (this.aborted) return 0;
      if (v >= beta)
        return this.stored(
          ply,
          depth,
          alpha,
          beta,
          v,
          this.quickSig,
          this.moveFloor,
          -UNBOUNDED,
          false,
          floor,
          ceil,
        );
    }
    const root = book.rootList(p);
    const k0 = this.ordering.killer(ply, 0);
    const k1 = this.ordering.killer(ply, 1);
    const origAlpha = alpha;
    let best = -INF;
    let bestSig = 0;
    // Proven bounds from the children: the best child floor, and the best
    // child ceiling (a ceiling for the node only if every child is searched).
    let lower = -UNBOUNDED;
    let upper = -UNBOUNDED;
    let searched = 0;
    let cut = false;
    let all = false;
    // Stage one: likely refutations among the kept root plays.
    const tried = this.tried;
    const t0 = 4 * ply;
    let nTried = 0;
    /** Best score of a going-out play tried so far. */
    let outBest = -1;
    if (depth > 1) {
      const code = this.rackCodes[p];
      for (let c = 0; c < 4 && !cut; c++) {
        const i = this.firstStagePlay(c, p, code, ply, ttBest, k0, k1);
        if (i < 0) continue;
        let dup = false;
        for (let j = 0; j < nTried; j++) dup = dup || tried[t0 + j] === i;
        if (dup || (ply === 0 && this.claiming && !this.control!.claim(i))) continue;
        tried[t0 + nTried++] = i;
        if (root.played[i] === size && root.score[i] > outBest) outBest = root.score[i];
        // A child that generates needs this node's cross-checks (horizon
        // children, one ply above it, read only the masks).
        if (root.played[i] !== size && (depth > 2 || this.rackSize[q] === 1)) this.flush(ply);
        const v = this.tryPlay(root, i, p, ply, depth, alpha, beta, passed, scoreless, searched);
        searched++;
        if (this.aborted) return 0;
        if (ply === 0 && this.claiming) this.control!.searched(i, v, this.moveCeil);
        const sig = book.rootSig(p, i);
        if (this.moveFloor > lower) lower = this.moveFloor;
        if (this.moveCeil > upper) upper = this.moveCeil;
        if (v > best) {
          best = v;
          bestSig = sig;
          if (ply === 0) this.rootBest = i;
        }
        if (ply === 0 && this.moveFloor > this.rootFloor) {
          this.rootFloor = this.moveFloor;
          this.rootProven = i;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
          cut = true;
          this.ordering.cutoff(ply, sig, depth);
        }
      }
    }
    // The opponent's best reply going out, if one stands (see the top).
    // Every node not cut yet needs its cross-checks from here on.
    if (!cut) this.flush(ply);
    if (!cut && depth > 1 && !early && !replyless) {
      threat = this.threatOf(p, ply, rows, rowsAt);
      threatBase = -this.replyScore - END_RACK_MULTIPLIER * this.rackValue(p);
    }
    if (!cut && soloNode && !early && threat === 0) {
      const most = this.passingCeiling(p, ply, alpha, passed);
      if (most <= alpha) {
        if (most > best) best = most;
        upper = most;
        all = true;
      }
    }
    if (!cut && !all) {
      if (
        threat !== 0 &&
        this.settle(p, ply, depth, alpha, passed, scoreless, threat, threatBase)
      ) {
        searched += this.settledSearched;
        if (this.aborted) return 0;
        if (this.settledBest > best) best = this.settledBest;
        if (this.settledLower > lower) lower = this.settledLower;
        if (this.settledUpper > upper) upper = this.settledUpper;
        all = true;
      }
      if (this.aborted) return 0;
    }
    if (!cut && !all) {
      const node = this.playsAt(ply);
      // Where generation is dear (a blank rack with a thousand root plays),
      // interior nodes are filled in two stages: the kept root plays first,
      // the changed lines only when none of those cut off, so most cut nodes
      // never generate. (Cheap racks keep one complete list: fresh plays are
      // often the best ones, and going out through a new tile gives proven
      // cutoffs.)
      const staged = depth > 1 && root.count >= this.stagedFrom;
      book.fill(p, rack, node, !staged, ply);
      if (depth === 1) {
        const v = this.lastPlyValue(node, p, theirs, beta);
        return this.bounded(v, Math.max(floor, this.floor), Math.min(ceil, this.ceil));
      }
      const code = this.rackCodes[p];
      let n = this.ordering.keys(node, book, p, code, ply, 0, ttBest, k0, k1);
      if (node.stale && ttBest !== 0 && ttBest !== PASS_SIG) {
        // The table's move is not a kept root play: generate at once so it comes first.
        let found = false;
        for (let k = 0; k < n && !found; k++) found = node.sigs[k] === ttBest;
        if (!found) {
          book.addFresh(p, rack, node, ply);
          n = this.ordering.keys(node, book, p, code, ply, n, ttBest, k0, k1);
        }
      }
      const fresh = node.fresh;
      for (let k = 0; k <= n; k++) {
        if (k === n && node.stale) {
          book.addFresh(p, rack, node, ply);
          n = this.ordering.keys(node, book, p, code, ply, n, ttBest, k0, k1);
          node.appended(k);
        }
        let v: number;
        let sig: number;
        let lo: number;
        let hi: number;
        if (k === n && ply === 0 && this.claiming && !this.control!.claim(root.count)) {
          all = true;
          break;
        }
        if (k === n) {
          sig = PASS_SIG;
          let ub: number;
          if (passEnds) lo = hi = v = theirs - this.rackValue(p);
          else if ((ub = this.passCeiling(p, ply)) <= alpha) {
            v = hi = ub;
            lo = -UNBOUNDED;
          } else {
            this.book.markMove(ply, this.pendingAt(ply + 1), 0);
            this.flipTurn(true);
            v = -this.negamax(ply + 1, depth - 1, -beta, -alpha, true, scoreless + 1, q);
            lo = this.ceil >= UNBOUNDED ? -UNBOUNDED : -this.ceil;
            hi = this.floor <= -UNBOUNDED ? UNBOUNDED : -this.floor;
            this.flipTurn(true);
          }
        } else {
          node.pick(k);
          const ref = node.refs[k];
          if (ref >= 0) {
            let dup = false;
            for (let j = 0; j < nTried; j++) dup = dup || tried[t0 + j] === ref;
            if (dup || (ply === 0 && this.claiming && !this.control!.claim(ref))) continue;
          }
          const list = ref >= 0 ? root : fresh;
          const i = ref >= 0 ? ref : -ref - 1;
          if (list.played[i] === size) {
            // Going out is worth its score plus a fixed bonus: one that
            // scores no more than another already tried changes nothing.
            if (list.score[i] <= outBest) {
              if (ply === 0 && this.claiming) {
                const most = outBest + END_RACK_MULTIPLIER * theirs;
                this.control!.searched(i, most, most);
              }
              continue;
            }
            outBest = list.score[i];
          }
          sig = node.sigs[k];
          const score = list.score[i];
          const most =
            threat !== 0 && score > 0 && list.played[i] !== size
              ? score + END_RACK_MULTIPLIER * book.playValue(list, i) + threatBase
              : INF;
          let solo = INF;
          if (most <= alpha && !book.touches(list, i, rows, rowsAt)) {
            // Refuted by that reply without playing it.
            v = hi = most;
            lo = -UNBOUNDED;
            this.ordering.cutoff(ply + 1, threat, depth - 1);
          } else if (
            list.played[i] === size - 1 &&
            (solo = this.soloAfter(list, i, p, ply, alpha)) <= alpha
          ) {
            // One tile left, and not enough even if the opponent only passes.
            v = hi = solo;
            lo = -UNBOUNDED;
          } else if (
            list.played[i] === size - 2 &&
            this.pairWorth(size, this.rackSize[q]) &&
            (solo = this.pairAfterPass(list, i, p, ply, alpha, passed)) <= alpha
          ) {
            v = hi = solo; // Two tiles left: the same, where it tends to settle.
            lo = -UNBOUNDED;
          } else {
            v = this.tryPlay(list, i, p, ply, depth, alpha, beta, passed, scoreless, searched);
            lo = this.moveFloor;
            hi = this.moveCeil;
          }
        }
        searched++;
        if (this.aborted) return 0;
        if (ply === 0 && this.claiming)
          this.control!.searched(k === n ? root.count : node.refs[k], v, hi);
        if (lo > lower) lower = lo;
        if (hi > upper) upper = hi;
        if (v > best) {
          best = v;
          bestSig = sig;
          if (ply === 0) this.rootBest = k === n ? -1 : node.refs[k];
        }
        if (ply === 0 && lo > this.rootFloor) {
          this.rootFloor = lo;
          this.rootProven = k === n ? -1 : node.refs[k];
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
          if (k < n) this.ordering.cutoff(ply, sig, depth);
          all = k === n;
          break;
        }
        all = k === n;
      }
    }
    return this.stored(ply, depth, origAlpha, beta, best, bestSig, lower, upper, all, floor, ceil);
  }

  /**
   * The signature of the opponent's best reply going out at `ply` (its
   * score in `replyScore`, its squares in `rows` at `rowsAt`), or 0: a
   * kept root play first, else one through the tiles played since the root.
   */
  private threatOf(p: number, ply: number, rows: Int32Array, rowsAt: number): number {
    const q = 1 - p;
    const book = this.book;
    const kept = book.bestOut(q, this.rackCodes[q], ply);
    if (kept < 0) return this.freshReply(q, ply, rows, rowsAt);
    this.replyScore = book.rootList(q).score[kept];
    book.threatSquares(book.rootList(q), kept, rows, rowsAt);
    return book.rootSig(q, kept);
  }

  /**
   * A node whose mover holds one tile (below the root, above the horizon):
   * every play goes out, so its value is the better of the best score going
   * out (PlayBook.bestLone: no list, no signature; the table keeps
   * LONE_OUT as its move) and a pass. `floor` and `ceil` come from the table.
   */
  private loneTile(
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passEnds: boolean,
    scoreless: number,
    p: number,
    floor: number,
    ceil: number,
  ): number {
    const q = 1 - p;
    const book = this.book;
    const theirs = this.rackValue(q);
    const origAlpha = alpha;
    // A kept root play may go out well enough before anything is refreshed.
    const kept = book.bestOut(p, this.rackCodes[p], ply);
    const keptV = kept >= 0 ? book.rootList(p).score[kept] + END_RACK_MULTIPLIER * theirs : -INF;
    if (keptV >= beta)
      return this.stored(
        ply,
        depth,
        alpha,
        beta,
        keptV,
        LONE_OUT,
        keptV,
        keptV,
        false,
        floor,
        ceil,
      );
    this.flush(ply);
    const out = book.bestLone(p, this.racks[p], ply);
    let best = out > NO_PLAY ? out + END_RACK_MULTIPLIER * theirs : -INF;
    let lower = out > NO_PLAY ? best : -UNBOUNDED;
    let upper = lower;
    let bestSig = LONE_OUT;
    const all = best < beta;
    if (all) {
      let v: number;
      if (passEnds) {
        v = theirs - this.rackValue(p);
        lower = Math.max(lower, v);
        upper = Math.max(upper, v);
      } else if ((v = this.passCeiling(p, ply)) <= Math.max(alpha, best)) {
        // The opponent's pass (the game ends) or its reply going out
        // refutes the pass: no child node.
        upper = Math.max(upper, v);
      } else {
        if (best > alpha) alpha = best;
        book.markMove(ply, this.pendingAt(ply + 1), 0);
        this.flipTurn(true);
        // The board is as it was: the tile still has no play going out.
        if (out <= NO_PLAY) this.replyless[ply + 1] = 1;
        v = -this.negamax(ply + 1, depth - 1, -beta, -alpha, true, scoreless + 1, q);
        this.flipTurn(true);
        if (this.aborted) return 0;
        lower = Math.max(lower, this.ceil >= UNBOUNDED ? -UNBOUNDED : -this.ceil);
        upper = Math.max(upper, this.floor <= -UNBOUNDED ? UNBOUNDED : -this.floor);
      }
      if (v > best) {
        best = v;
        bestSig = PASS_SIG;
      }
    }
    return this.stored(ply, depth, origAlpha, beta, best, bestSig, lower, upper, all, floor, ceil);
  }

  /**
   * Play move i of `list` for p and value it (the `searched`-th child):
   * going out and the sixth scoreless turn end the game, otherwise the
   * child is searched, fully for the first child and else with a null
   * window first. Sets `moveFloor` and `moveCeil` to the proven bounds.
   */
  protected tryPlay(
    list: MoveList,
    i: number,
    p: number,
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    scoreless: number,
    searched: number,
  ): number {
    const q = 1 - p;
    const score = list.score[i];
    if (list.played[i] === this.rackSize[p]) {
      // Going out ends the game; the opponent's rack is what it was.
      const v = score + END_RACK_MULTIPLIER * this.rackValue(q);
      this.moveFloor = this.moveCeil = v;
      return v;
    }
    const mark = this.play(list, i, p, ply);
    const sc = score === 0 ? scoreless + 1 : 0;
    let v: number;
    if (sc >= MAX_SCORELESS_TURNS) {
      v = score + this.rackValue(q) - this.rackValue(p);
      this.moveFloor = this.moveCeil = v;
    } else {
      this.book.markMove(ply, this.pendingAt(ply + 1), this.pendingCount[ply + 1]);
      v = depth > 1 ? this.outReply(score, q, ply + 1) : INF;
      if (v <= alpha) {
        // The reply going out already refutes the move: no child node.
        this.ordering.cutoff(ply + 1, this.book.rootSig(q, this.lastOut), depth - 1);
        this.moveFloor = -UNBOUNDED;
        this.moveCeil = v;
      } else {
        this.flipTurn(passed);
        // The child's value c gives v = score - c, so its window is
        // shifted by the score. After the first move, a null window asks
        // whether this move beats alpha; only then is it searched fully.
        if (searched === 0)
          v = score - this.negamax(ply + 1, depth - 1, score - beta, score - alpha, false, sc, q);
        else {
          const a = score - alpha;
          v = score - this.negamax(ply + 1, depth - 1, a - 1, a, false, sc, q);
          if (v > alpha && v < beta && !this.aborted)
            v = score - this.negamax(ply + 1, depth - 1, score - beta, a, false, sc, q);
        }
        this.moveFloor = this.ceil >= UNBOUNDED ? -UNBOUNDED : score - this.ceil;
        this.moveCeil = this.floor <= -UNBOUNDED ? UNBOUNDED : score - this.floor;
        this.flipTurn(passed);
      }
    }
    this.unplay(list, i, p, mark, ply);
    return v;
  }
}
