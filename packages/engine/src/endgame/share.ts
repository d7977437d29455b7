/**
 * Two solvers on one endgame, each on its own thread: they share the
 * transposition table and split the proof search's root moves.
 *
 * The lead (EndgameSolver.solve with `share`) deepens as usual. When it
 * starts the proof search (one null-window search with no horizon asking
 * whether any root move beats the proven floor v) it publishes v; the
 * helper (EndgameSolver.help) then runs the same search. Each root move is
 * searched by whichever solver claims it first (one atomic exchange per
 * move), so the work splits evenly whatever each subtree costs, and the
 * helper marks each of its moves proven at or under v, or not, when done.
 * Having tried every move, the lead searches again those the helper has
 * not proven yet (still searching them, or a slow start), so it never
 * waits: v is proven when every move is at or under v, by either solver.
 * When a move beats v the round ends (the helper drops its search) and
 * deepening goes on; the next proof search is a new round with its own
 * claim words, so a late write from the last one cannot count in it.
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
const VALUE = 1;
const DEPTH = 2;
/** Proof searches published so far (the current one's number). */
const ROUND = 3;
/** Root moves (and the pass) per round's claim words. */
const MOVES = 4;
const CLAIMS = 8;
/** Control words: the fields above, then per round one claim per root move (pass last). */
const SHARE_WORDS = CLAIMS + (1 << 16);

/** STATE: no proof search under way / one is / the helper must stop for good. */
const WAITING = 0;
const PROVING = 1;
const STOP = 2;
/** A root move's claim: nobody's / the lead's / the helper's, proven at or under v / not. */
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

/** One solver's side of the control words. */
export class ShareControl {
  private readonly words: Int32Array;
  /** The value being proven (set by `publish` / `awaitProof`). */
  private v = 0;
  /** The round this solver is in, and where its claim words start. */
  private round = 0;
  private claims = CLAIMS;
  /** Lead: searching again the moves the helper has not proven (see `claim`). */
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
   * the helper's moves not proven yet.
   */
  claim(i: number): boolean {
    const w = this.words;
    if (this.rescuing) {
      const c = Atomics.load(w, this.claims + i);
      return c === HELPER || c === FAILED;
    }
    const mine = this.lead ? LEAD : HELPER;
    return Atomics.compareExchange(w, this.claims + i, FREE, mine) === FREE;
  }

  /** Helper: its move i is searched, with proven ceiling `ceil`. */
  searched(i: number, ceil: number): void {
    if (!this.lead) Atomics.store(this.words, this.claims + i, ceil <= this.v ? PROVEN : FAILED);
  }

  /** Lead: whether the helper holds moves (of `moves` and the pass) it has not proven. */
  unproven(moves: number): boolean {
    for (let i = 0; i <= moves; i++) {
      const c = Atomics.load(this.words, this.claims + i);
      if (c === HELPER || c === FAILED) return true;
    }
    return false;
  }

  /**
   * Lead: the proof search of value v to `depth` plies over `moves` root
   * moves starts now, a new round (`fits` must hold).
   */
  publish(v: number, depth: number, moves: number): void {
    const w = this.words;
    this.claims = CLAIMS + this.round * (moves + 1);
    this.v = v;
    w[VALUE] = v;
    w[DEPTH] = depth;
    w[MOVES] = moves + 1;
    Atomics.store(w, STATE, PROVING);
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
    return Atomics.load(w, STATE) !== PROVING || Atomics.load(w, ROUND) !== this.round;
  }

  /**
   * Helper: wait (at most `millis`) for the lead's next proof search; its
   * value and depth, or null when the lead stopped or time ran out first.
   * A round already over when the helper gets to it is skipped.
   */
  awaitProof(millis: number): { v: number; depth: number } | null {
    const w = this.words;
    const until = performance.now() + millis;
    for (;;) {
      const round = Atomics.load(w, ROUND);
      const state = Atomics.load(w, STATE);
      if (state === STOP) return null;
      if (round !== this.round && state === PROVING) {
        this.round = round;
        this.claims = CLAIMS + (round - 1) * w[MOVES];
        this.v = w[VALUE];
        return { v: this.v, depth: w[DEPTH] };
      }
      this.round = round;
      const left = until - performance.now();
      if (left <= 0) return null;
      Atomics.wait(w, ROUND, round, left);
    }
  }
}
