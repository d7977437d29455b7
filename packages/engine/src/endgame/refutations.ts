/**
 * Refuting a node's moves with as few child nodes as possible: `settle`
 * bounds every move of a node whose opponent holds a going-out reply, and
 * `quickCut` looks among a cut node's first children for one its own node
 * refutes at once. Both play moves through the search's `tryPlay`.
 */
import { MAX_SCORELESS_TURNS, END_RACK_MULTIPLIER } from '../rules/constants.ts';
import type { MoveList } from '../movegen/moves.ts';
import { NO_PLAY } from './plays.ts';
import { PASS_SIG } from './root-plays.ts';
import { AfterPassCeilings } from './after-pass.ts';
import { INF, ROW_WORDS } from './search-state.ts';
import { UNBOUNDED } from './zobrist.ts';

/**
 * Children of its list a cut node asks for a quick refutation
 * (`quickCut`), after the first stage's: 8 did better than 4, 16 or 32
 * on the hardest proofs (seed 11 2.0M nodes against 2.2M with 16).
 */
export const QUICK_CHILDREN = 8;
/**
 * quickCut's ordering bonus for a play that leaves the mover a going-out
 * play (then the node after it is likeliest to be settled at once): above
 * every other key but the table's move, going out and the killers.
 * utf8_dos's proof took 3.0M nodes with it, 3.4M without.
 */
const QUICK_THREAT = 1e6;

export abstract class ChildRefutations extends AfterPassCeilings {
  /** How many children quickCut asks (EndgameOptions.quickChildren). */
  protected quickChildren = QUICK_CHILDREN;
  /** While quickCut asks a child, the node count at which the ask stops. */
  protected quickLimit = Infinity;
  /** The move of the last quick cut. */
  protected quickSig = 0;
  /**
   * The plies (odd 1, even 0) whose null-window nodes are expected to cut
   * off: odd while the root is expected to fail low, even while it is
   * expected to fail high (the solver's floor question).
   */
  protected cutParity = 1;

  /**
   * Play move i of `list` for p and value it (see EndgameSearch.tryPlay);
   * sets `moveFloor` and `moveCeil`.
   */
  protected abstract tryPlay(
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
  ): number;

  /**
   * A null-window node expected to cut off (see `cutParity`): children
   * played and asked only what their node knows without a child of its
   * own (table bounds, a going-out reply that settles it, the
   * passing-opponent ceilings), first the kept root plays the node's first
   * stage would try (no generation), then its first `quickChildren` in
   * order, plays leaving a going-out play first. Returns the first
   * value >= beta found (its move in `quickSig`, its proven floor in
   * `moveFloor`), else -INF. The likeliest refutation can take thousands
   * of nodes where another is settled at once (a reply that leaves a
   * going-out threat standing); without this, the search took the first.
   */
  protected quickCut(
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    scoreless: number,
    p: number,
    ttBest: number,
  ): number {
    const book = this.book;
    const root = book.rootList(p);
    const code = this.rackCodes[p];
    const k0 = this.ordering.killer(ply, 0);
    const k1 = this.ordering.killer(ply, 1);
    // Children that generate need this node's cross-checks.
    this.flush(ply);
    // First the kept root plays the first stage would try, with no generation.
    const asked = this.quickAsked;
    let nAsked = 0;
    for (let c = 0; c < 4; c++) {
      const i = this.firstStagePlay(c, p, code, ply, ttBest, k0, k1);
      let dup = i < 0;
      for (let j = 0; j < nAsked; j++) dup = dup || asked[j] === i;
      if (dup) continue;
      asked[nAsked++] = i;
      const v = this.quickAsk(root, i, p, ply, depth, alpha, beta, passed, scoreless);
      if (this.aborted) return -INF;
      if (v >= beta) return this.quickFound(ply, book.rootSig(p, i), depth, v);
    }
    const node = this.playsAt(ply);
    book.fill(p, this.racks[p], node, true, ply);
    const n = this.ordering.keys(node, book, p, code, ply, 0, ttBest, k0, k1, QUICK_THREAT);
    for (let k = 0; k < n && k < this.quickChildren; k++) {
      node.pick(k);
      const ref = node.refs[k];
      let dup = false;
      for (let j = 0; j < nAsked; j++) dup = dup || asked[j] === ref;
      if (dup) continue;
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const v = this.quickAsk(list, i, p, ply, depth, alpha, beta, passed, scoreless);
      if (this.aborted) return -INF;
      if (v >= beta) return this.quickFound(ply, node.sigs[k], depth, v);
    }
    return -INF;
  }

