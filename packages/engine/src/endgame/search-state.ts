/**
 * The endgame search's state (search.ts): the transposition table, the
 * plays (plays.ts), move ordering, clock, the other solver's control
 * words, and the proven bounds each result leaves behind; and the node
 * values that need no child search: storing a result, the horizon's
 * estimates, a lone tile one ply above the horizon, and the opponent's
 * going-out replies that bound a move without playing it.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { END_RACK_MULTIPLIER } from '../rules/constants.ts';
import { MAX_LEN, type MoveList } from '../movegen/moves.ts';
import { BLANK, BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import { NodePlays } from './node-plays.ts';
import { MoveOrdering } from './ordering.ts';
import { EndgamePosition, MAX_PLIES } from './position.ts';
import { firstTile, loneScoreAround, loneScoreAroundMost, secondTile } from './lone-tile.ts';
import { loneReplySquares } from './reply-squares.ts';
import { NO_PLAY, PlayBook } from './plays.ts';
import { moveSignature } from './root-plays.ts';
import type { ShareControl } from './share.ts';
import { EXACT, LOWER, TranspositionTable, UNBOUNDED, UPPER } from './zobrist.ts';

export const INF = 1 << 29;
/** A side with at least this many root plays has its interior nodes filled in two stages. */
export const STAGED_FROM_PLAYS = 1000;
/** The transposition table's smallest size (log2 entries; solve grows it). */
export const MIN_TABLE_BITS = 16;
/** Tile codes per ply in the lone-tile memo (more than any letter set has). */
export const LONE_TILES = 64;
/**
 * soloCeiling settles for pairCeiling's looser figure only this far under
 * alpha: a node just under alpha is likely to be asked again with a lower
 * one, and its exact ceiling (stored in the table) then saves a search.
 */
const QUICK_MARGIN = 8;
/**
 * The opponent's lone-tile replies kept per ply (see loneReplies): two
 * took fewer nodes than one, four or eight on the test data's endings.
 */
const LONE_REPLIES = 2;
/** Words per ply in threatRows (one per board row). */
export const ROW_WORDS = 32;

export class SearchState extends EndgamePosition {
  protected readonly tt = new TranspositionTable(MIN_TABLE_BITS);
  protected readonly book: PlayBook;
  protected readonly plies: NodePlays[] = [];
  protected readonly ordering = new MoveOrdering();
  protected nodes = 0;
  protected deadline = Infinity;
  protected aborted = false;
  /** Proven bounds of the last negamax result (see negamax). */
  protected floor = -UNBOUNDED;
  protected ceil = UNBOUNDED;
  protected rootBest = -1;
  /** The root's best proven floor this iteration, and the move that gives it. */
  protected rootFloor = -UNBOUNDED;
  protected rootProven = -1;
  /** Bounds of the last tryPlay. */
  protected moveFloor = 0;
  protected moveCeil = 0;
  protected lastOut = -1;
  /** Results of the last successful `settle`. */
  protected settledBest = 0;
  protected settledLower = 0;
  protected settledUpper = 0;
  protected settledSearched = 0;
  /** Per ply, the squares that would disturb the opponent's going-out reply (see PlayBook.threatSquares). */
  protected readonly threatRows = new Int32Array(MAX_PLIES * ROW_WORDS);
  /** The score of the reply the last threat lookup found. */
  protected replyScore = 0;
  /** A proven floor from soloCeiling or soloCeiling3: the best play going out it saw. */
  protected soloFloor = 0;
  /** Per ply, the opponent's plays listed to find a fresh going-out reply. */
  private readonly replies: NodePlays[] = [];
  /** Per ply: the node there faces no going-out reply (see negamax). */
  protected readonly replyless = new Uint8Array(MAX_PLIES);
  /** Root plays tried in a node's first stage, four per ply. */
  protected readonly tried = new Int32Array(4 * MAX_PLIES);
  protected stagedFrom = STAGED_FROM_PLAYS;
  /**
   * Per ply, a number for the node searched there now, and per ply and
   * tile the lone tile's best remembered for that node (loneBefore).
   */
  protected readonly loneNode = new Int32Array(MAX_PLIES);
  /** Counts nodes across solves (so a number is never reused: see loneNode). */
  protected nodeClock = 0;
  private readonly loneStamp = new Int32Array(MAX_PLIES * LONE_TILES);
  private readonly loneValue = new Int32Array(MAX_PLIES * LONE_TILES);
  /**
   * Per ply, the opponent's best lone-tile replies going out (their
   * squares and scores, best first) and the squares where a tile would
   * disturb each (ROW_WORDS words each, as threatRows; see loneReplies).
   */
  private readonly replyAt = new Int32Array(MAX_PLIES * LONE_REPLIES);
  private readonly replyGets = new Int32Array(MAX_PLIES * LONE_REPLIES);
  private readonly replyRows = new Int32Array(MAX_PLIES * LONE_REPLIES * ROW_WORDS);
  /** With another solver on the same endgame (share.ts): its control words. */
  protected control: ShareControl | null = null;
  /** While the root's moves are split between the solvers: only claimed ones are searched. */
  protected claiming = false;
  protected now: () => number = () => performance.now();

