/**
 * Endgame solver: drives the search (search.ts) by iterative deepening on
 * odd depths with aspiration windows; from PROOF_FROM plies on, a value
 * proven as a floor (by a first null-window search to the end of the game
 * when the iteration did not prove it) is checked by one null-window search
 * to the end of the game, which proves the ceiling. Reads the best line
 * back from the table.
 */
import { MAX_SCORELESS_TURNS } from '../rules/constants.ts';
import { MoveList } from '../movegen/moves.ts';
import type { NodePlays } from './node-plays.ts';
import { MAX_PLIES } from './position.ts';
import { GUARD, LONE_OUT, PASS_SIG, appendMove, moveSignature, onlyMove } from './root-plays.ts';
import { EndgameSearch, INF, MIN_TABLE_BITS, STAGED_FROM_PLAYS } from './search.ts';
import { QUICK_CHILDREN } from './refutations.ts';
import { ShareControl, type EndgameShare } from './share.ts';
import { lineCacheBitsFor } from './line-cache.ts';
import { DEFAULT_ENDGAME_MILLIS } from './types.ts';
import type { EndgameMove, EndgameOptions, EndgameResult } from './types.ts';
import { UNBOUNDED } from './zobrist.ts';

export { moveSignature } from './root-plays.ts';
export { newEndgameShare, type EndgameShare } from './share.ts';
export * from './types.ts';

/**
 * From this iteration on, a value whose floor is proven is checked by a
 * null-window search to the end of the game, which proves the ceiling in
 * one pass instead of deepening two plies at a time.
 */
const PROOF_FROM = 5;
/** Aspiration half-width around the previous iteration's value (points). */
const ASPIRATION = 3;
/**
 * Transposition table size (log2 entries of 32 bytes): enough for the
 * nodes the time budget allows, about 800 a millisecond, up to this bound.
 * Too small a table costs dearly on long proofs (a 25 s proof took 7.6M
 * nodes with 2^21 entries, 4.4M with 2^22).
 */
const MAX_TABLE_BITS = 22;
/** Time the best line's moves may take to prove after a proof that used up the budget (ms). */
const LINE_MILLIS = 50;
/** Principal-line plies are read with node lists from this ply on. */
const LINE_PLY = MAX_PLIES / 2;

/**
 * Transposition table size (log2 entries) for a solve of `millis`, at most
 * `cap` (default MAX_TABLE_BITS).
 */
export function tableBitsFor(millis: number, cap = MAX_TABLE_BITS): number {
  const wanted = Math.ceil(Math.log2(Math.max(1, millis) * 800));
  return Math.max(MIN_TABLE_BITS, Math.min(cap, wanted));
}