  /**
   * The c-th play (0-3) a node's first stage tries, as a root play index,
   * or -1: the best play going out, then the table's move and the two
   * killers when they are still legal with the rack `code`.
   */
  protected firstStagePlay(
    c: number,
    p: number,
    code: number,
    ply: number,
    ttBest: number,
    k0: number,
    k1: number,
  ): number {
    const book = this.book;
    if (c === 0) return book.bestOut(p, code, ply);
    const sig = c === 1 ? ttBest : c === 2 ? k0 : k1;
    if (sig === 0 || sig === PASS_SIG) return -1;
    const i = book.rootIndex(p, sig);
    return i >= 0 && book.keeps(p, i, code, ply) ? i : -1;
  }

  /** Root plays asked by quickCut's first loop. */
  private readonly quickAsked = new Int32Array(4);

  /** A quick cut by the move `sig`, worth v. */
  private quickFound(ply: number, sig: number, depth: number, v: number): number {
    this.ordering.cutoff(ply, sig, depth);
    this.quickSig = sig;
    return v;
  }

  /**
   * Move i of `list` asked with its own node only (a grandchild stops it):
   * its value, or -INF when that node cannot tell.
   */
  private quickAsk(
    list: MoveList,
    i: number,
    p: number,
    ply: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    scoreless: number,
  ): number {
    this.quickLimit = this.nodes + 1;
    const v = this.tryPlay(list, i, p, ply, depth, alpha, beta, passed, scoreless, 1);
    this.quickLimit = Infinity;
    if (!this.aborted) return v;
    if (!this.expired()) this.aborted = false;
    return -INF;
  }

  /**
   * Settle a node whose opponent holds a going-out reply (`threat`, its
   * signature; `threatBase` = -reply - 2 x this rack; its squares in
   * `threatRows` at this ply) when no move can beat alpha:
   * every move that leaves the reply standing is bounded at once (best
   * score plus twice the value played, less the reply and twice this
   * rack), going out by the best score going out, a pass by the reply
   * itself; only the moves that disturb the reply are searched. Returns
   * whether every move is refuted; then `settled*` hold the node's value,
   * its proven floor and ceiling from these children and how many
   * children were searched.
   */
  protected settle(
    p: number,
    ply: number,
    depth: number,
    alpha: number,
    passed: boolean,
    scoreless: number,
    threat: number,
    threatBase: number,
  ): boolean {
    const q = 1 - p;
    const book = this.book;
    if (ply === 0 || scoreless + 1 >= MAX_SCORELESS_TURNS) return false;
    const theirs = this.rackValue(q);
    const passEnds = passed || scoreless + 1 >= MAX_SCORELESS_TURNS;
    const rack = this.racks[p];
    book.playBounds(p, rack, ply);
    const outV =
      book.boundOut > NO_PLAY ? book.boundOut + END_RACK_MULTIPLIER * theirs : -UNBOUNDED;
    const passV = passEnds ? theirs - this.rackValue(p) : threatBase;
    const most = Math.max(
      book.boundKey2 > NO_PLAY ? book.boundKey2 + threatBase : -UNBOUNDED,
      outV,
      passV,
    );
    if (most > alpha) return false;
    const node = this.playsAt(ply);
    book.fillTouching(p, rack, this.threatRows, ply * ROW_WORDS, node, ply);
    let best = most;
    let lower = Math.max(outV, passEnds ? passV : -UNBOUNDED);
    let upper = most;
    // Each is asked only whether it beats alpha (a null window).
    const size = this.rackSize[p];
    // Against a lone tile, a move that disturbs its best reply may leave
    // another standing, which refutes it as well (no child node).
    const replies = this.rackSize[q] === 1 && node.count > 0 ? this.loneReplies(q, ply) : 0;
    const fresh = node.fresh;
    for (let k = 0; k < node.count; k++) {
      const i = -node.refs[k] - 1;
      let v: number;
      if (replies > 0 && (v = this.otherReply(fresh, i, p, ply, replies)) <= alpha) {
        if (v > best) best = v;
        if (v > upper) upper = v;
        continue;
      }
      if (fresh.played[i] === size - 1 && (v = this.soloAfter(fresh, i, p, ply, alpha)) <= alpha) {
        // One tile left, and not enough even if the opponent only passes.
        if (v > best) best = v;
        if (v > upper) upper = v;
        continue;
      }
      v = this.tryPlay(fresh, i, p, ply, depth, alpha, alpha + 1, passed, scoreless, 1);
      if (this.aborted || v > alpha) return false;
      if (v > best) best = v;
      if (this.moveFloor > lower) lower = this.moveFloor;
      if (this.moveCeil > upper) upper = this.moveCeil;
    }
    this.ordering.cutoff(ply + 1, threat, depth - 1);
    this.settledBest = best;
    this.settledLower = lower;
    this.settledUpper = upper;
    this.settledSearched = node.count;
    return true;
  }
}
