/**
 * Puzzle answers: they agree with an independent full move generation of
 * the same position (brute force, every move, ranked by equity computed
 * here), equivalent answers are accepted (the transposed opening, a one-tile
 * play read either way), and the stored CGP rebuilds the position.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Board } from '../src/board/board.ts';
import { boardLayout } from '../src/board/layouts.ts';
import { cgpFromGame, gameFromCgp } from '../src/formats/cgp/game.ts';
import { truncate } from '../src/game/history.ts';
import { parseCoord } from '../src/board/coords.ts';
import { findPuzzles, isCorrectAnswer, type Puzzle } from '../src/puzzles/index.ts';
import { freshKey, otherReading, placementText } from '../src/puzzles/answers.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { parseTiles } from '../src/tiles/notation.ts';
import { bruteForce, indexWords, type WordIndex } from './movegen-helpers.ts';
import { enableWords, fixtureGame, puzzleResources } from './puzzles-helpers.ts';

const set = letterSet('english');
const layout = boardLayout('CrosswordGame');
const res = puzzleResources(false);
/** Static answers everywhere (a simulation never overrules), to compare with brute force. */
const STATIC = { sim: { below: 0 } } as const;

describe('answers agree with an independent full move generation', () => {
  let index: WordIndex;
  beforeAll(() => {
    index = indexWords(enableWords());
  }, 120_000);

  /** Every move of the puzzle's position, by equity = score + leave value, best first. */
  function independentRanking(p: Puzzle): { key: string; equity: number; score: number }[] {
    const pos = gameFromCgp(p.cgp);
    if (!pos.ok) throw new Error(pos.message);
    const g = pos.value;
    expect(g.racks[0].size).toBe(7);
    const rack = g.racks[0].counts;
    const leaves = res.leaves!;
    const leaveValue = (used: Uint8Array): number => {
      const left = Uint8Array.from(rack, (c, t) => c - used[t]);
      return leaves.value(left);
    };
    const out: { key: string; equity: number; score: number }[] = [];
    for (const [key, score] of bruteForce(g.board, set, rack, index)) {
      const used = new Uint8Array(set.size);
      for (const part of key.split(',')) {
        const t = Number(part.split(':')[1]);
        used[t & 0x80 ? 0 : t]++;
      }
      out.push({ key, score, equity: score + leaveValue(used) });
    }
    // Exchanges (every distinct non-empty multiset) and the pass.
    const exchanges = new Set<string>();
    const walk = (t: number, used: Uint8Array, n: number) => {
      if (t === set.size) {
        const k = used.join(',');
        if (n > 0 && !exchanges.has(k)) {
          exchanges.add(k);
          out.push({ key: `-${k}`, score: 0, equity: leaveValue(used) });
        }
        return;
      }
      for (let c = 0; c <= rack[t]; c++) {
        used[t] = c;
        walk(t + 1, used, n + c);
      }
      used[t] = 0;
    };
    walk(0, new Uint8Array(set.size), 0);
    out.push({ key: '-', score: 0, equity: leaveValue(new Uint8Array(set.size)) });
    return out.sort((a, b) => b.equity - a.equity);
  }

  /** The brute-force key (square:tile, sorted) of a puzzle's answer. */
  function bruteKey(p: Puzzle): string {
    const a = p.answer.placement;
    const parts: string[] = [];
    a.tiles.forEach((t, i) => {
      if (t === 0) return;
      const sq = (a.vertical ? a.row + i : a.row) * 15 + (a.vertical ? a.col : a.col + i);
      parts.push(`${sq}:${t}`);
    });
    return parts.sort().join(',');
  }

  for (const file of ['puzzles-equity.gcg', 'pkg-puzzles-r3_ewans.gcg']) {
    it(`in every position of ${file}`, () => {
      const found = findPuzzles(fixtureGame(file), res, STATIC);
      const midgame = found.puzzles.filter((p) => !p.cgp.startsWith('15/15/15/15/15/15/15/15/'));
      expect(midgame.length).toBeGreaterThan(8);
      for (const p of midgame) {
        const ranking = independentRanking(p);
        const [best, second] = ranking;
        // Plays of equal equity (NICEST and INCEST on the same squares) tie; either may lead.
        const tied = ranking.filter((m) => Math.abs(m.equity - best.equity) < 1e-9);
        expect(
          tied.map((m) => m.key),
          `${file} event ${p.eventIndex}`,
        ).toContain(bruteKey(p));
        expect(p.answer.score).toBe(tied.find((m) => m.key === bruteKey(p))?.score);
        expect(p.answer.equity).toBeCloseTo(best.equity, 1);
        expect(p.staticMargin).toBeCloseTo(best.equity - second.equity, 1);
      }
    }, 300_000);
  }
});