  constructor(lexicon: Lexicon, set: LetterSet, layout: BoardLayout) {
    super(lexicon, set, layout);
    this.book = new PlayBook(this.mg.board, this.mg.gen, this.values, set.size);
  }

  protected playsAt(ply: number): NodePlays {
    while (this.plies.length <= ply) this.plies.push(new NodePlays());
    return this.plies[ply];
  }

  /**
   * Store a searched node's result in the table and return it: its value
   * `best` (searched within origAlpha..beta), best move, and proven bounds
   * from the children (`lower`, and `upper` when `all` were searched)
   * merged with those the table had (`floor`, `ceil`). The root is not
   * stored while its moves are split: each solver saw only its own.
   */
  protected stored(
    ply: number,
    depth: number,
    origAlpha: number,
    beta: number,
    best: number,
    bestSig: number,
    lower: number,
    upper: number,
    all: boolean,
    floor: number,
    ceil: number,
  ): number {
    if (lower > floor) floor = lower;
    if (all && upper < ceil) ceil = upper;
    if (floor > ceil) {
      // Only a hash collision (or the scoreless count, which the key leaves
      // out) can make bounds cross: keep what this node's children proved.
      floor = lower;
      ceil = all ? upper : UNBOUNDED;
    }
    best = this.bounded(best, floor, ceil);
    const flag = best <= origAlpha ? UPPER : best >= beta ? LOWER : EXACT;
    if (ply > 0 || !this.claiming)
      this.tt.store(this.hi, this.lo, depth, flag, best, bestSig, floor, ceil);
    return best;
  }

  /**
   * After a move scoring `score` that led to `ply`, the most it can be worth
   * given q's best reply going out among the root plays still legal there
   * (the move's squares are marked); +INF when q has none.
   */
  protected outReply(score: number, q: number, ply: number): number {
    const out = this.book.bestOut(q, this.rackCodes[q], ply);
    if (out < 0) return INF;
    this.lastOut = out;
    return score - this.book.rootList(q).score[out] - END_RACK_MULTIPLIER * this.rackValue(1 - q);
  }

  /**
   * The most p's pass at `ply` can be worth: the opponent may pass back
   * (the game ends, each side losing its rack) or go out with a root play
   * still legal (outReply).
   */
  protected passCeiling(p: number, ply: number): number {
    const q = 1 - p;
    return Math.min(this.rackValue(q) - this.rackValue(p), this.outReply(0, q, ply));
  }

  /**
   * q's best play going out through the tiles played since the root (when
   * no kept root play goes out): its signature, its score in `replyScore`
   * and its squares in `rows`; 0 when there is none. Cross-checks must be
   * refreshed.
   */
  protected freshReply(q: number, ply: number, rows: Int32Array, rowsAt: number): number {
    const book = this.book;
    book.playBounds(q, this.racks[q], ply);
    if (book.boundOut <= NO_PLAY) return 0;
    while (this.replies.length <= ply) this.replies.push(new NodePlays());
    const node = this.replies[ply];
    book.fill(q, this.racks[q], node, true, ply);
    const fresh = node.fresh;
    let best = -1;
    for (let j = 0; j < fresh.count; j++) {
      if (fresh.played[j] === this.rackSize[q] && (best < 0 || fresh.score[j] > fresh.score[best]))
        best = j;
    }
    if (best < 0) return 0;
    this.replyScore = fresh.score[best];
    book.threatSquares(fresh, best, rows, rowsAt);
    return moveSignature(fresh, best);
  }

