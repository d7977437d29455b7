/**
 * An independent judge of puzzle answers: every legal move of a CGP
 * position by brute force, ranked by static equity computed here. It shares
 * no code with the move generator or the puzzle finder: placements are
 * tried square by square and pruned with a sorted list of the lexicon's
 * words (binary search for prefixes), then checked and scored by the rules
 * module; the equity is the score plus the leave model's value of the tiles
 * kept, plus the opening penalty for a vowel beside a letter bonus square
 * on an empty board (docs/BOTS.md, "Static equity").
 */
import {
  type Board,
  cgp,
  checkPlacement,
  type GameState,
  LETTER_MASK,
  type Lexicon,
  type Placement,
  scorePlacement,
  tileScoreTable,
  wordsFormed,
} from '@tessera/engine';
import { leavesFor } from '@tessera/engine/ai';

/** What the opening penalty takes off for each vowel beside a DL or TL square. */
const OPENING_VOWEL_PENALTY = 0.7;
const BLANK_BIT = 0x80;

export interface JudgedPlay {
  /** Fresh tiles by square (sorted); on an empty board the smaller of the key and its transposition. */
  key: string;
  placement: Placement | null;
  score: number;
  equity: number;
}

const keyOf = (w: ArrayLike<number>): string => {
  let s = '';
  for (let i = 0; i < w.length; i++) s += String.fromCharCode(w[i] & LETTER_MASK);
  return s;
};

/** The lexicon's words as sorted strings of machine letters. */
export class SortedWords {
  private readonly words: string[] = [];

  constructor(lexicon: Lexicon) {
    for (const w of lexicon.words()) this.words.push(keyOf(w));
    this.words.sort();
  }

  get size(): number {
    return this.words.length;
  }

  /** Index of the first word not below `s`. */
  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  has(s: string): boolean {
    return this.words[this.lowerBound(s)] === s;
  }

  /** Whether some word starts with `s`. */
  isPrefix(s: string): boolean {
    const w = this.words[this.lowerBound(s)];
    return w !== undefined && w.startsWith(s);
  }
}

/** Fresh tiles by square, `sq:tile` sorted; `transpose` swaps rows and columns. */
export function squaresKey(p: Placement, dim: number, transpose = false): string {
  const parts: string[] = [];
  p.tiles.forEach((t, i) => {
    if (t === 0) return;
    let r = p.vertical ? p.row + i : p.row;
    let c = p.vertical ? p.col : p.col + i;
    if (transpose) [r, c] = [c, r];
    parts.push(`${r * dim + c}:${t}`);
  });
  return parts.sort().join(',');
}

/** The position of a puzzle: the game from its CGP, the mover's rack first. */
export function positionOf(cgpText: string): GameState {
  const g = cgp.gameFromCgp(cgpText);
  if (!g.ok) throw new Error(`bad CGP ${cgpText}: ${g.message}`);
  return g.value;
}

/** Every legal placement, exchange and pass of the CGP's mover, best equity first. */
export function judge(cgpText: string, words: SortedWords, lexiconName: string): JudgedPlay[] {
  const g = positionOf(cgpText);
  const set = g.set;
  const board = g.board;
  const rack = Uint8Array.from(g.racks[0].counts);
  const leaves = leavesFor(lexiconName, set.name);
  const leaveValue = (kept: Uint8Array) => (leaves ? leaves.value(kept) : 0);
  const opening = board.isEmpty;
  const near = opening ? bonusNeighbours(board) : null;
  const out = new Map<string, JudgedPlay>();

  for (const p of placements(board, rack, words)) {
    const kept = Uint8Array.from(rack);
    let penalty = 0;
    p.tiles.forEach((t, i) => {
      if (t === 0) return;
      kept[t & BLANK_BIT ? 0 : t]--;
      const sq = p.vertical ? (p.row + i) * board.dim + p.col : p.row * board.dim + p.col + i;
      if (near?.[sq] && set.letters[t & LETTER_MASK].vowel) penalty += OPENING_VOWEL_PENALTY;
    });
    const score = scorePlacement(board, p, tileScoreTable(set));
    const k = squaresKey(p, board.dim);
    const t = squaresKey(p, board.dim, true);
    const key = opening && t < k ? t : k;
    const play = { key, placement: p, score, equity: score + leaveValue(kept) - penalty };
    if (!out.has(key) || out.get(key)!.equity < play.equity) out.set(key, play);
  }
  // Exchanges (each distinct non-empty set of tiles) and the pass.
  if (g.bag.size >= g.rules.exchangeMinBag) {
    const kept = Uint8Array.from(rack);
    const walk = (t: number, n: number) => {
      if (t === set.size) {
        if (n === 0) return;
        const key = `-${kept.join(',')}`;
        out.set(key, { key, placement: null, score: 0, equity: leaveValue(kept) });
        return;
      }
      for (let c = 0; c <= rack[t]; c++) {
        kept[t] = rack[t] - c;
        walk(t + 1, n + c);
      }
      kept[t] = rack[t];
    };
    walk(0, 0);
  }
  out.set('-', { key: '-', placement: null, score: 0, equity: leaveValue(rack) });
  return [...out.values()].sort((a, b) => b.equity - a.equity);
}

