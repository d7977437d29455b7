/**
 * The analyzer (docs/product/gameplay.md §2 and §3 "analyzer move"): the best moves of a
 * position by equity, each with the fields the analyzer table shows. Pure
 * engine code, so the browser runs it in a Web Worker on a lexicon loaded
 * from its graph file, and the server runs it in a worker thread.
 *
 * Optionally the candidates are re-ranked by a short simulation (their
 * `equity` then is the simulated value). A move the player actually made
 * can be passed in: it is marked `chosen`, added when it is not among the
 * best, and checked for validity (a phony shows `valid: false` and the
 * words the lexicon rejects).
 */
import { printCoord } from '../board/coords.ts';
import type { GameState } from '../game/state.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { checkPlacement, type Placement } from '../rules/placement.ts';
import { scorePlacement, tileScoreTable } from '../rules/score.ts';
import { wordsFormed } from '../rules/words.ts';
import { LETTER_MASK } from '../tiles/letter-sets.ts';
import { printTiles, sortTiles } from '../tiles/notation.ts';
import { equityLeaveFn, openingPenalty, rackValue } from '../equity/equity.ts';
import type { LeaveModel } from '../equity/leave-model.ts';
import { Movegen, leaveOf } from '../movegen/movegen.ts';
import { EXCHANGE, MAX_LEN, PASS, type MoveList } from '../movegen/moves.ts';
import { FastGame } from '../sim/fast-game.ts';
import { SimRunner, simulate, summary } from '../sim/simulate.ts';

/** Analyzer table size (docs/product/gameplay.md §9). */
export const ANALYZER_MOVES = 15;

export interface AnalyzerMove {
  readonly jsonKey: string;
  readonly displayMove: string;
  readonly coordinates: string;
  readonly vertical: boolean;
  readonly row: number;
  readonly col: number;
  readonly score: number;
  readonly equity: number;
  readonly tiles: string;
  readonly leave: string;
  readonly isExchange: boolean;
  readonly valid: boolean;
  readonly invalid_words: string[];
  readonly chosen: boolean;
}

export interface AnalyzeOptions {
  readonly lexicon: Lexicon;
  readonly leaves: LeaveModel | null;
  readonly count?: number;
  /** Simulate the candidates for this long (ms) and rank by the result. */
  readonly simMillis?: number;
  /** The move actually played, if any. */
  readonly played?: Placement | { exchange: Uint8Array } | 'pass';
}

export function analyze(g: GameState, opts: AnalyzeOptions): AnalyzerMove[] {
  const { set } = g;
  const mg = new Movegen(opts.lexicon, set, g.board.layout);
  mg.board.setSquares(g.board.squares);
  const p = g.playerOnTurn;
  const rack = g.racks[p].counts;
  const count = opts.count ?? ANALYZER_MOVES;
  const list = mg.generate(null, rack, {
    top: count,
    leave: equityLeaveFn({
      model: opts.leaves,
      bagSize: g.bag.size,
      oppRackValue: rackValue(set, g.racks[1 - p].counts),
      set,
    }),
    bagSize: g.bag.size,
    exchangeMinBag: g.rules.exchangeMinBag,
    opening: openingPenalty(g.board.layout, set),
  });
  let values: number[] = Array.from(list.equity.subarray(0, list.count));
  if (opts.simMillis && g.bag.size > 0 && list.count > 1) {
    const fast = new FastGame(mg);
    fast.loadGame(g);
    const stats = simulate(new SimRunner(mg, opts.leaves), fast, list, { millis: opts.simMillis });
    values = stats.map((s) => (s.n > 0 ? summary(s).mean : -Infinity));
  }
  const order = Array.from({ length: list.count }, (_, i) => i).sort(
    (a, b) => values[b] - values[a],
  );
  const out = order.map((i) => describe(g, mg, list, i, values[i], rack));
  if (opts.played) {
    const key = playedKey(g, opts.played);
    const at = out.findIndex((m) => m.jsonKey === key);
    if (at >= 0) out[at] = { ...out[at], chosen: true };
    else out.push(describePlayed(g, opts, rack));
  }
  return out;
}