  /**
   * The opponent q holds one tile: its best plays going out at `ply`
   * (cross-checks refreshed), up to LONE_REPLIES squares, kept with the
   * squares that would disturb each for `otherReply`. Returns how
   * many.
   */
  protected loneReplies(q: number, ply: number): number {
    const at = ply * LONE_REPLIES;
    const tile = firstTile(this.racks[q]);
    const n = this.book.bestLoneSquares(
      q,
      tile,
      ply,
      LONE_REPLIES,
      this.replyAt,
      this.replyGets,
      at,
    );
    for (let j = 0; j < n; j++)
      loneReplySquares(this.mg.board, this.replyAt[at + j], this.replyRows, (at + j) * ROW_WORDS);
    return n;
  }

  /**
   * A ceiling on p's move i of `list` at `ply` against an opponent holding
   * one tile, from the best of the `n` replies loneReplies kept that the
   * move leaves standing (legal, with the same score): the opponent going
   * out with it ends the game. INF when the move goes out, scores nothing
   * (a sixth scoreless turn would end the game first) or disturbs them all.
   */
  protected otherReply(list: MoveList, i: number, p: number, ply: number, n: number): number {
    if (list.score[i] === 0 || list.played[i] === this.rackSize[p]) return INF;
    const at = ply * LONE_REPLIES;
    for (let j = 0; j < n; j++)
      if (!this.book.touches(list, i, this.replyRows, (at + j) * ROW_WORDS))
        return (
          list.score[i] +
          END_RACK_MULTIPLIER * (this.book.playValue(list, i) - this.rackValue(p)) -
          this.replyGets[at + j]
        );
    return INF;
  }

  /** Out of time, or told to stop by the other solver. */
  protected expired(): boolean {
    return this.now() > this.deadline || (this.control !== null && this.control.stopped());
  }

  /** Return value `v` kept within the proven bounds, which are set as the result's. */
  protected bounded(v: number, floor: number, ceil: number): number {
    this.floor = floor;
    this.ceil = ceil;
    return v < floor ? floor : v > ceil ? ceil : v;
  }

  /**
   * A node one ply above the horizon: every child is terminal (going out:
   * score + 2 x their rack) or estimated at the horizon (score + their
   * penalty - my penalty after the play), so no child is played and only
   * the kept root plays count: the best one going out (a proven floor) and
   * the one with the best estimate, each the first legal one of a list
   * sorted at the root.
   */
  protected horizonValue(
    p: number,
    ply: number,
    passEnds: boolean,
    theirs: number,
    beta: number,
  ): number {
    const book = this.book;
    const root = book.rootList(p);
    const q = 1 - p;
    const code = this.rackCodes[p];
    // A pass: the end of the game, or estimated at the horizon.
    const estimate = this.rackPen[q] - this.rackPen[p];
    let exact = passEnds ? theirs - this.rackValue(p) : -UNBOUNDED;
    const out = book.bestOut(p, code, ply);
    if (out >= 0) exact = Math.max(exact, root.score[out] + END_RACK_MULTIPLIER * theirs);
    this.floor = exact;
    this.ceil = UNBOUNDED;
    if (exact >= beta) return exact;
    let best = passEnds ? exact : Math.max(exact, estimate);
    const i = book.bestKeyed(p, code, ply);
    if (i >= 0 && root.played[i] !== this.rackSize[p]) {
      best = Math.max(best, root.score[i] + estimate + book.playedPenalty(p, root, i));
    }
    return best;
  }

