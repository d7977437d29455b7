/**
 * The acceptance check shared by the movegen-agree-* test files: on random
 * positions the generator's placements and scores equal the brute force's,
 * and the shadow-bounded top-N search returns the same best equities as
 * sorting every move.
 */
import { expect } from 'vitest';
import type { BoardLayoutName } from '../src/board/layouts.ts';
import { Movegen } from '../src/movegen/index.ts';
import type { LetterSet } from '../src/tiles/letter-sets.ts';
import { rng } from './lexicon-helpers.ts';
import {
  bruteForce,
  generated,
  indexWords,
  lexiconOf,
  randomPositions,
  type WordIndex,
} from './movegen-helpers.ts';

export interface AgreementRun {
  readonly set: LetterSet;
  readonly words: Uint8Array[];
  readonly layout: BoardLayoutName;
  readonly seed: number;
  readonly positions: number;
  /** Give every rack this many blanks (replacing tiles). */
  readonly blanks?: number;
}

/** A deterministic, lumpy leave function so equities are not just scores. */
function leaveFn(leave: Uint8Array, size: number): number {
  let v = 0;
  for (let t = 0; t < leave.length; t++) if (leave[t]) v += ((t * 7919) % 13) * 0.37 - 2 + leave[t];
  return v - size * 0.5;
}

export function runAgreement(run: AgreementRun): number {
  const lex = lexiconOf(run.set.name, run.words, run.layout === 'SuperCrosswordGame' ? 21 : 15);
  const index: WordIndex = indexWords(run.words);
  const mg = new Movegen(lex, run.set, run.layout);
  const check = new Movegen(lex, run.set, run.layout);
  const rand = rng(run.seed ^ 0x5bd1e995);
  const games = Math.ceil(run.positions / 12);
  let n = 0;
  let moves = 0;
  for (const { board, rack } of randomPositions(mg, run.set, run.layout, run.seed, games, 12)) {
    if (n >= run.positions) break;
    if (run.blanks) {
      for (let b = 0; b < run.blanks; b++) {
        const present = [...rack.keys()].filter((t) => t > 0 && rack[t] > 0);
        if (present.length) rack[present[Math.floor(rand() * present.length)]]--;
        rack[0]++;
      }
    }
    const mine = generated(mg, board, rack);
    const brute = bruteForce(board, run.set, rack.slice(), index);
    const missing = [...brute.keys()].filter((k) => !mine.has(k));
    const extra = [...mine.keys()].filter((k) => !brute.has(k));
    const wrong = [...brute].filter(([k, v]) => mine.has(k) && mine.get(k) !== v);
    if (missing.length || extra.length || wrong.length) {
      expect({ position: n, missing, extra, wrong }).toEqual({
        position: n,
        missing: [],
        extra: [],
        wrong: [],
      });
    }
    // Top-N by shadow bounds against a full sort, with a leave function.
    const top = 1 + (n % 5);
    const all = check.generate(board.squares, rack, {
      leave: leaveFn,
      exchanges: false,
      pass: false,
    });
    const best = Array.from(all.equity.subarray(0, all.count))
      .sort((a, b) => b - a)
      .slice(0, top);
    const shadow = mg.generate(board.squares, rack, {
      leave: leaveFn,
      top,
      exchanges: false,
      pass: false,
    });
    expect(Array.from(shadow.equity.subarray(0, shadow.count))).toEqual(best);
    moves += mine.size;
    n++;
  }
  expect(n).toBe(run.positions);
  return moves;
}
