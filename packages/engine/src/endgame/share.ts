/**
 * Two solvers on one endgame, each on its own thread: they share the
 * transposition table and split the root moves of the lead's searches
 * from the 3-ply iteration on.
 *
 * The lead (EndgameSolver.solve with `share`) deepens as usual. Each root
 * search (an iteration's aspiration window, the floor question, the proof
 * search) is a round: the lead publishes its window, depth and which plies
 * are expected to cut, and the helper (EndgameSolver.help) runs the same
 * search. Each root move is searched by whichever solver claims it first
 * (one atomic exchange per move), so the work splits evenly whatever each
 * subtree costs, and the helper marks each of its moves done at or under
 * alpha, or not. Having tried its own moves, the lead searches again the
 * helper's it still needs, so it never waits (the table gives back those
 * the helper finished at the cost of a probe): every one in an iteration,
 * which sets the value, and in a search to the end of the game (the floor
 * question, the proof search) only those the helper has not proven at or
 * under alpha (still searching, or a move that beats it). The round then
 * ends (the helper drops its search); the next search is a new round with
 * its own claim words, so a late write from the last one cannot count in
 * it.
 * Table entries carry a check word, so an entry torn by two writers reads
 * as empty, and the root's own entry is not written during the split
 * (each solver saw only its moves).
 *
 * Everything here is standard JavaScript (SharedArrayBuffer, Atomics), so
 * it runs in Node worker threads and in browser Web Workers alike.
 */
import { MAX_GENERATION, tableBytes } from './zobrist.ts';

/** The control words (an Int32Array over a SharedArrayBuffer). */
const STATE = 0;
/** The round's window (alpha, beta), depth, plies expected to cut (see RootSearch) and proof flag. */
const ALPHA = 1;
const DEPTH = 2;
/** Rounds published so far (the current one's number). */
const ROUND = 3;
/** Root moves (and the pass) per round's claim words. */
const MOVES = 4;
const BETA = 5;
const PARITY = 6;
const PROOF = 7;
const CLAIMS = 8;
/** Control words: the fields above, then per round one claim per root move (pass last). */
const SHARE_WORDS = CLAIMS + (1 << 16);

/** STATE: no round under way / one is / the helper must stop for good. */
const WAITING = 0;
const SEARCHING = 1;
const STOP = 2;
/** A root move's claim: nobody's / the lead's / the helper's, done at or under alpha / not. */
const FREE = 0;
const LEAD = 1;
const HELPER = 2;
const PROVEN = 3;
const FAILED = 4;

/** What the solvers of one endgame share. */
export interface EndgameShare {
  /** The transposition table: `tableBytes(bits)` bytes. */
  readonly table: SharedArrayBuffer;
  /** The table's generation for this solve: entries of earlier ones read as empty. */
  readonly generation: number;
  /** SHARE_WORDS 32-bit words, zeroed. */
  readonly control: SharedArrayBuffer;
}

/**
 * Shared memory for a solve: a table of `1 << tableBits` entries, or the
 * one of the `last` solve when given (the next generation empties it).
 * A new table is written through once here: left to fault its pages in
 * from both threads at once, it made short solves two to three times
 * slower (about 0.1 s for 128 MiB).
 */
export function newEndgameShare(tableBits: number, last?: EndgameShare): EndgameShare {
  const control = new SharedArrayBuffer(SHARE_WORDS * 4);
  if (last && last.generation < MAX_GENERATION && last.table.byteLength >= tableBytes(tableBits))
    return { table: last.table, generation: last.generation + 1, control };
  const table =
    last?.table.byteLength === tableBytes(tableBits)
      ? last.table
      : new SharedArrayBuffer(tableBytes(tableBits));
  new Int32Array(table).fill(0);
  return { table, generation: 1, control };
}

/** One root search split between the solvers. */
export interface RootSearch {
  readonly alpha: number;
  readonly beta: number;
  readonly depth: number;
  /** The plies (their parity) whose null-window nodes are expected to cut off. */
  readonly cutParity: number;
  /**
   * A search to the end of the game (the floor question, the proof
   * search): a helper's move counts as done by its proven ceiling at or
   * under alpha, and the lead searches again only the others. Otherwise
   * (an iteration) a move counts by its value, and the lead needs every one.
   */
  readonly proof: boolean;
}