  /**
   * A lone tile one ply above the horizon after a pass: every play goes
   * out and a pass ends the game, so with the complete list the value is exact.
   */
  protected lastPlyValue(node: NodePlays, p: number, theirs: number, beta: number): number {
    const root = this.book.rootList(p);
    let best = theirs - this.rackValue(p);
    const { refs, count } = node;
    let k = 0;
    for (; k < count && best < beta; k++) {
      const ref = refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      best = Math.max(best, list.score[i] + END_RACK_MULTIPLIER * theirs);
    }
    this.floor = best;
    this.ceil = k < count ? UNBOUNDED : best;
    return best;
  }

  /**
   * A proven ceiling on the value of a node whose mover p holds two tiles,
   * or INF once it would exceed `alpha` (it then proves nothing here). It
   * is p's best in the game where the opponent only ever passes, which can
   * only be better for p than the real one: p goes out with both tiles
   * (score + twice their rack), or plays one and then the other at its
   * best or stops (soloAfter), or stops at once (the game ends, each side
   * losing its rack). Most nodes that fail low fail low even so, by ten
   * points or more, and most of those already by pairCeiling's quick
   * figure; only the rest bound each single tile with soloAfter.
   * Cross-checks at `ply` must be refreshed; uses the node's play list.
   */
  protected soloCeiling(p: number, ply: number, alpha: number): number {
    const theirs = this.rackValue(1 - p);
    let most = theirs - this.rackValue(p);
    if (most > alpha) return INF;
    const node = this.playsAt(ply);
    this.book.fill(p, this.racks[p], node, true, ply);
    const root = this.book.rootList(p);
    const bonus = END_RACK_MULTIPLIER * theirs;
    let out = NO_PLAY;
    for (let k = 0; k < node.count; k++) {
      const ref = node.refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      if (list.played[i] === 2 && list.score[i] > out) out = list.score[i];
    }
    this.soloFloor = out > NO_PLAY ? out + bonus : -UNBOUNDED;
    if (out > NO_PLAY && out + bonus > most) {
      most = out + bonus;
      if (most > alpha) return INF;
    }
    const quick = this.pairCeiling(p, ply, out, theirs);
    if (quick <= alpha - QUICK_MARGIN) return quick;
    for (let k = 0; k < node.count; k++) {
      const ref = node.refs[k];
      const list = ref >= 0 ? root : node.fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      if (list.played[i] === 2) continue;
      const v = this.soloAfter(list, i, p, ply, alpha);
      if (v > most) {
        most = v;
        if (most > alpha) return INF;
      }
    }
    return most;
  }

  /**
   * A ceiling on p's two tiles when the opponent only passes (stopping,
   * going out with both, or one at a time), from figures the node has
   * anyway: each tile's best alone and `out`, the best score going out with
   * both (NO_PLAY: none). Played one at a time, the second
   * tile scores its best alone on a square the first left as it was, or, on
   * a square the first one changed, at most `out`: it then makes a word
   * through the first tile, and both put down together in that line would
   * be a play going out that scores all of it and more.
   */
  private pairCeiling(p: number, ply: number, out: number, theirs: number): number {
    const rack = this.racks[p];
    const a = firstTile(rack);
    const b = secondTile(rack, a);
    const la = this.loneBefore(p, a, ply);
    const lb = a === b ? la : this.loneBefore(p, b, ply);
    return this.pairFigure(la, lb, this.values[a], this.values[b], out, theirs);
  }

  /**
   * pairCeiling from its figures: the two tiles' bests alone (or ceilings
   * on them) `la` and `lb`, their face values and `out`; stopping at once
   * and going out with both count too.
   */
  protected pairFigure(
    la: number,
    lb: number,
    va: number,
    vb: number,
    out: number,
    theirs: number,
  ): number {
    return Math.max(
      theirs - va - vb,
      out > NO_PLAY ? out + END_RACK_MULTIPLIER * theirs : -INF,
      this.thenOther(la, lb, out, theirs - vb, theirs),
      this.thenOther(lb, la, out, theirs - va, theirs),
    );
  }

  /** pairCeiling for the tile whose best alone is `first` played first. */
  private thenOther(
    first: number,
    second: number,
    out: number,
    stop: number,
    theirs: number,
  ): number {
    if (first <= NO_PLAY) return -INF;
    const follow = Math.max(second, out);
    return (
      first + (follow > NO_PLAY ? Math.max(stop, follow + END_RACK_MULTIPLIER * theirs) : stop)
    );
  }