export class EndgameSolver extends EndgameSearch {
  /**
   * Solve for `p` to move, with `scoreless` scoreless turns so far and the
   * spread so far. With `opts.share`, a helper on another thread
   * (`help`, same position and shared memory) takes part in the proof.
   */
  solve(p: number, spread: number, scoreless: number, opts: EndgameOptions = {}): EndgameResult {
    const full = this.begin(p, opts, true);
    const maxDepth = opts.maxDepth ?? full;
    let value = 0;
    let depth = 0;
    let exact = false;
    let best = -1;
    this.rootFloor = -UNBOUNDED;
    this.rootProven = -1;
    // Odd depths only (the horizon after the side to move's own play): even
    // iterations end on the reply, cost as much and order the next no better.
    for (let d = 1; d <= maxDepth; d = d < maxDepth && d + 2 > maxDepth ? maxDepth : d + 2) {
      this.rootBest = -1;
      const proving = d >= PROOF_FROM && d < maxDepth && maxDepth >= full;
      let v: number;
      if (d > 2) {
        // Aspiration: a narrow window round the last value, widened on failure.
        let lo = value - ASPIRATION;
        let hi = value + ASPIRATION;
        for (;;) {
          v = this.rootSearch(d, lo, hi, false, scoreless, p);
          if (this.aborted || (v > lo && v < hi)) break;
          // Failed high on a proven floor: the proof search below asks at
          // that floor at once, with no horizon, instead of a wider window.
          if (proving && v >= hi && this.floor >= hi) break;
          if (v <= lo) lo = lo - 4 * (hi - lo) < -INF / 2 ? -INF : lo - 4 * (hi - lo);
          else hi = hi + 4 * (hi - lo) > INF / 2 ? INF : hi + 4 * (hi - lo);
        }
      } else v = this.negamax(0, d, -INF, INF, false, scoreless, p);
      if (this.aborted) break;
      opts.onIteration?.(d, v, this.nodes, this.floor === this.ceil);
      value = v;
      depth = d;
      best = this.rootBest;
      if (proving && this.floor !== this.ceil && this.floor < v) {
        // The value is not proven a floor yet: ask, with no horizon, whether
        // some move reaches it (its line is followed to the end instead of
        // deepening two plies at a time). Its proven floor is then the value
        // to prove a ceiling for; if no move reaches it, deepening goes on.
        this.cutParity = 0;
        this.rootSearch(maxDepth, v - 1, v, true, scoreless, p);
        this.cutParity = 1;
        if (this.aborted) break;
        if (this.floor >= v) v = this.floor;
      }
      if (proving && this.floor !== this.ceil && this.floor === v) {
        // The value is proven a floor: ask, with no horizon, whether any
        // move beats it. If none does, that search proves the ceiling; if
        // one does (the estimate was wrong), deepening goes on.
        this.rootSearch(maxDepth, v, v + 1, true, scoreless, p);
        if (this.aborted) break;
        this.floor = Math.max(this.floor, v);
        if (this.floor === this.ceil) depth = maxDepth;
      }
      if (this.floor === this.ceil) {
        // Proven: the value rests on no horizon estimate.
        exact = true;
        value = this.floor;
        best = this.rootProven;
        break;
      }
    }
    // The helper stops if it has not yet (no split came: proven early or out of time).
    this.control?.stop();
    this.control = null;
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
    // Proving the line's moves mostly reads the table (a few nodes), but
    // gets a little time of its own when the proof ended at the deadline.
    if (exact) this.deadline = Math.max(this.deadline, this.now() + LINE_MILLIS);
    const line = this.principalLine(p, scoreless, best, depth, exact ? value : null);
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

  /**
   * Help the solver of the same position (`solve` with the same `share`, on
   * another thread) with its root searches: wait for each to start, then
   * search the root moves this solver claims first, until the lead stops.
   * Returns the nodes searched.
   */
  help(p: number, scoreless: number, opts: EndgameOptions & { share: EndgameShare }): number {
    this.begin(p, opts, false);
    const control = this.control!;
    // One round per root search the lead starts, until it stops.
    for (;;) {
      const round = control.awaitRound(this.deadline - this.now());
      if (round === null) break;
      this.aborted = false;
      this.claiming = true;
      this.cutParity = round.cutParity;
      this.negamax(0, round.depth, round.alpha, round.beta, false, scoreless, p);
      this.claiming = false;
    }
    this.cutParity = 1;
    this.control = null;
    return this.nodes;
  }

  /**
   * Set up a search for p: clock, table (shared with `opts.share` as the
   * `lead` or the helper), root plays, hash. Returns the plies for both
   * racks to empty.
   */
  private begin(p: number, opts: EndgameOptions, lead: boolean): number {
    this.now = opts.now ?? (() => performance.now());
    this.stagedFrom = opts.stagedFrom ?? STAGED_FROM_PLAYS;
    this.quickChildren = opts.quickChildren ?? QUICK_CHILDREN;
    const millis = opts.millis ?? DEFAULT_ENDGAME_MILLIS;
    this.deadline = this.now() + millis;
    this.control = opts.share ? new ShareControl(opts.share, lead) : null;
    this.claiming = false;
    if (opts.share) this.tt.share(opts.share.table, opts.share.generation);
    else this.tt.ensure(tableBitsFor(millis, opts.tableBits));
    this.nodes = 0;
    this.aborted = false;
    this.resetPairCounts();
    this.tt.clear();
    this.pendingCount.fill(0);
    this.rehash(p);
    this.book.prepare(this.racks, lineCacheBitsFor(millis));
    // The bonus for plays leaving a going-out play, unless a side's plays are staged (a blank rack).
    const staged = Math.max(this.book.rootList(0).count, this.book.rootList(1).count);
    this.ordering.reset(staged < this.stagedFrom);
    this.track(
      [this.book.slots(0), this.book.slots(1)],
      [this.book.weights(0), this.book.weights(1)],
      GUARD,
    );
    return Math.min(60, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
  }

  /**
   * negamax at the root (alpha..beta, `depth` plies), split with the helper
   * when there is one (see share.ts): the lead searches the moves it
   * claims, then again the helper's it needs, and puts both parts
   * together. In a search to the end of the game (`proof`: the floor
   * question, the proof search) the helper's moves proven at or under
   * alpha are not searched again: when no move beats alpha, the ceiling
   * is alpha. A search that runs out of time ends with
   * `aborted` set, as negamax.
   */
  private rootSearch(
    depth: number,
    alpha: number,
    beta: number,
    proof: boolean,
    scoreless: number,
    p: number,
  ): number {
    const control = this.control;
    const moves = this.book.rootList(p).count;
    if (control === null || !control.fits(moves))
      return this.negamax(0, depth, alpha, beta, false, scoreless, p);
    control.publish({ alpha, beta, depth, cutParity: this.cutParity, proof }, moves);
    this.claiming = true;
    let v = this.negamax(0, depth, alpha, beta, false, scoreless, p);
    let { floor, ceil, rootBest } = this;
    if (!this.aborted && v < beta && control.unproven(moves)) {
      control.rescuing = true;
      // Only a move beating the lead's best matters now.
      const w = this.negamax(0, depth, Math.max(alpha, v), beta, false, scoreless, p);
      control.rescuing = false;
      if (w > v) {
        v = w;
        rootBest = this.rootBest;
      }
      floor = Math.max(floor, this.floor);
      ceil = Math.max(ceil, this.ceil);
    }
    this.claiming = false;
    control.endRound();
    this.rootBest = rootBest;
    this.floor = floor;
    // In a proof the helper's moves not searched again are proven at or under alpha.
    this.ceil = !proof ? ceil : ceil <= alpha ? alpha : UNBOUNDED;
    return v;
  }

  /**
   * The best line, by following stored best moves. With the root's proven
   * `value`, each move after the first is instead one proven to keep that
   * value (`provenChoice`): a table move can be a cutoff move, good enough
   * for the window it was searched with but worse than the best (a reply
   * that lets the mover gain more than the value says).
   */
  private principalLine(
    p: number,
    scoreless: number,
    first: number,
    depth: number,
    value: number | null,
  ): EndgameMove[] {
    const line: EndgameMove[] = [];
    const played: { list: MoveList; i: number; p: number; mark: number; ply: number }[] = [];
    let passed = false;
    let sc = scoreless;
    let who = p;
    // The proven value of the line's position for the side to move, while known.
    let expect = value;
    const maxPlies = Math.max(depth, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
    for (let ply = 0; ply < maxPlies && ply < LINE_PLY - 1; ply++) {
      const at = LINE_PLY + ply;
      this.flush(at);
      const node = this.playsAt(at);
      if (ply === 0) this.book.resetMasks(at);
      this.book.fill(who, this.racks[who], node, true, at);
      const root = this.book.rootList(who);
      let list: MoveList = root;
      let choice = -1;
      let sig = first < 0 ? PASS_SIG : this.book.rootSig(p, first);
      let picked = false;
      if (ply > 0 && expect !== null) {
        const proven = this.provenChoice(node, who, at, expect, passed, sc);
        if (proven === null) expect = null;
        else {
          [list, choice] = proven;
          picked = true;
        }
      }
      if (ply > 0 && !picked) {
        if (!this.tt.find(this.hi, this.lo)) break;
        sig = this.tt.best();
      }
      if (!picked && sig === LONE_OUT && this.rackSize[who] === 1) {
        // A lone tile's best play: the best-scoring one (all go out).
        for (let k = 0; k < node.count; k++) {
          const ref = node.refs[k];
          const l = ref >= 0 ? root : node.fresh;
          const i = ref >= 0 ? ref : -ref - 1;
          if (choice < 0 || l.score[i] > list.score[choice]) {
            list = l;
            choice = i;
          }
        }
      } else if (!picked && sig !== PASS_SIG) {
        for (let k = 0; k < node.count && choice < 0; k++) {
          const ref = node.refs[k];
          const l = ref >= 0 ? root : node.fresh;
          const i = ref >= 0 ? ref : -ref - 1;
          if ((ref >= 0 ? this.book.rootSig(who, ref) : moveSignature(l, i)) === sig) {
            list = l;
            choice = i;
          }
        }
        if (choice < 0) break;
      }
      // A node's fresh plays are overwritten deeper down: keep the chosen one apart.
      if (choice >= 0 && list !== root) {
        list = onlyMove(list, choice);
        choice = 0;
      }
      if (choice < 0) {
        line.push({ text: '-', score: 0, pass: true });
        if (expect !== null) expect = -expect;
        if (passed || sc + 1 >= MAX_SCORELESS_TURNS) break;
        this.book.markMove(at, this.pendingAt(at + 1), 0);
        this.flipTurn(true);
        passed = true;
        sc++;
      } else {
        line.push({ text: this.mg.moveText(list, choice), score: list.score[choice], pass: false });
        if (expect !== null) expect = list.score[choice] - expect;
        const mark = this.play(list, choice, who, at);
        this.book.markMove(at, this.pendingAt(at + 1), this.pendingCount[at + 1]);
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

  /**
   * A move at line ply `ply` (its node's plays in `node`, filled) proven to
   * keep the position's proven `value` for p: the table's move first, then
   * the others going out first and by score, each asked with a null window
   * searched to the end of the game; the pass last unless the table says
   * it. Returns the list and index (-1 for the pass), or null when the time
   * runs out first.
   */
  private provenChoice(
    node: NodePlays,
    p: number,
    ply: number,
    value: number,
    passed: boolean,
    scoreless: number,
  ): [MoveList, number] | null {
    const root = this.book.rootList(p);
    const depth = Math.min(MAX_PLIES - 1 - ply, 2 * (this.rackSize[0] + this.rackSize[1]) + 2);
    const ttSig = this.tt.find(this.hi, this.lo) ? this.tt.best() : 0;
    const size = this.rackSize[p];
    const order: { list: MoveList; i: number; key: number }[] = [];
    for (let k = 0; k < node.count; k++) {
      const ref = node.refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const sig = ref >= 0 ? this.book.rootSig(p, ref) : moveSignature(list, i);
      const key = sig === ttSig ? INF : list.score[i] + (list.played[i] === size ? INF / 2 : 0);
      order.push({ list, i, key });
    }
    order.sort((a, b) => b.key - a.key);
    // The pass last, unless it is the table's move.
    const passFirst = ttSig === PASS_SIG;
    if (passFirst && this.passKeeps(p, ply, depth, value, passed, scoreless)) return [root, -1];
    for (const { list, i } of order) {
      if (this.aborted) return null;
      this.tryPlay(list, i, p, ply, depth, value - 1, value, passed, scoreless, 1);
      if (!this.aborted && this.moveFloor >= value) return [list, i];
    }
    if (!passFirst && this.passKeeps(p, ply, depth, value, passed, scoreless)) return [root, -1];
    return null;
  }

  /**
   * Whether p's pass at line ply `ply` is proven to keep `value`: it ends
   * the game after a pass (or on the last scoreless turn), else the
   * opponent's reply is searched to the end with a null window.
   */
  private passKeeps(
    p: number,
    ply: number,
    depth: number,
    value: number,
    passed: boolean,
    scoreless: number,
  ): boolean {
    const q = 1 - p;
    if (passed || scoreless + 1 >= MAX_SCORELESS_TURNS)
      return this.rackValue(q) - this.rackValue(p) >= value;
    this.book.markMove(ply, this.pendingAt(ply + 1), 0);
    this.flipTurn(true);
    this.negamax(ply + 1, depth - 1, -value, -value + 1, true, scoreless + 1, q);
    this.flipTurn(true);
    return !this.aborted && this.ceil < UNBOUNDED && -this.ceil >= value;
  }
}