describe('equivalent answers', () => {
  it('accepts a transposed opening through the centre, and the vertical opening played costs nothing', () => {
    // Bob opened H4 QUANT (down); across through the centre is the same play.
    const game = fixtureGame('pkg-puzzles-test_vertical_openings_1.gcg');
    const r = findPuzzles(game, res, { ...STATIC, events: [2] });
    const [p] = r.puzzles;
    expect(p.eventIndex).toBe(2);
    expect(p.answer.text).toBe('8D QUANT');
    expect(p.equivalents).toEqual(['H4 QUANT']);
    expect(p.played).toBe('H4 QUANT');
    expect(r.turns.find((t) => t.eventIndex === 2)?.loss).toBe(0);
    expect(isCorrectAnswer(p, 'H4 QUANT')).toBe(true);
    expect(isCorrectAnswer(p, '8D QUANT')).toBe(true);
    expect(isCorrectAnswer(p, { ...p.answer.placement })).toBe(true);
    // Not the same squares: wrong.
    expect(isCorrectAnswer(p, '8E QUANT')).toBe(false);
    expect(isCorrectAnswer(p, 'H5 QUANT')).toBe(false);
    expect(isCorrectAnswer(p, '8D QUA')).toBe(false);
    expect(isCorrectAnswer(p, 'nonsense')).toBe(false);
  }, 120_000);

  it('does not count the opening and its transposition as two plays (the margin is real)', () => {
    const game = fixtureGame('pkg-puzzles-test_vertical_openings_2.gcg');
    const [p] = findPuzzles(game, res, { ...STATIC, events: [0] }).puzzles;
    expect(p.answer.text).toBe('8D ZINNIA');
    expect(p.equivalents).toEqual(['H4 ZINNIA']);
    expect(p.staticMargin).toBeGreaterThan(10);
    expect(isCorrectAnswer(p, 'H4 ZINNIA')).toBe(true);
  }, 120_000);

  it('accepts a one-tile play read across or down, with or without the letters it touches', () => {
    // After QI (8G) and FORK (9H): a tile on 9G reads across with ORK... and down under the Q.
    const game = fixtureGame('puzzles-equity.gcg');
    const at = truncate(game, 2);
    if (!at.ok) throw new Error(at.message);
    const board = at.value.board;
    const across = { ...coord('9G'), tiles: tiles('A....') };
    const down = otherReading(board, across);
    expect(down && placementText(set, down)).toBe('G8 .A');
    expect(freshKey(down!)).toBe(freshKey(across));
    const puzzle = {
      answer: { placement: across },
      equivalents: [placementText(set, down!)],
      letterDistribution: 'english',
      boardLayout: 'CrosswordGame',
    } as unknown as Puzzle;
    for (const text of ['9G A....', 'G8 .A', 'G9 A', '9G A']) {
      expect(isCorrectAnswer(puzzle, text), text).toBe(true);
    }
    expect(isCorrectAnswer(puzzle, '9G E....')).toBe(false);
    // With the position at hand the letters on the board may be spelled out.
    const withBoard = { ...puzzle, cgp: cgpFromGame(at.value) };
    expect(isCorrectAnswer(withBoard, '9G AFORK')).toBe(true);
    expect(isCorrectAnswer(withBoard, 'G8 QA')).toBe(true);
    expect(isCorrectAnswer(puzzle, '9G AFORK')).toBe(false);
    expect(isCorrectAnswer(withBoard, '9G AFORT')).toBe(false);
    expect(isCorrectAnswer(puzzle, 'G9 AT')).toBe(false);
    expect(Board.fromSquares(layout, board.squares).get(7, 6)).not.toBe(0);
  }, 120_000);

  it('stores a CGP that rebuilds the position the player faced', () => {
    const game = fixtureGame('puzzles-only_bingo.gcg');
    const r = findPuzzles(game, res, STATIC);
    for (const p of r.puzzles) {
      const pos = gameFromCgp(p.cgp);
      expect(pos.ok).toBe(true);
      if (!pos.ok) continue;
      const before = truncate(game, p.eventIndex);
      if (!before.ok) throw new Error(before.message);
      expect(Array.from(pos.value.board.squares)).toEqual(Array.from(before.value.board.squares));
      expect(pos.value.scores).toEqual(p.scores);
      expect(p.rack).toHaveLength(7);
      expect(game.events[p.eventIndex].rack.split('').sort().join('')).toBe(
        p.rack.split('').sort().join(''),
      );
    }
  }, 120_000);
});

function coord(text: string) {
  const c = parseCoord(text, 15);
  if (!c.ok) throw new Error(c.message);
  return c.value;
}

function tiles(text: string): Uint8Array {
  const t = parseTiles(set, text, 'word');
  if (!t.ok) throw new Error(t.message);
  return t.value;
}
