import { describe, expect, it } from 'vitest';
import { Board } from '../src/board/board.ts';
import { letterSet } from '../src/tiles/letter-sets.ts';
import { Movegen } from '../src/movegen/index.ts';
import {
  bruteForce,
  englishWords,
  generated,
  indexWords,
  lexiconOf,
  randomPositions,
} from './movegen-helpers.ts';

const set = letterSet('english');
const words = englishWords(10);
const lex = lexiconOf('english', words);
const index = indexWords(words);

describe('move generator', () => {
  it('finds the same opening moves as brute force', () => {
    const mg = new Movegen(lex, set);
    const board = Board.empty();
    const rack = new Uint8Array(set.size);
    for (const ch of 'WINDYER') rack[set.codeByRune.get(ch)!]++;
    const a = generated(mg, board, rack);
    const b = bruteForce(board, set, rack.slice(), index);
    expect(a.size).toBeGreaterThan(0);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
  });

  it('agrees with brute force on random positions', () => {
    const mg = new Movegen(lex, set);
    let n = 0;
    for (const { board, rack } of randomPositions(mg, set, 'CrosswordGame', 7, 20, 10)) {
      const a = generated(mg, board, rack);
      const b = bruteForce(board, set, rack.slice(), index);
      if (a.size !== b.size || [...b].some(([k, v]) => a.get(k) !== v)) {
        const missing = [...b.keys()].filter((k) => !a.has(k)).slice(0, 5);
        const extra = [...a.keys()].filter((k) => !b.has(k)).slice(0, 5);
        const wrong = [...b].filter(([k, v]) => a.has(k) && a.get(k) !== v).slice(0, 5);
        throw new Error(
          `position ${n}: missing ${missing} extra ${extra} wrong ${JSON.stringify(wrong)}`,
        );
      }
      n++;
    }
    expect(n).toBe(200);
  }, 60_000);

  it('agrees with brute force on a real lexicon (SCOWL up to size 70)', () => {
    const big = englishWords(70, true);
    const bigLex = lexiconOf('english', big);
    const bigIndex = indexWords(big);
    const mg = new Movegen(bigLex, set);
    let n = 0;
    for (const { board, rack } of randomPositions(mg, set, 'CrosswordGame', 99, 2, 6)) {
      const a = generated(mg, board, rack);
      const b = bruteForce(board, set, rack.slice(), bigIndex);
      expect(a.size).toBe(b.size);
      for (const [k, v] of b) expect(a.get(k)).toBe(v);
      n++;
    }
    expect(n).toBe(12);
  }, 120_000);
});