/** Squares orthogonally beside a letter bonus square. */
function bonusNeighbours(board: Board): boolean[] {
  const { dim, letterMult } = board.layout;
  const out: boolean[] = [];
  for (let r = 0; r < dim; r++) {
    for (let c = 0; c < dim; c++) {
      out.push(
        [
          [r - 1, c],
          [r + 1, c],
          [r, c - 1],
          [r, c + 1],
        ].some(([y, x]) => y >= 0 && x >= 0 && y < dim && x < dim && letterMult[y * dim + x] > 1),
      );
    }
  }
  return out;
}

/**
 * Every legal placement of `rack` (counts, 0 = blanks): from each square
 * whose predecessor in the line is empty, letters are laid one square at a
 * time while the main word so far begins some word and each fresh tile's
 * cross word is a word; each candidate is then checked (connected, in
 * line) by the rules module and every word it forms looked up.
 */
function* placements(board: Board, rack: Uint8Array, words: SortedWords): Generator<Placement> {
  const { dim, squares } = board;
  const letters = rack.length;
  const tiles: number[] = [];
  let fresh = 0;
  const found: Placement[] = [];

  const at = (r: number, c: number) =>
    r < 0 || c < 0 || r >= dim || c >= dim ? 0 : squares[r * dim + c];

  /** The word across the line through (r, c) with `tile` there; '' when the tile stands alone. */
  const crossWord = (r: number, c: number, vertical: boolean, tile: number): string => {
    const [dr, dc] = vertical ? [0, 1] : [1, 0];
    let r0 = r;
    let c0 = c;
    while (at(r0 - dr, c0 - dc) !== 0) [r0, c0] = [r0 - dr, c0 - dc];
    let w = '';
    for (let y = r0, x = c0; y < dim && x < dim; y += dr, x += dc) {
      const t = y === r && x === c ? tile : at(y, x);
      if (t === 0) break;
      w += String.fromCharCode(t & LETTER_MASK);
    }
    return w.length > 1 ? w : '';
  };

  const consider = (row: number, col: number, vertical: boolean) => {
    const p: Placement = { row, col, vertical, tiles: Uint8Array.from(tiles) };
    if (checkPlacement(board, p, null, letters) !== null) return;
    for (const w of wordsFormed(board, p)) if (!words.has(keyOf(w))) return;
    found.push(p);
  };

  const extend = (row: number, col: number, vertical: boolean, word: string) => {
    const k = tiles.length;
    const r = vertical ? row + k : row;
    const c = vertical ? col : col + k;
    if (r >= dim || c >= dim) return;
    const here = at(r, c);
    const end = () => (vertical ? at(r + 1, c) : at(r, c + 1)) === 0;
    if (here !== 0) {
      const next = word + String.fromCharCode(here & LETTER_MASK);
      if (!words.isPrefix(next)) return;
      tiles.push(0);
      if (fresh > 0 && end()) consider(row, col, vertical);
      extend(row, col, vertical, next);
      tiles.pop();
      return;
    }
    for (let t = 1; t < letters; t++) {
      const next = word + String.fromCharCode(t);
      if (!words.isPrefix(next)) continue;
      for (const src of [t, 0]) {
        if (rack[src] === 0) continue;
        const tile = src === 0 ? t | BLANK_BIT : t;
        const cw = crossWord(r, c, vertical, tile);
        if (cw !== '' && !words.has(cw)) continue;
        rack[src]--;
        fresh++;
        tiles.push(tile);
        if (end()) consider(row, col, vertical);
        extend(row, col, vertical, next);
        tiles.pop();
        fresh--;
        rack[src]++;
      }
    }
  };

  let rackSize = 0;
  for (const n of rack) rackSize += n;
  const centre = board.layout.centre;
  /** Whether a play from (row, col) can reach a tile (or the centre) with the rack's tiles. */
  const reaches = (row: number, col: number, vertical: boolean): boolean => {
    let empties = 0;
    for (let r = row, c = col; r < dim && c < dim; vertical ? r++ : c++) {
      if (at(r, c) !== 0) return true;
      if (++empties > rackSize) return false;
      if (
        board.isEmpty
          ? r * dim + c === centre
          : at(r - 1, c) || at(r + 1, c) || at(r, c - 1) || at(r, c + 1)
      )
        return true;
    }
    return false;
  };

  for (const vertical of [false, true]) {
    for (let row = 0; row < dim; row++) {
      for (let col = 0; col < dim; col++) {
        if ((vertical ? at(row - 1, col) : at(row, col - 1)) !== 0) continue;
        if (!reaches(row, col, vertical)) continue;
        extend(row, col, vertical, '');
      }
    }
  }
  yield* found;
}