function describe(
  g: GameState,
  mg: Movegen,
  list: MoveList,
  i: number,
  equity: number,
  rack: Uint8Array,
): AnalyzerMove {
  const set = g.set;
  const kind = list.kind[i];
  const leave = printTiles(set, leaveOf(list, i, rack, set.size), 'rack');
  const base = i * MAX_LEN;
  const tilesRaw = list.tiles.slice(base, base + list.len[i]);
  const eq = Math.round(equity * 100) / 100;
  if (kind === PASS || kind === EXCHANGE) {
    const tiles = kind === EXCHANGE ? printTiles(set, sortTiles(tilesRaw), 'rack') : '';
    const text = kind === EXCHANGE ? `-${tiles}` : '-';
    return {
      jsonKey: text,
      displayMove: kind === EXCHANGE ? `Exch. ${tiles}` : 'Pass',
      coordinates: '',
      vertical: false,
      row: 0,
      col: 0,
      score: 0,
      equity: eq,
      tiles,
      leave,
      isExchange: kind === EXCHANGE,
      valid: true,
      invalid_words: [],
      chosen: false,
    };
  }
  const pl = mg.placementOf(list, i);
  const text = mg.moveText(list, i);
  return {
    jsonKey: text,
    displayMove: text,
    coordinates: printCoord(pl),
    vertical: pl.vertical,
    row: pl.row,
    col: pl.col,
    score: list.score[i],
    equity: eq,
    tiles: printTiles(set, tilesRaw, 'word'),
    leave,
    isExchange: false,
    valid: true,
    invalid_words: [],
    chosen: false,
  };
}

function playedKey(g: GameState, played: NonNullable<AnalyzeOptions['played']>): string {
  if (played === 'pass') return '-';
  if ('exchange' in played) return `-${printTiles(g.set, sortTiles(played.exchange), 'rack')}`;
  return `${printCoord(played)} ${printTiles(g.set, played.tiles, 'word')}`;
}

/** The played move when it is not among the best: scored, checked, equity from its leave. */
function describePlayed(g: GameState, opts: AnalyzeOptions, rack: Uint8Array): AnalyzerMove {
  const played = opts.played!;
  const key = playedKey(g, played);
  if (played === 'pass' || 'exchange' in played) {
    const isExchange = played !== 'pass';
    return {
      jsonKey: key,
      displayMove: isExchange ? `Exch. ${key.slice(1)}` : 'Pass',
      coordinates: '',
      vertical: false,
      row: 0,
      col: 0,
      score: 0,
      equity: 0,
      tiles: isExchange ? key.slice(1) : '',
      leave: '',
      isExchange,
      valid: true,
      invalid_words: [],
      chosen: true,
    };
  }
  const legal = checkPlacement(g.board, played, null, g.set.size) === null;
  const words = legal ? wordsFormed(g.board, played) : [];
  const bad = words.filter((w) => !opts.lexicon.has(w.map((t) => t & LETTER_MASK)));
  const score = legal ? scorePlacement(g.board, played, tileScoreTable(g.set)) : 0;
  const left = Uint8Array.from(rack);
  for (const t of played.tiles) if (t !== 0) left[t & 0x80 ? 0 : t]--;
  const leaveValue = opts.leaves && g.bag.size > 0 ? opts.leaves.value(left) : 0;
  const leaveTiles: number[] = [];
  left.forEach((c, t) => {
    for (let k = 0; k < c; k++) leaveTiles.push(t);
  });
  return {
    jsonKey: key,
    displayMove: key,
    coordinates: printCoord(played),
    vertical: played.vertical,
    row: played.row,
    col: played.col,
    score,
    equity: Math.round((score + leaveValue) * 100) / 100,
    tiles: printTiles(g.set, played.tiles, 'word'),
    leave: printTiles(g.set, leaveTiles, 'rack'),
    isExchange: false,
    valid: legal && bad.length === 0,
    invalid_words: bad.map((w) => printTiles(g.set, w, 'word').toUpperCase()),
    chosen: true,
  };
}