  /**
   * A proven ceiling on move i of `list` for p when it leaves p one tile,
   * from the game where the opponent only ever passes (see soloCeiling):
   * the move's score, then the last tile at its best (going out) or a stop.
   * The tile's best is bounded by its best before the move and its best on
   * the squares the move's tiles change, with those tiles put down for a
   * moment (unlogged), unless the bound is over `alpha` without them. On
   * those squares the tile is first taken to fit any word it joins
   * (no lexicon lookup); only when that looser figure is over `alpha` are
   * the cross-checks worked out.
   */
  protected soloAfter(list: MoveList, i: number, p: number, ply: number, alpha: number): number {
    const board = this.mg.board;
    const step = list.dir[i] === 0 ? 1 : board.dim;
    const base = i * MAX_LEN;
    const len = list.len[i];
    // The tile left, and its best alone before the move.
    const left = this.leftAfter(list, i, p);
    const score = list.score[i];
    const stop = score + this.rackValue(1 - p) - this.values[left];
    const bonus = END_RACK_MULTIPLIER * this.rackValue(1 - p);
    let lone = this.loneBefore(p, left, ply);
    // Over alpha already: the squares the move changes can only add to it.
    if (stop > alpha || (lone > NO_PLAY && score + lone + bonus > alpha))
      return lone > NO_PLAY ? Math.max(stop, score + lone + bonus) : stop;
    // Its best on the squares the move's tiles change, with them down.
    let sq = list.start[i];
    for (let k = 0; k < len; k++, sq += step) {
      const t = list.tiles[base + k];
      if (t !== EMPTY) board.squares[sq] = t;
    }
    // Its best there with no lexicon lookup first: when that settles the
    // move under alpha anyway, the looser ceiling stands (working out the
    // cross-checks was about an eighth of a long proof's time; about 95%
    // of the calls now end here).
    let most = NO_PLAY;
    sq = list.start[i];
    for (let k = 0; k < len; k++, sq += step) {
      if (list.tiles[base + k] === EMPTY) continue;
      most = Math.max(most, loneScoreAroundMost(board, sq, left, this.values[left], NO_PLAY));
    }
    if (most <= lone || score + most + bonus <= alpha) lone = Math.max(lone, most);
    else {
      sq = list.start[i];
      for (let k = 0; k < len; k++, sq += step) {
        if (list.tiles[base + k] === EMPTY) continue;
        lone = Math.max(lone, loneScoreAround(board, sq, left, this.values[left], NO_PLAY));
      }
    }
    sq = list.start[i];
    for (let k = 0; k < len; k++, sq += step) {
      if (list.tiles[base + k] !== EMPTY) board.squares[sq] = EMPTY;
    }
    return lone > NO_PLAY ? Math.max(stop, score + lone + bonus) : stop;
  }

  /** The first tile (lowest code) p would hold after move i of `list`. */
  protected leftAfter(list: MoveList, i: number, p: number): number {
    const rack = this.racks[p];
    const base = i * MAX_LEN;
    const len = list.len[i];
    for (let k = 0; k < len; k++) {
      const t = list.tiles[base + k];
      if (t !== EMPTY) rack[t & BLANK_BIT ? BLANK : t]--;
    }
    const left = firstTile(rack);
    for (let k = 0; k < len; k++) {
      const t = list.tiles[base + k];
      if (t !== EMPTY) rack[t & BLANK_BIT ? BLANK : t]++;
    }
    return left;
  }

  /**
   * p's tile `tile` alone at its best at `ply` (PlayBook.bestLoneTile),
   * remembered for the node being searched there (`loneNode`).
   */
  protected loneBefore(p: number, tile: number, ply: number): number {
    const at = ply * LONE_TILES + tile;
    if (this.loneStamp[at] !== this.loneNode[ply]) {
      this.loneStamp[at] = this.loneNode[ply];
      this.loneValue[at] = this.book.bestLoneTile(p, tile, ply);
    }
    return this.loneValue[at];
  }
}