/** One solver's side of the control words. */
export class ShareControl {
  private readonly words: Int32Array;
  /** The round's alpha and kind (set by `publish` / `awaitRound`). */
  private alpha = 0;
  private proof = false;
  /** The round this solver is in, and where its claim words start. */
  private round = 0;
  private claims = CLAIMS;
  /** Lead: searching again the helper's moves it still needs (see `claim`). */
  rescuing = false;

  constructor(
    share: EndgameShare,
    private readonly lead: boolean,
  ) {
    this.words = new Int32Array(share.control);
  }

  /** Whether a next round's claim words hold `moves` root moves (and the pass). */
  fits(moves: number): boolean {
    return CLAIMS + (this.round + 1) * (moves + 1) <= this.words.length;
  }

  /**
   * Whether root move `i` (the pass: the root play count) is this solver's
   * to search, claiming it when nobody has. When rescuing, the lead takes
   * the helper's moves it still needs (see `wanted`).
   */
  claim(i: number): boolean {
    const w = this.words;
    if (this.rescuing) return this.wanted(Atomics.load(w, this.claims + i));
    const mine = this.lead ? LEAD : HELPER;
    return Atomics.compareExchange(w, this.claims + i, FREE, mine) === FREE;
  }

  /**
   * Whether the lead needs to search again a move claimed `c`: a proof
   * needs the helper's moves not proven at or under alpha, a search that
   * sets the value every one of the helper's.
   */
  private wanted(c: number): boolean {
    return c === HELPER || c === FAILED || (c === PROVEN && !this.proof);
  }

  /**
   * Helper: its move i is searched, worth `v` with proven ceiling `ceil`
   * (a proof counts the ceiling, a search the value).
   */
  searched(i: number, v: number, ceil: number): void {
    if (this.lead) return;
    const done = (this.proof ? ceil : v) <= this.alpha;
    Atomics.store(this.words, this.claims + i, done ? PROVEN : FAILED);
  }

  /** Lead: whether the helper holds moves (of `moves` and the pass) the lead must search again. */
  unproven(moves: number): boolean {
    for (let i = 0; i <= moves; i++)
      if (this.wanted(Atomics.load(this.words, this.claims + i))) return true;
    return false;
  }

  /**
   * Lead: the root search `search` over `moves` root moves starts now, a
   * new round (`fits` must hold).
   */
  publish(search: RootSearch, moves: number): void {
    const w = this.words;
    this.claims = CLAIMS + this.round * (moves + 1);
    this.alpha = search.alpha;
    this.proof = search.proof;
    w[ALPHA] = search.alpha;
    w[BETA] = search.beta;
    w[DEPTH] = search.depth;
    w[PARITY] = search.cutParity;
    w[PROOF] = search.proof ? 1 : 0;
    w[MOVES] = moves + 1;
    Atomics.store(w, STATE, SEARCHING);
    Atomics.store(w, ROUND, ++this.round);
    Atomics.notify(w, ROUND);
  }

  /** Lead: this round's search is over (the helper drops its part). */
  endRound(): void {
    Atomics.store(this.words, STATE, WAITING);
  }

  /** Lead: the helper has no more to do (it stops at its next check). */
  stop(): void {
    Atomics.store(this.words, STATE, STOP);
    Atomics.add(this.words, ROUND, 1);
    Atomics.notify(this.words, ROUND);
  }

  /** Helper: whether its round is over; lead: whether it has stopped the helper. */
  stopped(): boolean {
    const w = this.words;
    if (this.lead) return Atomics.load(w, STATE) === STOP;
    return Atomics.load(w, STATE) !== SEARCHING || Atomics.load(w, ROUND) !== this.round;
  }

  /**
   * Helper: wait (at most `millis`) for the lead's next root search, or
   * null when the lead stopped or time ran out first. A round already
   * over when the helper gets to it is skipped.
   */
  awaitRound(millis: number): RootSearch | null {
    const w = this.words;
    const until = performance.now() + millis;
    for (;;) {
      const round = Atomics.load(w, ROUND);
      const state = Atomics.load(w, STATE);
      if (state === STOP) return null;
      if (round !== this.round && state === SEARCHING) {
        this.round = round;
        this.claims = CLAIMS + (round - 1) * w[MOVES];
        this.alpha = w[ALPHA];
        this.proof = w[PROOF] === 1;
        return {
          alpha: this.alpha,
          beta: w[BETA],
          depth: w[DEPTH],
          cutParity: w[PARITY],
          proof: this.proof,
        };
      }
      this.round = round;
      const left = until - performance.now();
      if (left <= 0) return null;
      Atomics.wait(w, ROUND, round, left);
    }
  }
}
